package stackwalk_test

import (
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stackmaps/stackmaps/regs"
	"github.com/stackmaps/stackmaps/stackwalk"
)

// moduleCounts are the set sizes the module benchmarks run at.
var moduleCounts = []int{1, 100, 10_000, 100_000}

// benchModules returns copies 0..n-1 of the synthetic module and the
// stack of an n-frame walk.
func benchModules(b *testing.B, n, frames int) ([]*stackwalk.Module, *flatMem, *stackwalk.RegisterSet) {
	m, mem, rs := synthetic(b, frames)
	return moduleCopies(m, n), mem, rs
}

// BenchmarkModuleSetLookup looks up random pcs inside the set's modules
// (every lookup finds one): the per-frame module lookup of a walk.
// "even": copies of one module 0x10000 apart (a JIT's code region of
// equal modules); "packed": modules of random sizes from 64 bytes to 2 KB,
// 16-byte aligned, one after the other (a JIT's one-function modules from
// a bump allocator); "uneven": random sizes from 16 bytes to 64 KB with
// random gaps up to 64 KB. In the last two a chunk's slope guesses wrong
// and the lookup takes the chunk's directory.
func BenchmarkModuleSetLookup(b *testing.B) {
	for _, n := range moduleCounts {
		for _, layout := range []string{"even", "packed", "uneven"} {
			if layout != "even" && n < 10_000 {
				continue
			}
			b.Run(fmt.Sprintf("modules=%d/%s", n, layout), func(b *testing.B) {
				mods, _, _ := benchModules(b, n, 1)
				rng := rand.New(rand.NewPCG(1, 2))
				at := uint64(0x10000)
				for _, m := range mods {
					switch layout {
					case "packed":
						m.Start, m.End = at, at+64+rng.Uint64N(2048-64)&^15
					case "uneven":
						at += rng.Uint64N(1 << 16)
						m.Start, m.End = at, at+16+rng.Uint64N(1<<16)
					default:
						continue
					}
					at = m.End
				}
				set, err := stackwalk.NewModuleSet(regs.X86_64, mods...)
				if err != nil {
					b.Fatal(err)
				}
				pcs := make([]uint64, 4096)
				for i := range pcs {
					m := mods[rng.IntN(n)]
					pcs[i] = m.Start + rng.Uint64N(m.End-m.Start)
				}
				b.ReportAllocs()
				b.ResetTimer()
				for i := range b.N {
					if set.Lookup(pcs[i%len(pcs)]) == nil {
						b.Fatal("not found")
					}
				}
			})
		}
	}
}

// BenchmarkModuleSetAddRemove removes a random module of an n-module set
// and adds a new one at its address: "pair" times both (ns/op is one
// Remove plus one Add), "remove" and "add" time one of them (the other
// runs with the timer stopped).
func BenchmarkModuleSetAddRemove(b *testing.B) {
	for _, n := range moduleCounts {
		for _, op := range []string{"pair", "remove", "add"} {
			b.Run(fmt.Sprintf("modules=%d/%s", n, op), func(b *testing.B) {
				mods, _, _ := benchModules(b, n, 1)
				set, err := stackwalk.NewModuleSet(regs.X86_64, mods...)
				if err != nil {
					b.Fatal(err)
				}
				rng := rand.New(rand.NewPCG(1, 2))
				fresh := make([]*stackwalk.Module, n)
				for k := range fresh {
					c := *mods[k]
					fresh[k] = &c
				}
				b.ReportAllocs()
				b.ResetTimer()
				for range b.N {
					k := rng.IntN(n)
					if op == "add" {
						b.StopTimer()
					}
					if err := set.Remove(mods[k]); err != nil {
						b.Fatal(err)
					}
					switch op {
					case "add":
						b.StartTimer()
					case "remove":
						b.StopTimer()
					}
					if err := set.Add(fresh[k]); err != nil {
						b.Fatal(err)
					}
					if op == "remove" {
						b.StartTimer()
					}
					mods[k], fresh[k] = fresh[k], mods[k]
				}
			})
		}
	}
}

