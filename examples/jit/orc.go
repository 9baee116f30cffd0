//go:build llvmjit && (llvm19 || llvm22)

package main

import (
	"errors"
	"fmt"
	"math"
	"sync"
	"sync/atomic"
	"time"

	"github.com/stackmaps/stackmaps/examples/jit/internal/llvmjit"
	"github.com/stackmaps/stackmaps/examples/jit/jitrt"
	"github.com/stackmaps/stackmaps/regs"
	"github.com/stackmaps/stackmaps/stackwalk"
)

// ORCConfig sizes the ORC workload.
type ORCConfig struct {
	Linker  llvmjit.Linker
	Modules int // modules of one function each, all live during the calls
	Depth   int // JIT'd frames per call: Depth+1
	// MinChurn: rounds of calls (one into every module) go on until the
	// other goroutine has added and removed at least this many modules
	// while they ran.
	MinChurn int
}

// ORCReport is what the workload did and found.
type ORCReport struct {
	Linker       llvmjit.Linker
	Modules      int
	Rounds       int // rounds of calls, one into every module each
	Calls, Walks int
	Frames       int
	Values       int // deopt values and GC pointers rebuilt and compared
	// Registers counts deopt values in Register locations
	// (-use-registers-for-deopt-values), SavedHomes those of them that
	// stackwalk found in a callee's save slot.
	Registers, SavedHomes int
	Mismatches            []string
	Churned               int // modules added and removed by the other goroutine during the calls
	// The other goroutine's calls into the modules it added (2 JIT'd
	// frames each, checked like the others): walks, frames, values, and
	// how many of its modules had code where a removed module's had been
	// (freed JIT memory is reused at once).
	ChurnWalks, ChurnFrames, ChurnValues, Reused int
	LiveAfter                                    int // RTDyld objects still mapped after everything was removed
	SetAfter                                     int // modules in the set after everything was removed
	Compile, Call                                time.Duration
}

// orcNext is the function module k calls: another module (k*7+3 mod n is
// never k for n = 1000; for other n a self-call is still correct).
func orcNext(k, n int) int { return (k*7 + 3) % n }

func orcFnOf(k, n int) orcFn {
	return orcFn{Name: fmt.Sprintf("orc_%d", k), Next: fmt.Sprintf("orc_%d", orcNext(k, n)), K: uint64(k)}
}

// compileORC adds n modules orc_0 to orc_<n-1> to the JIT, each under its
// own resource tracker, then compiles each (a lookup of its function: the
// modules call each other, so all must be added first).
func compileORC(jit *llvmjit.ORC, n int) ([]orcFn, []*llvmjit.ORCModule, error) {
	fns := make([]orcFn, n)
	mods := make([]*llvmjit.ORCModule, n)
	for k := range fns {
		fns[k] = orcFnOf(k, n)
	}
	for k, f := range fns {
		ir, err := f.IR()
		if err != nil {
			return nil, nil, err
		}
		if mods[k], err = jit.Add(f.Name, ir, f.Name); err != nil {
			return nil, nil, err
		}
	}
	for _, m := range mods {
		if err := m.Compile(); err != nil {
			return nil, nil, err
		}
	}
	return fns, mods, nil
}

