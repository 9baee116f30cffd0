package cfi

import (
	"debug/elf"
	"encoding/binary"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/internal/endian"
)

// realEHFrame returns the .eh_frame config of a linked test binary, with
// its .eh_frame_hdr.
func realEHFrame(t testing.TB, rel string) Config {
	t.Helper()
	f, err := elf.Open(filepath.Join(testdataDir, rel))
	require.NoError(t, err)
	defer f.Close()
	eh, hdr := f.Section(".eh_frame"), f.Section(".eh_frame_hdr")
	require.NotNil(t, eh)
	require.NotNil(t, hdr)
	return Config{Kind: EHFrame, Data: sectionBytes(t, eh), Addr: eh.Addr, Order: f.ByteOrder, PtrSize: 8,
		Hdr: sectionBytes(t, hdr), HdrAddr: hdr.Addr}
}

func TestHdrErrors(t *testing.T) {
	base := realEHFrame(t, "cfi/build/ppc64/pie")
	s, err := New(base)
	require.NoError(t, err)
	require.True(t, s.HasHdr())
	require.Equal(t, uint8(PEDataRel|PESData4), s.hdr.enc)

	mut := func(f func(h []byte)) Config {
		c := base
		c.Hdr = append([]byte(nil), base.Hdr...)
		f(c.Hdr)
		return c
	}
	_, err = New(mut(func(h []byte) { h[0] = 2 }))
	requireCFIError(t, err, ErrVersion, 0)
	_, err = New(mut(func(h []byte) { h[1] = 0x07 }))
	requireCFIError(t, err, ErrEncoding, 1)
	_, err = New(mut(func(h []byte) { h[4]++ })) // eh_frame_ptr off by one
	requireCFIError(t, err, ErrConfig, 4)
	_, err = New(mut(func(h []byte) { h[8] = 0x7f })) // fde_count far too large (big-endian)
	requireCFIError(t, err, ErrTruncated, 12)
	c := base
	c.Hdr = base.Hdr[:3]
	_, err = New(c)
	requireCFIError(t, err, ErrTruncated, 3)

	// A table encoding that is not fixed-size: accepted, searched linearly.
	s, err = New(mut(func(h []byte) { h[3] = PEDataRel | PEULEB128 }))
	require.NoError(t, err)
	require.False(t, s.HasHdr())
	// No table at all.
	s, err = New(mut(func(h []byte) { h[2] = PEOmit }))
	require.NoError(t, err)
	require.False(t, s.HasHdr())

	// A table entry pointing outside .eh_frame.
	s, err = New(mut(func(h []byte) {
		for i := 12; i+8 <= len(h); i += 8 {
			h[i+4] = 0x7f
		}
	}))
	require.NoError(t, err)
	ref, _ := New(base)
	f, err := ref.FindFDE(0)
	require.ErrorIs(t, err, ErrNotFound)
	for fde, err := range ref.FDEs() {
		require.NoError(t, err)
		f = fde
		break
	}
	_, err = s.FindFDE(f.PCBegin)
	require.ErrorIs(t, err, ErrLength)
}

// TestHdrLocFast checks that the table's direct read of datarel|sdata4
// values (hdrTable.loc and entry) gives what the general decoder gives,
// for every entry of a little- and a big-endian table, and that its binary
// search (searchDatarel) counts the entries at or below a pc.
func TestHdrLocFast(t *testing.T) {
	for _, rel := range []string{"cfi/build/x86_64/pie", "cfi/build/ppc64/pie"} {
		s, err := New(realEHFrame(t, rel))
		require.NoError(t, err)
		require.True(t, s.hdr.datarel4, rel)
		require.Positive(t, s.hdr.count, rel)
		for i := range s.hdr.count {
			got, err := s.hdr.loc(s, i)
			require.NoError(t, err)
			pos := s.hdr.tableOff + int(i)*8
			r := reader{b: s.cfg.Hdr, pos: pos, end: pos + 8, ord: s.ord}
			want, _, err := r.readPointer(s.hdr.enc, 8, &s.hdr.bases, "loc")
			require.NoError(t, err)
			require.Equal(t, want, got, "%s entry %d", rel, i)
			wantFDE, _, err := r.readPointer(s.hdr.enc, 8, &s.hdr.bases, "fde")
			require.NoError(t, err)
			loc, fde, err := s.hdr.entry(s, i)
			require.NoError(t, err)
			require.Equal(t, [2]uint64{want, wantFDE}, [2]uint64{loc, fde}, "%s entry %d", rel, i)
		}
		// The binary search: the entries at or below pc, for pcs at,
		// before and after every entry's address.
		for i := range s.hdr.count {
			loc, _ := s.hdr.loc(s, i)
			for _, pc := range []uint64{loc - 1, loc, loc + 1} {
				n := uint64(0)
				for j := range s.hdr.count {
					if l, _ := s.hdr.loc(s, j); l <= pc {
						n++
					}
				}
				require.Equal(t, n, s.hdr.searchDatarel(s, pc), "%s pc %#x", rel, pc)
			}
		}
	}
}

