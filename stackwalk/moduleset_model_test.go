package stackwalk

import (
	"cmp"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/regs"
	"github.com/stackmaps/stackmaps/unwind"
)

// TestModuleSetModel adds and removes modules in the orders a runtime
// frees code (random, oldest first in address order with new modules
// above the highest, newest first), in modules spread evenly (exact
// chunks), packed one after the other and of random sizes with gaps
// (chunks with directories), and after every batch compares Lookup at
// random pcs (in modules, in gaps, around every range's ends) with a
// sorted list searched by a loop; a Lookup allocates nothing.
func TestModuleSetModel(t *testing.T) {
	ut := &unwind.Table{}
	for _, layout := range []string{"even", "packed", "uneven"} {
		for _, order := range []string{"random", "oldest", "newest"} {
			t.Run(layout+"/"+order, func(t *testing.T) {
				rng := rand.New(rand.NewPCG(21, uint64(len(layout)*7+len(order))))
				at := uint64(0x10000)
				next := func() *Module { // the module after the highest so far
					size := uint64(0x100)
					switch layout {
					case "even":
						at = (at + 0xffff) &^ 0xffff
					case "packed":
						size = 64 + rng.Uint64N(2048-64)&^15
					default:
						at += rng.Uint64N(1 << 16)
						size = 16 + rng.Uint64N(1<<16)
					}
					m := &Module{Name: "m", Arch: regs.X86_64, Unwind: ut, Start: at, End: at + size}
					at += size
					return m
				}
				var model []*Module // in address order
				for range 20_000 {
					model = append(model, next())
				}
				set, err := NewModuleSet(regs.X86_64, model...)
				require.NoError(t, err)
				find := func(pc uint64) *Module {
					i, _ := slices.BinarySearchFunc(model, pc, func(m *Module, pc uint64) int {
						switch {
						case m.End <= pc:
							return -1
						case m.Start > pc:
							return 1
						}
						return 0
					})
					if i < len(model) && model[i].Contains(pc) {
						return model[i]
					}
					return nil
				}
				check := func(batch int) {
					s := set.snap.Load()
					checkSnap(t, s)
					lo, hi := model[0].Start-0x1000, model[len(model)-1].End+0x1000
					for range 20_000 {
						pc := lo + rng.Uint64N(hi-lo)
						if got, want := set.Lookup(pc), find(pc); got != want {
							t.Fatalf("batch %d: Lookup(%#x) = %v, the model's %v", batch, pc, got, want)
						}
					}
					for _, m := range model[:min(len(model), 64)] {
						for _, pc := range []uint64{m.Start - 1, m.Start, m.End - 1, m.End} {
							require.Equal(t, find(pc), set.Lookup(pc), "batch %d: pc %#x", batch, pc)
						}
					}
				}
				check(-1)
				for batch := range 12 {
					k := 500 + rng.IntN(1500)
					var gone, back []*Module
					switch order {
					case "random":
						for _, i := range rng.Perm(len(model))[:k] {
							gone = append(gone, model[i])
						}
						for range k / 2 {
							back = append(back, next()) // and the rest come back where they were
						}
						for _, m := range gone[k/2:] {
							c := *m
							back = append(back, &c)
						}
					case "oldest":
						gone = slices.Clone(model[:k])
						for range k {
							back = append(back, next())
						}
					default:
						for i := range k {
							gone = append(gone, model[len(model)-1-i])
						}
						for _, m := range slices.Backward(gone) {
							c := *m
							back = append(back, &c)
						}
					}
					out := map[*Module]bool{}
					for _, m := range gone {
						require.NoError(t, set.Remove(m))
						out[m] = true
					}
					model = slices.DeleteFunc(model, func(x *Module) bool { return out[x] })
					check(batch)
					for _, m := range back {
						require.NoError(t, set.Add(m), "batch %d: add [%#x, %#x)", batch, m.Start, m.End)
						i, _ := slices.BinarySearchFunc(model, m.Start, func(x *Module, s uint64) int { return cmp.Compare(x.Start, s) })
						model = slices.Insert(model, i, m)
					}
					require.Equal(t, len(model), set.Len())
					check(batch)
				}
				pc := model[len(model)/2].Start
				require.Zero(t, testing.AllocsPerRun(100, func() { set.Lookup(pc) }), fmt.Sprintf("Lookup(%#x) allocates", pc))
			})
		}
	}
}

// TestLookupWrongDirectories gives a snapshot's lookups directories that
// answer wrongly (top records, chunk slopes, bucket widths, exactness and
// bucket records drawn at random, in a copy of the snapshot and of its
// chunks' entries) and checks that every lookup still equals the model: a
// directory only chooses the entry a lookup checks, never the module it
// returns, and a wrong one costs a search.
func TestLookupWrongDirectories(t *testing.T) {
	ut := &unwind.Table{}
	rng := rand.New(rand.NewPCG(31, 32))
	for _, layout := range []string{"even", "packed"} {
		var mods []*Module
		at := uint64(0x10000)
		for range 5000 {
			size := uint64(0x100)
			if layout == "packed" {
				size = 16 + rng.Uint64N(0x800)
			} else {
				at = (at + 0xfff) &^ 0xfff
			}
			mods = append(mods, &Module{Name: "m", Arch: regs.X86_64, Unwind: ut, Start: at, End: at + size})
			at += size
		}
		set, err := NewModuleSet(regs.X86_64, mods...)
		require.NoError(t, err)
		s := set.snap.Load()
		for trial := range 8 {
			w := *s
			w.top.recs = make([]uint64, len(s.top.recs))
			for i := range w.top.recs {
				// Places in the blocks, most of them chunks.
				w.top.recs[i] = rng.Uint64()&(1<<topIdxShift-1) | uint64(rng.IntN(len(s.blocks)*blockChunks))<<topIdxShift
			}
			w.top.shift = uint8(rng.IntN(64))
			w.blocks = make([]*chunkBlock, len(s.blocks))
			for b, blk := range s.blocks {
				nb := *blk
				for k := range nb {
					c := &nb[k]
					if c.n == 0 {
						continue
					}
					ents := slices.Clone(c.entries())
					for i := range ents {
						ents[i].dir = rng.Uint64()
					}
					c.first, c.slope, c.bucketed = &ents[0], rng.Uint64(), rng.IntN(2) == 0
				}
				w.blocks[b] = &nb
			}
			for range 20_000 {
				m := mods[rng.IntN(len(mods))]
				pc := m.Start - 0x20 + rng.Uint64N(m.End-m.Start+0x40)
				want := (*Module)(nil)
				if k, _ := slices.BinarySearchFunc(mods, pc+1, func(m *Module, x uint64) int { return cmp.Compare(m.Start, x) }); k > 0 && mods[k-1].Contains(pc) {
					want = mods[k-1]
				}
				if got := w.lookup(pc); got != want {
					t.Fatalf("%s, trial %d: pc %#x: module %v, want %v", layout, trial, pc, got, want)
				}
			}
		}
	}
}
