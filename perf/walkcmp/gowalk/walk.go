package main

import (
	"bytes"
	"fmt"
	"os"
	"runtime"

	"github.com/stackmaps/stackmaps/objfile"
	"github.com/stackmaps/stackmaps/stackmap"
	"github.com/stackmaps/stackmaps/stackwalk"
)

// walker walks chain's capture: its registers at capture's call and the
// stack above.
type walker struct {
	w     *stackwalk.Walker
	ra    uint64
	rs    stackwalk.RegisterSet
	pairs int // the chain's llc/gcc function pairs (perf/walk.sh's PAIRS)
}

// load opens the executable (linked without PIE: bias 0) and reads the
// capture: a header line of registers, then the stack bytes from rsp. With
// regions, the walker reads the stack through a *stackmap.MemoryRegions
// (what a core's or a dump's memory is) instead of a stackmap.Memory.
// cacheLimit is the walker's Config.CacheLimit.
func load(exe, capture string, pairs int, regions bool, cacheLimit int) (*walker, error) {
	data, err := os.ReadFile(capture)
	if err != nil {
		return nil, err
	}
	nl := bytes.IndexByte(data, '\n')
	if nl < 0 {
		return nil, fmt.Errorf("%s: no header line", capture)
	}
	var ra, rsp, rbp, rbx, r12, r13, r14, r15, n uint64
	if _, err := fmt.Sscanf(string(data[:nl]), "ra %v rsp %v rbp %v rbx %v r12 %v r13 %v r14 %v r15 %v len %v",
		&ra, &rsp, &rbp, &rbx, &r12, &r13, &r14, &r15, &n); err != nil {
		return nil, fmt.Errorf("%s: header: %w", capture, err)
	}
	stack := data[nl+1:]
	if uint64(len(stack)) != n {
		return nil, fmt.Errorf("%s: %d stack bytes, header says %d", capture, len(stack), n)
	}
	m, err := objfile.OpenModule(exe, 0)
	if err != nil {
		return nil, err
	}
	var mem stackmap.MemoryReader = &stackmap.Memory{Addr: rsp, Data: stack}
	if regions {
		// The stack and, below it, a second region, as a core's memory
		// has many: every read finds its region by a search.
		below := make([]byte, 4096)
		if mem, err = stackmap.NewMemoryRegions(stackmap.Memory{Addr: rsp - 1<<20, Data: below}, stackmap.Memory{Addr: rsp, Data: stack}); err != nil {
			return nil, err
		}
	}
	w, err := stackwalk.NewWalker(stackwalk.Config{Modules: []*stackwalk.Module{m}, Memory: mem,
		MaxFrames: 2*pairs + 64, CacheLimit: cacheLimit})
	if err != nil {
		return nil, err
	}
	x := &walker{w: w, ra: ra, pairs: pairs}
	for r, v := range map[uint16]uint64{7: rsp, 6: rbp, 3: rbx, 12: r12, 13: r13, 14: r14, 15: r15} {
		x.rs.Set(r, v)
	}
	return x, nil
}

// walk walks the stack once; with values, it evaluates every deopt value
// and GC root of every frame, as a runtime would: each Slot and Root is
// taken into a variable and read. Go copies a returned struct of more than
// nine words from the call's result area into the variable with 16-byte
// loads, which cannot be forwarded from the narrower stores that wrote it:
// that copy is about a third of what the values add to the walk (on this
// chain, 2026-11-26, a loop discarding the results took 92 ns a frame
// against 113).
func (x *walker) walk(values bool) {
	w := x.w
	w.Start(x.ra, &x.rs)
	var sum uint64
	for w.Next() {
		fr := w.Frame()
		sum += fr.CFA
		if !values {
			continue
		}
		for i := range fr.NumDeopt() {
			s, _ := fr.Deopt(i)
			sum += s.Bits
		}
		for i := range fr.NumRoots() {
			r, _ := fr.Root(i)
			sum += r.Base.Bits ^ r.Derived.Bits
		}
	}
	runtime.KeepAlive(sum) // what the walk computed, so that it is not dead code
}

// check walks once and verifies what the walk computed: 2*pairs+1 frames
// (the chain and run, the thread's function it starts in) ending in libc; pairs statepoint frames, each with deopt
// values (x, 3x) and one GC root whose base and derived pointers are equal.
// It returns the number of frames.
func (x *walker) check(values bool) (int, error) {
	w := x.w
	w.Start(x.ra, &x.rs)
	frames, sps := 0, 0
	for w.Next() {
		fr := w.Frame()
		frames++
		if !fr.IsStatepoint() {
			continue
		}
		sps++
		if !values {
			continue
		}
		if fr.NumDeopt() != 2 || fr.NumRoots() != 1 {
			return 0, fmt.Errorf("frame %d: %d deopt values, %d roots", fr.Index, fr.NumDeopt(), fr.NumRoots())
		}
		a, err := fr.Deopt(0)
		if err != nil {
			return 0, err
		}
		b, err := fr.Deopt(1)
		if err != nil {
			return 0, err
		}
		if b.Bits != 3*a.Bits {
			return 0, fmt.Errorf("frame %d: deopt values %d, %d (want x, 3x)", fr.Index, a.Bits, b.Bits)
		}
		r, err := fr.Root(0)
		if err != nil {
			return 0, err
		}
		if r.Base.Bits != r.Derived.Bits || r.Base.Bits == 0 {
			return 0, fmt.Errorf("frame %d: root %#x, %#x", fr.Index, r.Base.Bits, r.Derived.Bits)
		}
	}
	if w.Err() != nil {
		return 0, w.Err()
	}
	if frames != 2*x.pairs+1 || sps != x.pairs || w.End() != stackwalk.EndNoModule {
		return 0, fmt.Errorf("%d frames, %d statepoints, end %v (want %d, %d, %v)", frames, sps, w.End(), 2*x.pairs+1, x.pairs, stackwalk.EndNoModule)
	}
	return frames, nil
}

// frames returns the frames of a walk (check's count).
func (x *walker) frames() int { return 2*x.pairs + 1 }

// allocs returns the heap allocations of one walk: the fewest of three
// walks, since MemStats counts the whole process's, and the cleanups of
// the previous rounds' modules (unmapping their files) run on a goroutine
// of their own, at times a walk is measured. A walk that allocates does
// so every time (the cache's growth is over once the runs are timed).
func (x *walker) allocs(values bool) uint64 {
	least := ^uint64(0)
	for range 3 {
		var a, b runtime.MemStats
		runtime.ReadMemStats(&a)
		x.walk(values)
		runtime.ReadMemStats(&b)
		least = min(least, b.Mallocs-a.Mallocs)
	}
	return least
}