// TestUnwinderMemo checks that one Unwinder reused over lookups that go
// from FDE to FDE of different CIEs (its memo of the last CIE and of its
// initial instructions' row) answers as a fresh Unwinder does, at every
// row boundary of every FDE; and that a lookup that finds no FDE leaves
// Unwinder.FDE the last FDE found.
func TestUnwinderMemo(t *testing.T) {
	for _, arch := range []string{"x86_64", "aarch64", "ppc64", "s390x", "riscv64"} {
		s, err := New(realEHFrame(t, "cfi/build/"+arch+"/pie"))
		require.NoError(t, err)
		var pcs []uint64
		cies := map[uint64]bool{}
		var u Unwinder
		for f, err := range s.FDEs() {
			require.NoError(t, err)
			cies[f.CIE.Offset] = true
			for r, err := range s.Rows(&f, &u) {
				require.NoError(t, err)
				if r.End > r.Start {
					pcs = append(pcs, r.Start, r.End-1)
				}
			}
		}
		if arch == "x86_64" { // crt's FDEs have CIEs of their own
			require.Greater(t, len(cies), 1, "%s: the FDEs share one CIE", arch)
		}
		// Back and forth over the section: neighbours first, then the
		// far end.
		order := make([]uint64, 0, 2*len(pcs))
		for i := range pcs {
			order = append(order, pcs[i], pcs[len(pcs)-1-i])
		}
		for _, pc := range order {
			var fresh Unwinder
			want, werr := s.RowAt(pc, &fresh)
			got, gerr := s.RowAt(pc, &u)
			require.Equal(t, werr, gerr, "%s pc %#x", arch, pc)
			if werr != nil {
				continue
			}
			require.Equal(t, *fresh.FDE(), *u.FDE(), "%s pc %#x", arch, pc)
			require.Equal(t, want.Start, got.Start, "%s pc %#x", arch, pc)
			require.Equal(t, want.End, got.End, "%s pc %#x", arch, pc)
			require.Equal(t, want.CFA, got.CFA, "%s pc %#x", arch, pc)
			require.Equal(t, want.Regs, got.Regs, "%s pc %#x", arch, pc)
			require.Equal(t, [3]any{want.RAReg, want.RASigned, want.ArgsSize}, [3]any{got.RAReg, got.RASigned, got.ArgsSize})
			// A lookup that finds no FDE leaves FDE the last one found.
			last := *u.FDE()
			_, err := s.RowAt(0, &u)
			require.ErrorIs(t, err, ErrNotFound)
			require.Equal(t, last, *u.FDE(), "%s pc %#x", arch, pc)
		}
	}
}

// TestSearchDatarel: the branch-free search of a datarel|sdata4 table
// counts the entries whose initial_location is at most pc, as a plain
// count does, for tables of 0 to 40 entries (runs of equal entries,
// negative offsets from the table) in both byte orders, at every pc
// around every entry.
func TestSearchDatarel(t *testing.T) {
	for _, big := range []bool{false, true} {
		for n := range 41 {
			locs := make([]int32, n)
			v := int32(-64)
			for i := range locs {
				if i%3 != 2 { // every third entry repeats the one before
					v += int32(1 + i%5)
				}
				locs[i] = v
			}
			const data = 0x10000
			tab := make([]byte, 8*n)
			for i, l := range locs {
				if big {
					binary.BigEndian.PutUint32(tab[8*i:], uint32(l))
				} else {
					binary.LittleEndian.PutUint32(tab[8*i:], uint32(l))
				}
			}
			h := &hdrTable{count: uint64(n), bases: bases{data: data}, datarel4: true}
			s := &Section{cfg: Config{Hdr: tab}, ord: endian.Order{Big: big}}
			for pc := uint64(data - 70); pc < data+70; pc++ {
				want := 0
				for _, l := range locs {
					if data+uint64(int64(l)) <= pc {
						want++
					}
				}
				require.Equal(t, uint64(want), h.searchDatarel(s, pc), "big %v, %d entries, pc %#x", big, n, pc)
			}
		}
	}
}
