package faultmap_test

import (
	"encoding/binary"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/faultmap"
)

// The bucketed index answers as a linear scan does: for sections of
// various sizes and address spreads (clustered, spread over the whole
// 64-bit range, duplicates as in objects with function sections), every
// faulting pc, its neighbours and far-away pcs.
func TestIndexAgreesWithScan(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 9))
	le := binary.LittleEndian
	for _, n := range []int{1, 5, 15, 16, 17, 100, 1000, 5000} {
		for _, spread := range []uint64{0, 16, 1 << 20, 1 << 62} {
			b := []byte{1, 0, 0, 0}
			b = le.AppendUint32(b, uint32(n))
			for range n {
				addr := uint64(0x1000)
				if spread > 0 {
					addr += rng.Uint64N(spread)
				}
				b = le.AppendUint64(b, addr)
				b = le.AppendUint32(b, 2)
				b = le.AppendUint32(b, 0)
				for range 2 {
					b = le.AppendUint32(b, uint32(1+rng.IntN(3)))
					b = le.AppendUint32(b, uint32(rng.IntN(64)))
					b = le.AppendUint32(b, uint32(rng.IntN(64)))
				}
			}
			s, err := faultmap.Parse(b, le)
			require.NoError(t, err)
			x := faultmap.NewIndex(s)
			require.Equal(t, 2*n, x.Len())
			// What a scan in section order finds first.
			first := map[uint64]faultmap.Entry{}
			for i := range s.NumFunctions() {
				fn := s.Function(i)
				for k := range fn.NumFaults() {
					ft := fn.Fault(k)
					pc := fn.Address() + uint64(ft.FaultingPCOffset)
					if _, ok := first[pc]; !ok {
						first[pc] = faultmap.Entry{FaultingPC: pc, HandlerPC: fn.Address() + uint64(ft.HandlerPCOffset), Kind: ft.Kind, Function: i}
					}
				}
			}
			scan := func(pc uint64) (faultmap.Entry, bool) { e, ok := first[pc]; return e, ok }
			var probes []uint64
			for i := range x.Len() {
				pc := x.Entry(i).FaultingPC
				probes = append(probes, pc, pc-1, pc+1)
			}
			probes = append(probes, 0, 0xfff, ^uint64(0), 1<<63)
			for _, pc := range probes {
				got, gok := x.Lookup(pc, 0)
				want, wok := scan(pc)
				require.Equal(t, wok, gok, "n %d spread %#x pc %#x", n, spread, pc)
				require.Equal(t, want, got, "n %d spread %#x pc %#x", n, spread, pc)
			}
			assert.Zero(t, testing.AllocsPerRun(10, func() { x.Lookup(probes[len(probes)/2], 0) }))
		}
	}
}