// RunORC JIT-compiles cfg.Modules modules through LLJIT, each under its
// own resource tracker, and calls each module's function with depth
// cfg.Depth: it calls the next module's, and so on, the innermost calling
// the capture routine through a statepoint. In the capture callback, every
// JIT'd frame is walked (stackwalk, through the module set) and every deopt
// value and GC pointer is rebuilt and compared with what Go computes.
// Meanwhile another goroutine adds and removes other modules (compiling
// each, adding it to the set, removing it from the set, then from the
// JIT). At the end every module is removed.
func RunORC(cfg ORCConfig) (*ORCReport, error) {
	rep := &ORCReport{Linker: cfg.Linker, Modules: cfg.Modules}
	jit, err := llvmjit.NewORC(cfg.Linker)
	if err != nil {
		return nil, err
	}
	defer jit.Close()
	// The set every walk looks modules up in; one Walker uses it for the
	// whole run, never rebuilt.
	set, err := stackwalk.NewModuleSet(regs.X86_64)
	if err != nil {
		return nil, err
	}

	start := time.Now()
	n := cfg.Modules
	fns, mods, err := compileORC(jit, n)
	if err != nil {
		return nil, err
	}
	for _, m := range mods {
		if err := set.Add(m.Walk); err != nil {
			return nil, err
		}
	}
	rep.Compile = time.Since(start)
	removeAll := func() error {
		var errs []error
		for k, m := range mods {
			if m == nil {
				continue
			}
			if m.Walk != nil {
				errs = append(errs, set.Remove(m.Walk))
				set.Synchronize() // no walk can see the module: free it
			}
			errs = append(errs, m.Remove())
			mods[k] = nil
		}
		return errors.Join(errs...)
	}
	defer removeAll()

	// The walker of the calls below: made once, never rebuilt.
	var stack jitrt.LiveStack
	w, err := stackwalk.NewWalker(stackwalk.Config{ModuleSet: set, Memory: &stack, MaxFrames: jitrt.MaxFrames})
	if err != nil {
		return nil, err
	}

	// The other goroutine: add a module, compile it, put it in the set,
	// take it out, remove it from the JIT; again until told to stop.
	stop := make(chan struct{})
	var churned atomic.Int64
	crep := &ORCReport{}
	churnErr := make(chan error, 1)
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		churnErr <- churn(jit, set, fns, stop, &churned, crep)
	}()
	for churned.Load() == 0 && len(churnErr) == 0 {
		time.Sleep(time.Millisecond)
	}

	// The calls, in rounds until the other goroutine has added and removed
	// cfg.MinChurn modules meanwhile.
	var rs stackwalk.RegisterSet
	churnedBefore := churned.Load()
	ctx := llvmjit.NewWords(4)
	defer ctx.Free()
	start = time.Now()
	for rep.Rounds == 0 || churned.Load()-churnedBefore < int64(cfg.MinChurn) && len(churnErr) == 0 {
		rep.Rounds++
		if err := rep.round(w, &stack, &rs, ctx, fns, mods, cfg.Depth); err != nil {
			close(stop)
			wg.Wait()
			return nil, err
		}
	}
	rep.Churned = int(churned.Load() - churnedBefore)
	rep.Call = time.Since(start)
	close(stop)
	wg.Wait()
	if err := <-churnErr; err != nil {
		return nil, fmt.Errorf("the goroutine adding and removing modules: %w", err)
	}
	rep.ChurnWalks, rep.ChurnFrames, rep.ChurnValues, rep.Reused = crep.Walks, crep.Frames, crep.Values, crep.Reused
	for _, m := range crep.Mismatches {
		rep.mismatch("other goroutine: %s", m)
	}
	if err := removeAll(); err != nil {
		return nil, err
	}
	rep.SetAfter = set.Len()
	if cfg.Linker == llvmjit.RTDyld {
		rep.LiveAfter = llvmjit.LiveObjects()
	}
	return rep, nil
}

// round calls every module's function once, with depth, and checks the
// walk its capture makes.
func (rep *ORCReport) round(w *stackwalk.Walker, stack *jitrt.LiveStack, rs *stackwalk.RegisterSet, ctx *llvmjit.Words, fns []orcFn, mods []*llvmjit.ORCModule, depth int) error {
	n := len(fns)
	for k := 0; k < n; k++ {
		in := orcInputs{A: 0x1122334455667788 ^ uint64(k)<<20, D: -1234.5678 + float64(k), Base: uint64(uintptr(ctx.Ptr))}
		ctx.Slice[0], ctx.Slice[1], ctx.Slice[2] = in.A, math.Float64bits(in.D), in.Base
		chain := make([]orcFn, depth+1) // chain[j]: the function at depth Depth-j
		chain[0] = fns[k]
		for j := 1; j < len(chain); j++ {
			chain[j] = fns[orcNext(int(chain[j-1].K), n)]
		}
		var walkErr error
		walks := 0
		res, err := llvmjit.Call(mods[k].Addr, ctx.Ptr, uint64(depth), func(c *llvmjit.Capture) {
			walks++
			stack.Lo, stack.Hi, stack.Bytes, stack.Read = c.Stack.Lo, c.Stack.Hi, c.Stack.Bytes, c.Stack.Read
			c.Save.Fill(rs)
			w.Start(c.Save.RetAddr(), rs)
			defer w.Done() // the walk ends here even if checkWalk stops early
			walkErr = rep.checkWalk(w, chain, in)
		})
		if err == nil {
			err = walkErr
		}
		if err != nil {
			return fmt.Errorf("call %d (%s): %w", k, fns[k].Name, err)
		}
		if walks != 1 {
			rep.mismatch("call %d: the capture routine ran %d times, want 1", k, walks)
		}
		var want uint64
		for _, f := range chain {
			want += f.result(in)
		}
		if res != want {
			rep.mismatch("call %d (%s): returned %#x, want %#x", k, fns[k].Name, res, want)
		}
		rep.Calls++
		rep.Walks += walks
	}
	return nil
}