// BenchmarkNewModuleSet builds a set from a shuffled list of n modules,
// as NewWalker does with Config.Modules.
func BenchmarkNewModuleSet(b *testing.B) {
	for _, n := range moduleCounts {
		b.Run(fmt.Sprintf("modules=%d", n), func(b *testing.B) {
			mods, mem, _ := benchModules(b, n, 1)
			rng := rand.New(rand.NewPCG(1, 2))
			rng.Shuffle(n, func(i, j int) { mods[i], mods[j] = mods[j], mods[i] })
			b.ReportAllocs()
			b.ResetTimer()
			for range b.N {
				if _, err := stackwalk.NewWalker(stackwalk.Config{Modules: mods, Memory: mem}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkWalkModules walks a 100-frame stack (frames only) with the
// module set at 1 and 100,000 modules. "same": every frame in one module
// of the set; "spread": each frame in another module, 1,000 modules
// apart (a JIT's one-function modules calling each other).
func BenchmarkWalkModules(b *testing.B) {
	const frames = 100
	for _, c := range []struct {
		name    string
		modules int
		spread  bool
	}{
		{"modules=1", 1, false},
		{"modules=100000/same", 100_000, false},
		{"modules=100000/spread", 100_000, true},
	} {
		b.Run(c.name, func(b *testing.B) {
			mods, mem, rs := benchModules(b, c.modules, frames)
			if c.spread {
				for i := 0; i+1 < frames; i++ {
					k := uint64((i + 1) * 997 % c.modules)
					binary.LittleEndian.PutUint64(mem.b[synFrame*i+40:], synRet+k*modSpacing)
				}
			}
			set, err := stackwalk.NewModuleSet(regs.X86_64, mods...)
			if err != nil {
				b.Fatal(err)
			}
			w, err := stackwalk.NewWalker(stackwalk.Config{ModuleSet: set, Memory: mem})
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			b.ResetTimer()
			for range b.N {
				w.Start(synRet, rs)
				k := 0
				for w.Next() {
					k++
				}
				if k != frames || w.Err() != nil {
					b.Fatalf("%d frames, %v", k, w.Err())
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/frames, "ns/frame")
		})
	}
}

// BenchmarkModuleSetOrder removes and adds modules at 100,000 and
// 1,000,000 modules (spread evenly), each operation timed on its own
// ("remove", "add"), in the orders a runtime frees code: "random";
// "oldest": the lowest module goes and a new one comes above the highest
// (a JIT freeing its oldest code from a bump allocator, the window of
// live modules sliding up); "newest": the highest module goes and comes
// back (code freed newest first).
func BenchmarkModuleSetOrder(b *testing.B) {
	for _, n := range []int{100_000, 1_000_000} {
		for _, order := range []string{"random", "oldest", "newest"} {
			for _, op := range []string{"remove", "add"} {
				b.Run(fmt.Sprintf("modules=%d/%s/%s", n, order, op), func(b *testing.B) {
					m, _, _ := synthetic(b, 1)
					mods := moduleCopies(m, n)
					set, err := stackwalk.NewModuleSet(regs.X86_64, mods...)
					if err != nil {
						b.Fatal(err)
					}
					rng := rand.New(rand.NewPCG(1, 2))
					lo, hi := 0, n // the live window of copies, for "oldest"
					timed := func(isOp bool, f func() error) {
						if isOp {
							b.StartTimer()
						}
						if err := f(); err != nil {
							b.Fatal(err)
						}
						if isOp {
							b.StopTimer()
						}
					}
					b.ReportAllocs()
					b.StopTimer()
					b.ResetTimer()
					for range b.N {
						var gone, back *stackwalk.Module
						switch order {
						case "random":
							k := rng.IntN(n)
							gone = mods[k]
							c := *gone
							back = &c
							mods[k] = back
						case "oldest":
							gone, back = mods[lo%n], moduleCopy(m, hi)
							mods[lo%n] = back
							lo, hi = lo+1, hi+1
						default:
							gone = mods[n-1]
							c := *gone
							back = &c
							mods[n-1] = back
						}
						timed(op == "remove", func() error { return set.Remove(gone) })
						timed(op == "add", func() error { return set.Add(back) })
					}
				})
			}
		}
	}
}

// BenchmarkModuleSetLookupCold looks up pcs drawn over every module of a
// set of 100,000 and 1,000,000 modules spread evenly ("even") or packed
// ("packed", as in BenchmarkModuleSetLookup), from a table of 1<<20 of
// them: few of the lines a lookup reads are in cache ("cold"), where
// BenchmarkModuleSetLookup's 4,096 pcs keep them there ("hot").
func BenchmarkModuleSetLookupCold(b *testing.B) {
	for _, n := range []int{100_000, 1_000_000} {
		for _, layout := range []string{"even", "packed"} {
			b.Run(fmt.Sprintf("modules=%d/%s", n, layout), func(b *testing.B) {
				m, _, _ := synthetic(b, 1)
				mods := moduleCopies(m, n)
				rng := rand.New(rand.NewPCG(3, 4))
				if layout == "packed" {
					at := uint64(0x10000)
					for _, m := range mods {
						m.Start, m.End = at, at+64+rng.Uint64N(2048-64)&^15
						at = m.End
					}
				}
				set, err := stackwalk.NewModuleSet(regs.X86_64, mods...)
				if err != nil {
					b.Fatal(err)
				}
				pcs := make([]uint64, 1<<20)
				for i := range pcs {
					m := mods[rng.IntN(n)]
					pcs[i] = m.Start + rng.Uint64N(m.End-m.Start)
				}
				b.ReportAllocs()
				b.ResetTimer()
				for i := range b.N {
					if set.Lookup(pcs[i&(len(pcs)-1)]) == nil {
						b.Fatal("not found")
					}
				}
			})
		}
	}
}
