package cfi

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestRowAtMatchesRows checks, for every row of every FDE of every
// checked-in file, that RowAt / FDERow at the row's first and last address
// return that row, and, in linked files, that the .eh_frame_hdr binary
// search and the linear scan find the same FDE.
func TestRowAtMatchesRows(t *testing.T) {
	var u, u2 Unwinder
	checked, hdrFiles := 0, 0
	for _, gf := range goldenFiles(t) {
		ef := openELF(t, gf[0])
		for _, sec := range []*Section{ef.eh, ef.debug} {
			if sec == nil {
				continue
			}
			if sec.HasHdr() {
				hdrFiles++
				require.Equal(t, countFDEs(t, sec), int(sec.hdr.count), gf[0])
			}
			for f, err := range sec.FDEs() {
				require.NoError(t, err)
				var rows []Row
				for r, err := range sec.Rows(&f, &u) {
					require.NoError(t, err)
					if r.End > r.Start && r.Start < f.PCEnd {
						rows = append(rows, *r)
					}
				}
				for i := range rows {
					want := rows[i]
					if want.End > f.PCEnd {
						want.End = f.PCEnd
					}
					for _, pc := range []uint64{want.Start, want.End - 1} {
						var got *Row
						if ef.isRel || !strings.HasPrefix(sec.Kind().String(), ".eh") {
							got, err = sec.FDERow(&f, pc, &u2)
						} else {
							got, err = sec.RowAt(pc, &u2)
						}
						require.NoError(t, err, "%s %#x", gf[0], pc)
						g := *got
						if g.End > f.PCEnd {
							g.End = f.PCEnd
						}
						require.Equal(t, want, g, "%s FDE %#x pc %#x", gf[0], f.Offset, pc)
						checked++
					}
				}
				if !ef.isRel && ef.ehNoHdr != nil && sec == ef.eh && f.PCEnd > f.PCBegin {
					for _, pc := range []uint64{f.PCBegin, (f.PCBegin + f.PCEnd) / 2, f.PCEnd - 1} {
						a, err := ef.eh.FindFDE(pc)
						require.NoError(t, err)
						b, err := ef.ehNoHdr.FindFDE(pc)
						require.NoError(t, err)
						require.Equal(t, a.Offset, b.Offset, "%s pc %#x", gf[0], pc)
						require.Equal(t, f.Offset, a.Offset, "%s pc %#x", gf[0], pc)
					}
				}
			}
		}
	}
	require.Greater(t, hdrFiles, 10)
	t.Logf("%d lookups, %d files with .eh_frame_hdr", checked, hdrFiles)
}

func countFDEs(t *testing.T, s *Section) int {
	n := 0
	for _, err := range s.FDEs() {
		require.NoError(t, err)
		n++
	}
	return n
}

func TestFindFDENotFound(t *testing.T) {
	ef := openELF(t, "cfi/build/x86_64/exe")
	require.True(t, ef.eh.HasHdr())
	for _, s := range []*Section{ef.eh, ef.ehNoHdr} {
		_, err := s.FindFDE(0)
		require.ErrorIs(t, err, ErrNotFound)
		_, err = s.FindFDE(^uint64(0))
		require.ErrorIs(t, err, ErrNotFound)
		var u Unwinder
		_, err = s.RowAt(1, &u)
		require.ErrorIs(t, err, ErrNotFound)
	}
}

// TestIndex checks the Index against the linear scan on every FDE of
// every linked file and of the .debug_frame sections.
func TestIndex(t *testing.T) {
	var u Unwinder
	n := 0
	for _, gf := range goldenFiles(t) {
		ef := openELF(t, gf[0])
		for _, sec := range []*Section{ef.ehNoHdr, ef.debug} {
			if sec == nil || ef.isRel && sec.Kind() == EHFrame {
				continue
			}
			x, err := sec.NewIndex()
			require.NoError(t, err)
			for f, err := range sec.FDEs() {
				require.NoError(t, err)
				if f.PCEnd == f.PCBegin || ef.isRel {
					continue // objects: all sections at 0, ranges overlap
				}
				got, err := x.FindFDE(f.PCEnd - 1)
				require.NoError(t, err)
				require.Equal(t, f.Offset, got.Offset, gf[0])
				r, err := x.RowAt(f.PCBegin, &u)
				require.NoError(t, err)
				require.Equal(t, f.PCBegin, r.Start)
				n++
			}
			_, err = x.FindFDE(^uint64(0))
			require.ErrorIs(t, err, ErrNotFound)
		}
	}
	require.Greater(t, n, 100)
}

// TestNewFinder: a section with a usable .eh_frame_hdr is its own Finder,
// any other gets an Index; both find every FDE the linear scan finds, and
// RowAt leaves that FDE in the Unwinder.
func TestNewFinder(t *testing.T) {
	var u Unwinder
	n, hdrs, indexes := 0, 0, 0
	for _, gf := range goldenFiles(t) {
		ef := openELF(t, gf[0])
		if ef.isRel {
			continue // objects: all sections at 0, ranges overlap
		}
		for _, sec := range []*Section{ef.eh, ef.ehNoHdr, ef.debug} {
			if sec == nil {
				continue
			}
			fd, err := sec.NewFinder()
			require.NoError(t, err, gf[0])
			if sec.HasHdr() {
				require.Same(t, sec, fd.(*Section), gf[0])
				hdrs++
			} else {
				require.IsType(t, &Index{}, fd, gf[0])
				indexes++
			}
			for f, err := range sec.FDEs() {
				require.NoError(t, err)
				if f.PCEnd == f.PCBegin {
					continue
				}
				got, err := fd.FindFDE(f.PCEnd - 1)
				require.NoError(t, err)
				require.Equal(t, f.Offset, got.Offset, gf[0])
				r, err := fd.RowAt(f.PCBegin, &u)
				require.NoError(t, err)
				require.Equal(t, f.PCBegin, r.Start, gf[0])
				require.Equal(t, f.Offset, u.FDE().Offset, gf[0])
				n++
			}
			_, err = fd.FindFDE(^uint64(0))
			require.ErrorIs(t, err, ErrNotFound)
		}
	}
	require.Greater(t, hdrs, 10)
	require.Greater(t, indexes, 10)
	require.Greater(t, n, 100)
}

// TestNewFinderMalformed: a section whose entries do not decode has no
// Finder, and the error is nil-safe (no nil *Index in a non-nil Finder).
func TestNewFinderMalformed(t *testing.T) {
	ef := openELF(t, "cfi/build/x86_64/exe")
	data := append([]byte(nil), ef.ehNoHdr.Data()...)
	data[0], data[1], data[2], data[3] = 0xf0, 0xff, 0xff, 0xff // first length: past the end
	sec, err := New(Config{Kind: EHFrame, Data: data, Addr: ef.ehNoHdr.Addr(), Order: ef.ehNoHdr.Order(), PtrSize: 8})
	require.NoError(t, err)
	fd, err := sec.NewFinder()
	require.ErrorIs(t, err, ErrLength)
	var e *Error
	require.ErrorAs(t, err, &e)
	require.Zero(t, e.Offset)
	require.True(t, fd == nil, "%#v", fd) // require.Nil would accept a nil *Index
}
