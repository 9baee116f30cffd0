//go:build llvmjit && (llvm19 || llvm22)

package main

import (
	"math"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/stackmaps/stackmaps/examples/jit/internal/llvmjit"
	"github.com/stackmaps/stackmaps/examples/jit/jitrt"
	"github.com/stackmaps/stackmaps/regs"
	"github.com/stackmaps/stackmaps/stackwalk"
)

// benchORC is the JIT the walk benchmarks use: the workload's 1,000
// modules (RuntimeDyld), compiled once per process.
var benchORC struct {
	once sync.Once
	fns  []orcFn
	mods []*llvmjit.ORCModule
	err  error
}

func orcBenchModules(b *testing.B) ([]orcFn, []*llvmjit.ORCModule) {
	b.Helper()
	benchORC.once.Do(func() {
		jit, err := llvmjit.NewORC(llvmjit.RTDyld)
		if err != nil {
			benchORC.err = err
			return
		}
		// Never closed: the modules live as long as the process.
		benchORC.fns, benchORC.mods, benchORC.err = compileORC(jit, orcModules)
	})
	if benchORC.err != nil {
		b.Fatal(benchORC.err)
	}
	return benchORC.fns, benchORC.mods
}

// orcBenchWalkers returns walkers over two module sets holding the 5
// modules a call into module 0 with depth 4 crosses: one with all 1,000
// workload modules, one with those 5 only.
func orcBenchWalkers(b *testing.B, stack *jitrt.LiveStack) (all, five *stackwalk.Walker) {
	fns, mods := orcBenchModules(b)
	var chain []*stackwalk.Module
	for k, j := 0, 0; j < 5; k, j = orcNext(k, len(fns)), j+1 {
		chain = append(chain, mods[k].Walk)
	}
	var every []*stackwalk.Module
	for _, m := range mods {
		every = append(every, m.Walk)
	}
	for _, mods := range [][]*stackwalk.Module{every, chain} {
		set, err := stackwalk.NewModuleSet(regs.X86_64, mods...)
		if err != nil {
			b.Fatal(err)
		}
		w, err := stackwalk.NewWalker(stackwalk.Config{ModuleSet: set, Memory: stack, MaxFrames: jitrt.MaxFrames})
		if err != nil {
			b.Fatal(err)
		}
		if all == nil {
			all = w
		} else {
			five = w
		}
	}
	return all, five
}

// inORCCapture calls module 0's function with depth 4 and runs fn in its
// capture callback, with the 5 JIT'd frames live, the stack and the
// registers set.
func inORCCapture(b *testing.B, stack *jitrt.LiveStack, fn func(pc uint64, rs *stackwalk.RegisterSet)) {
	_, mods := orcBenchModules(b)
	ctx := llvmjit.NewWords(4)
	defer ctx.Free()
	ctx.Slice[0], ctx.Slice[1], ctx.Slice[2] = 0x1122334455667788, math.Float64bits(-1234.5678), uint64(uintptr(ctx.Ptr))
	var rs stackwalk.RegisterSet
	calls := 0
	if _, err := llvmjit.Call(mods[0].Addr, ctx.Ptr, 4, func(c *llvmjit.Capture) {
		calls++
		stack.Lo, stack.Hi, stack.Bytes, stack.Read = c.Stack.Lo, c.Stack.Hi, c.Stack.Bytes, c.Stack.Read
		c.Save.Fill(&rs)
		fn(c.Save.RetAddr(), &rs)
	}); err != nil || calls != 1 {
		b.Fatalf("call: %v, %d captures", err, calls)
	}
}

// walkORCFrames walks the frames (CFI, registers, record lookup) and
// returns how many there were; with values it also evaluates every deopt
// value and GC pointer pair.
func walkORCFrames(b *testing.B, w *stackwalk.Walker, pc uint64, rs *stackwalk.RegisterSet, values bool) int {
	n := 0
	w.Start(pc, rs)
	for w.Next() {
		fr := w.Frame()
		if _, ok := fr.Record(); !ok {
			b.Fatalf("frame %d: no record", n)
		}
		if values {
			for i := 0; i < fr.NumDeopt(); i++ {
				if _, err := fr.Deopt(i); err != nil {
					b.Fatal(err)
				}
			}
			for i := 0; i < fr.NumRoots(); i++ {
				if _, err := fr.Root(i); err != nil {
					b.Fatal(err)
				}
			}
		}
		n++
	}
	if err := w.Err(); err != nil || w.End() != stackwalk.EndNoModule || n != 5 {
		b.Fatalf("walk: %d frames, end %v, %v", n, w.End(), err)
	}
	return n
}

// BenchmarkORCWalk walks the 5 JIT'd frames of a workload call (LLJIT,
// RuntimeDyld) from inside its capture callback, through a ModuleSet of
// all 1,000 modules (set=1000) or of only the 5 the call crosses (set=5);
// frames alone, or with every deopt value and GC pointer evaluated.
func BenchmarkORCWalk(b *testing.B) {
	for _, values := range []bool{false, true} {
		what := "frames"
		if values {
			what = "values"
		}
		for _, size := range []int{1000, 5} {
			b.Run(what+"/set="+map[int]string{1000: "1000", 5: "5"}[size], func(b *testing.B) {
				var stack jitrt.LiveStack
				all, five := orcBenchWalkers(b, &stack)
				w := all
				if size == 5 {
					w = five
				}
				inORCCapture(b, &stack, func(pc uint64, rs *stackwalk.RegisterSet) {
					b.ReportAllocs()
					b.ResetTimer()
					for i := 0; i < b.N; i++ {
						walkORCFrames(b, w, pc, rs, values)
					}
					b.StopTimer()
					b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*5), "ns/frame")
				})
			})
		}
	}
}

// BenchmarkORCWalkRatio measures, in interleaved rounds inside one capture,
// the walk of the same 5 JIT'd frames through the 1,000-module set and
// through the 5-module set, and reports the median over rounds of their
// ratio (ratio-1000/5: 1.0 means the set's size costs nothing per frame).
// Each b.N iteration is one walk through each set.
func BenchmarkORCWalkRatio(b *testing.B) {
	for _, values := range []bool{false, true} {
		what := "frames"
		if values {
			what = "values"
		}
		b.Run(what, func(b *testing.B) {
			var stack jitrt.LiveStack
			all, five := orcBenchWalkers(b, &stack)
			inORCCapture(b, &stack, func(pc uint64, rs *stackwalk.RegisterSet) {
				const perRound = 200
				var ratios, nsAll, nsFive []float64
				b.ReportAllocs()
				b.ResetTimer()
				for done := 0; done < b.N; {
					k := min(perRound, b.N-done)
					t0 := time.Now()
					for i := 0; i < k; i++ {
						walkORCFrames(b, all, pc, rs, values)
					}
					t1 := time.Now()
					for i := 0; i < k; i++ {
						walkORCFrames(b, five, pc, rs, values)
					}
					t2 := time.Now()
					a, f := float64(t1.Sub(t0)), float64(t2.Sub(t1))
					if k == perRound {
						ratios = append(ratios, a/f)
						nsAll, nsFive = append(nsAll, a/float64(5*k)), append(nsFive, f/float64(5*k))
					}
					done += k
				}
				b.StopTimer()
				if len(ratios) > 0 {
					b.ReportMetric(median(ratios), "ratio-1000/5")
					b.ReportMetric(median(nsAll), "ns/frame-1000")
					b.ReportMetric(median(nsFive), "ns/frame-5")
				}
			})
		})
	}
}

func median(v []float64) float64 {
	v = slices.Clone(v)
	slices.Sort(v)
	return v[len(v)/2]
}