// churn adds modules churn_<j> (key n+j; each calls orc_<j mod n>) until
// stop is closed. It compiles each, adds it to the set, calls it with depth
// 1 and checks the walk of its two frames with a Walker of its own, removes
// it from the set, waits for the walks that could see it, and removes it
// from the JIT, which frees its code.
func churn(jit *llvmjit.ORC, set *stackwalk.ModuleSet, fns []orcFn, stop <-chan struct{}, count *atomic.Int64, rep *ORCReport) error {
	n := len(fns)
	var stack jitrt.LiveStack
	w, err := stackwalk.NewWalker(stackwalk.Config{ModuleSet: set, Memory: &stack, MaxFrames: jitrt.MaxFrames})
	if err != nil {
		return err
	}
	var rs stackwalk.RegisterSet
	ctx := llvmjit.NewWords(4)
	defer ctx.Free()
	var freed [][2]uint64 // code ranges of removed modules
	for j := 0; ; j++ {
		select {
		case <-stop:
			return nil
		default:
		}
		f := orcFn{Name: fmt.Sprintf("churn_%d", j), Next: fns[j%n].Name, K: uint64(n + j)}
		ir, err := f.IR()
		if err != nil {
			return err
		}
		m, err := jit.Add(f.Name, ir, f.Name)
		if err != nil {
			return err
		}
		if err := m.Compile(); err != nil {
			m.Remove()
			return err
		}
		for _, r := range freed {
			if m.Walk.Start < r[1] && r[0] < m.Walk.End {
				rep.Reused++
				break
			}
		}
		if err := set.Add(m.Walk); err != nil {
			return err
		}
		in := orcInputs{A: 0x0badc0ffee ^ uint64(j)<<24, D: 0.25 * float64(j+1), Base: uint64(uintptr(ctx.Ptr))}
		ctx.Slice[0], ctx.Slice[1], ctx.Slice[2] = in.A, math.Float64bits(in.D), in.Base
		chain := []orcFn{f, fns[j%n]}
		var walkErr error
		res, err := llvmjit.Call(m.Addr, ctx.Ptr, 1, func(c *llvmjit.Capture) {
			rep.Walks++
			stack.Lo, stack.Hi, stack.Bytes, stack.Read = c.Stack.Lo, c.Stack.Hi, c.Stack.Bytes, c.Stack.Read
			c.Save.Fill(&rs)
			w.Start(c.Save.RetAddr(), &rs)
			defer w.Done()
			walkErr = rep.checkWalk(w, chain, in)
		})
		if err == nil {
			err = walkErr
		}
		if err != nil {
			return fmt.Errorf("%s: %w", f.Name, err)
		}
		if want := f.result(in) + fns[j%n].result(in); res != want {
			rep.mismatch("%s: returned %#x, want %#x", f.Name, res, want)
		}
		if err := set.Remove(m.Walk); err != nil {
			return err
		}
		set.Synchronize() // every walk that could see the module has ended
		freed = append(freed, [2]uint64{m.Walk.Start, m.Walk.End})
		if err := m.Remove(); err != nil {
			return err
		}
		count.Add(1)
	}
}
