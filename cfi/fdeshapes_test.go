package cfi

import (
	"bytes"
	"cmp"
	"debug/elf"
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"testing"

	"github.com/stackmaps/stackmaps/internal/testenv"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// ruleFDE is the package's rule (index.go), written out plainly over
// llvm-dwarfdump's FDE list: of the FDEs whose [pc_begin, pc_end) holds
// pc, the one that starts last; of those that start together, the first
// in the section. Nil when none holds pc.
func ruleFDE(fdes []*ddFDE, pc uint64) *ddFDE {
	var best *ddFDE
	for _, f := range fdes {
		if pc < f.begin || pc >= f.end {
			continue
		}
		if best == nil || f.begin > best.begin || (f.begin == best.begin && f.off < best.off) {
			best = f
		}
	}
	return best
}

// everyFDEHdr returns an .eh_frame_hdr for c listing every FDE of the
// section, zero-length ones included, sorted by address and then by range
// as GNU ld sorts them (GNU ld itself refuses to build a table over
// overlapping FDEs; lld keeps the first FDE of each address only).
func everyFDEHdr(t testing.TB, c Config) []byte {
	s, err := New(Config{Kind: EHFrame, Data: c.Data, Addr: c.Addr, Order: c.Order, PtrSize: c.PtrSize})
	require.NoError(t, err)
	var fdes []FDE
	for f, err := range s.FDEs() {
		require.NoError(t, err)
		fdes = append(fdes, f)
	}
	slices.SortStableFunc(fdes, func(a, b FDE) int {
		if c := cmp.Compare(a.PCBegin, b.PCBegin); c != 0 {
			return c
		}
		return cmp.Compare(a.PCEnd-a.PCBegin, b.PCEnd-b.PCBegin)
	})
	o := binary.LittleEndian // the shapes are x86_64
	h := []byte{1, PEPCRel | PESData4, PEUData4, PEDataRel | PESData4}
	h = o.AppendUint32(h, uint32(int32(c.Addr-(c.HdrAddr+4))))
	h = o.AppendUint32(h, uint32(len(fdes)))
	for _, f := range fdes {
		h = o.AppendUint32(h, uint32(int32(f.PCBegin-c.HdrAddr)))
		h = o.AppendUint32(h, uint32(int32(c.Addr+f.Offset-c.HdrAddr)))
	}
	return h
}

// TestFDEShapes: on testdata/cfi/fdeshapes (zero-length FDEs before and
// after a function's real FDE at the same address, two FDEs starting
// together, nested and overlapping FDEs, FDEs in descending order; built
// by its gen.sh), every search of the package (the .eh_frame_hdr binary
// search over lld's table, and over a table of every FDE in GNU ld's
// order; the Index; the linear scan) finds, at the first and the last pc
// of every row of every FDE, the FDE the rule gives (ruleFDE, over
// llvm-dwarfdump-22's FDE list), and where that is the row's own FDE,
// llvm-dwarfdump's row. Every row of an FDE that no other FDE hides is
// found, the real FDE behind each zero-length one whole.
func TestFDEShapes(t *testing.T) {
	shapes := 0
	for _, name := range []string{"shapes.o", "shapes_lld.so", "shapes_bfd.so"} {
		ef := openELF(t, filepath.Join("cfi/fdeshapes", name))
		b, err := os.ReadFile(filepath.Join(testdataDir, "cfi/fdeshapes", name+".ehframe.txt"))
		require.NoError(t, err)
		want := parseDump(t, string(b), "eh_frame")
		require.NotEmpty(t, want, name)

		plain := ef.eh
		finders := map[string]Finder{}
		if ef.ehNoHdr != nil {
			plain = ef.ehNoHdr
			finders[".eh_frame_hdr"] = ef.eh
			c := ef.eh.cfg
			c.Hdr = everyFDEHdr(t, c)
			all, err := New(c)
			require.NoError(t, err, name)
			require.True(t, all.HasHdr(), name)
			finders[".eh_frame_hdr of every FDE"] = all
		}
		finders["scan"] = plain
		x, err := plain.NewIndex()
		require.NoError(t, err, name)
		finders["Index"] = x

		for how, fd := range finders {
			var u Unwinder
			rows, hidden := 0, 0
			for _, w := range want {
				if w.begin == w.end {
					shapes++
					// A zero-length FDE covers nothing; the FDE of the
					// function at its address is found there.
					if g := ruleFDE(want, w.begin); g != nil {
						_, err := fd.RowAt(w.begin, &u)
						require.NoError(t, err, "%s %s: zero-length FDE at %#x", name, how, w.off)
						assert.Equal(t, g.off, u.FDE().Offset, "%s %s: pc %#x", name, how, w.begin)
					}
					continue
				}
				for k, r := range w.rows {
					end := w.end
					if k+1 < len(w.rows) {
						end = w.rows[k+1].addr
					}
					if r.addr >= end {
						continue // an empty row: no pc has it
					}
					for _, pc := range []uint64{r.addr, end - 1} {
						g := ruleFDE(want, pc)
						require.NotNil(t, g)
						where := fmt.Sprintf("%s %s: FDE at %#x, pc %#x", name, how, w.off, pc)
						row, err := fd.RowAt(pc, &u)
						require.NoError(t, err, where)
						require.Equal(t, g.off, u.FDE().Offset, where)
						if g != w {
							hidden++
							continue
						}
						assert.Equal(t, r.text, renderRow(t, ef.arch, row, binary.LittleEndian), where)
						rows++
					}
				}
			}
			if name == "shapes_lld.so" {
				// fa's real FDE, which lld left out of the table: found
				// through the fallback Index, allocating nothing once it
				// is built.
				fa := want[1]
				require.Equal(t, fa.begin, want[0].begin)
				require.Equal(t, want[0].begin, want[0].end)
				assert.Zero(t, testing.AllocsPerRun(100, func() {
					if _, err := fd.RowAt(fa.begin+5, &u); err != nil || u.FDE().Offset != fa.off {
						t.Fatalf("%s: pc %#x: %v", how, fa.begin+5, err)
					}
				}), how)
			}
			t.Logf("%s, %s: %d row ends found with their own FDE's row, %d hidden by another FDE", name, how, rows, hidden)
			assert.Greater(t, rows, 20, "%s %s", name, how)
		}
	}
	assert.GreaterOrEqual(t, shapes, 4, "zero-length FDEs")
}

// TestLibLLVMRows runs over the .eh_frame of Debian's libLLVM-22 (package
// libllvm22, installed by .ci/run): 129,586 FDEs, 333 of them zero-length
// at the address of another FDE, and an .eh_frame_hdr (lld's) that lists
// the first FDE of each address only, so that 194 functions' real FDEs
// are not in it. Every non-empty row of every FDE must be found by a pc
// lookup, through the table and through an Index, and be the row the FDE
// gives (Rows). Skipped with -short: it looks up 1.2 million rows.
func TestLibLLVMRows(t *testing.T) {
	matches, _ := filepath.Glob("/usr/lib/llvm-22/lib/libLLVM.so.*")
	if len(matches) == 0 {
		testenv.Missing(t, "libLLVM-22 is not installed (Debian package libllvm22)")
		return
	}
	if testing.Short() {
		t.Skip("-short: 1.2 million lookups")
	}
	path := matches[0]
	f, err := elf.Open(path)
	require.NoError(t, err)
	defer f.Close()
	eh, hdr := f.Section(".eh_frame"), f.Section(".eh_frame_hdr")
	require.NotNil(t, eh)
	require.NotNil(t, hdr)
	cfg := Config{Kind: EHFrame, Data: sectionBytes(t, eh), Addr: eh.Addr, Order: f.ByteOrder, PtrSize: 8}
	plain, err := New(cfg)
	require.NoError(t, err)
	cfg.Hdr, cfg.HdrAddr = sectionBytes(t, hdr), hdr.Addr
	withHdr, err := New(cfg)
	require.NoError(t, err)
	require.True(t, withHdr.HasHdr())
	x, err := plain.NewIndex()
	require.NoError(t, err)

	var u, lu Unwinder
	fdes, zero, rows := 0, 0, 0
	missed := map[string]int{}
	for fde, err := range plain.FDEs() {
		require.NoError(t, err)
		fdes++
		if fde.PCBegin == fde.PCEnd {
			zero++
			continue
		}
		for r, err := range plain.Rows(&fde, &u) {
			require.NoError(t, err, "FDE at %#x", fde.Offset)
			if r.Start >= r.End {
				continue
			}
			rows++
			for how, fd := range map[string]Finder{".eh_frame_hdr": withHdr, "Index": x} {
				got, err := fd.RowAt(r.Start, &lu)
				if err != nil || lu.FDE().Offset != fde.Offset || !sameRow(got, r) {
					if missed[how] < 5 {
						t.Errorf("%s: FDE at %#x, pc %#x: %v (FDE at %#x)", how, fde.Offset, r.Start, err, lu.FDE().Offset)
					}
					missed[how]++
				}
			}
		}
	}
	t.Logf("%s: %d FDEs (%d zero-length), %d non-empty rows; missed: %v", path, fdes, zero, rows, missed)
	assert.Greater(t, rows, 1_000_000)
	assert.Greater(t, zero, 0)
	assert.Empty(t, missed)
}

// sameRow reports whether two rows hold the same rules over the same
// addresses.
func sameRow(a, b *Row) bool {
	if a.Start != b.Start || a.End != b.End || a.CFA.Kind != b.CFA.Kind || a.CFA.Reg != b.CFA.Reg ||
		a.CFA.Offset != b.CFA.Offset || !bytes.Equal(a.CFA.Expr, b.CFA.Expr) {
		return false
	}
	for i := range a.Regs {
		x, y := &a.Regs[i], &b.Regs[i]
		if x.Kind != y.Kind || x.Reg != y.Reg || x.Offset != y.Offset || !bytes.Equal(x.Expr, y.Expr) {
			return false
		}
	}
	return true
}

// TestDisjointRule: the Index's sweep (disjoint) gives every address the
// FDE the rule gives it, over random sets of FDEs that start together,
// overlap, nest and come in any order.
func TestDisjointRule(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := range 2000 {
		n := 1 + rng.IntN(12)
		var ents []indexEntry
		var dd []*ddFDE
		for i := range n {
			begin := uint64(rng.IntN(40))
			end := begin + 1 + uint64(rng.IntN(20))
			off := uint64(i * 0x20) // section order
			ents = append(ents, indexEntry{begin, end, off})
			dd = append(dd, &ddFDE{off: off, begin: begin, end: end})
		}
		rng.Shuffle(len(ents), func(i, j int) { ents[i], ents[j] = ents[j], ents[i] })
		got := disjoint(ents)
		for i := 1; i < len(got); i++ {
			require.LessOrEqual(t, got[i-1].end, got[i].begin, "trial %d: ranges overlap: %v", trial, got)
		}
		for pc := uint64(0); pc < 64; pc++ {
			want := ruleFDE(dd, pc)
			var have *indexEntry
			for i := range got {
				if pc >= got[i].begin && pc < got[i].end {
					have = &got[i]
				}
			}
			if want == nil {
				require.Nil(t, have, "trial %d pc %d: %v", trial, pc, got)
				continue
			}
			require.NotNil(t, have, "trial %d pc %d", trial, pc)
			require.Equal(t, want.off, have.off, "trial %d pc %d: %v", trial, pc, got)
		}
	}
}

// TestFallbackConcurrent: goroutines that miss in the table at once share
// one fallback Index (go test -race checks the sharing).
func TestFallbackConcurrent(t *testing.T) {
	ef := openELF(t, "cfi/fdeshapes/shapes_lld.so")
	s, err := New(ef.eh.cfg)
	require.NoError(t, err)
	require.True(t, s.HasHdr())
	f, err := ef.ehNoHdr.NewIndex()
	require.NoError(t, err)
	want, err := f.FindFDE(0x1485) // fa's real FDE, behind a zero-length one
	require.NoError(t, err)
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			var u Unwinder
			_, err := s.RowAt(0x1485, &u)
			assert.NoError(t, err)
			assert.Equal(t, want.Offset, u.FDE().Offset)
		})
	}
	wg.Wait()
}
