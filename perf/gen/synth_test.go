package main

import (
	"encoding/binary"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestSynth decodes a small synthetic section by hand (no project code, so
// the project's API can change freely; run.sh checks the full-size section
// against llvm-readobj) and checks the shape synth promises: the header,
// 1-64 records per function summing to the record count, 0-12 locations of
// kinds 1-5 and 0-4 live-outs per record, unique increasing IDs, every
// constant referenced, zero reserved fields and padding, the exact length,
// deterministic bytes.
func TestSynth(t *testing.T) {
	cfg := synthConfig{records: 5000, maxPerFunc: 64, constants: 256, seed: 1}
	b, st := synth(cfg)
	again, _ := synth(cfg)
	require.Equal(t, b, again)

	le := binary.LittleEndian
	require.Equal(t, []byte{3, 0, 0, 0}, b[:4])
	nf, nc, nr := int(le.Uint32(b[4:])), int(le.Uint32(b[8:])), int(le.Uint32(b[12:]))
	require.Equal(t, st.functions, nf)
	require.Equal(t, 256, nc)
	require.Equal(t, 5000, nr)
	p, total := 16, 0
	for range nf {
		n := int(le.Uint64(b[p+16:]))
		require.True(t, n >= 1 && n <= 64, "function with %d records", n)
		total += n
		p += 24
	}
	require.Equal(t, nr, total)
	p += 8 * nc
	used := make([]bool, nc)
	kinds := map[uint8]int{}
	var lastID uint64
	locs, lives := 0, 0
	for range nr {
		id := le.Uint64(b[p:])
		require.Greater(t, id, lastID)
		lastID = id
		require.Zero(t, le.Uint16(b[p+12:]), "flags")
		nl := int(le.Uint16(b[p+14:]))
		require.LessOrEqual(t, nl, 12)
		p += 16
		for range nl {
			k := b[p]
			require.True(t, k >= 1 && k <= 5, "kind %d", k)
			require.Zero(t, b[p+1])
			require.Zero(t, le.Uint16(b[p+6:]))
			if k == 5 {
				used[le.Uint32(b[p+8:])] = true
			}
			kinds[k]++
			p += 12
		}
		locs += nl
		if p%8 != 0 {
			require.Zero(t, le.Uint32(b[p:]), "padding")
			p += 4
		}
		require.Zero(t, le.Uint16(b[p:]), "padding before the live-out count")
		nlo := int(le.Uint16(b[p+2:]))
		require.LessOrEqual(t, nlo, 4)
		p += 4
		for range nlo {
			require.Zero(t, b[p+2])
			require.Equal(t, uint8(8), b[p+3])
			p += 4
		}
		lives += nlo
		if p%8 != 0 {
			require.Zero(t, le.Uint32(b[p:]), "padding")
			p += 4
		}
	}
	require.Equal(t, len(b), p)
	require.Equal(t, st.locations, locs)
	require.Equal(t, st.liveOuts, lives)
	for i, u := range used {
		require.True(t, u, "constant %d unused", i)
	}
	for k := uint8(1); k <= 5; k++ {
		require.Positive(t, kinds[k], "no kind %d location", k)
	}
}

// TestSynthRegular: with -regular, location i of every record has kind
// i%5+1; the rest is drawn as before.
func TestSynthRegular(t *testing.T) {
	cfg := synthConfig{records: 2000, maxPerFunc: 64, constants: 256, seed: 1, regular: true}
	b, st := synth(cfg)
	le := binary.LittleEndian
	nf, nc, nr := int(le.Uint32(b[4:])), int(le.Uint32(b[8:])), int(le.Uint32(b[12:]))
	p, seen := 16+24*nf+8*nc, 0
	for range nr {
		nl := int(le.Uint16(b[p+14:]))
		p += 16
		for i := range nl {
			require.Equal(t, uint8(i%5+1), b[p], "location %d", i)
			p += 12
			seen++
		}
		p = (p + 7) &^ 7
		p = (p + 4 + 4*int(le.Uint16(b[p+2:])) + 7) &^ 7
	}
	require.Equal(t, len(b), p)
	require.Equal(t, st.locations, seen)
}
