//go:build llvmjit

package main

import (
	"embed"
	"fmt"
	"math"

	"github.com/stackmaps/stackmaps/examples/jit/internal/llvmjit"
	"github.com/stackmaps/stackmaps/examples/jit/jitrt"
	"github.com/stackmaps/stackmaps/stackmap"
	"github.com/stackmaps/stackmaps/stackwalk"
)

//go:embed ir/typed/*.ll ir/opaque/*.ll
var irFiles embed.FS

// irDir is where the IR for the LLVM we are built against lives: LLVM 14
// reads typed pointers only (and crashes on gc.statepoint with opaque
// ones), LLVM 15 and later opaque pointers only.
func irDir() string {
	if llvmjit.Version < 15 {
		return "ir/typed"
	}
	return "ir/opaque"
}

// Inputs the Go side passes the JIT'd code (ctx[0..4]).
const (
	inA   = 0x1122334455667788
	inB   = 0x00000001deadbeef
	inD   = -1234.5678
	inOff = 16
)

// ctx layout (see ir/gen.py).
const (
	ctxWords = 64
	ctxInner = 8
	ctxOuter = 40
)

// Runtime is the example runtime: one MCJIT engine, the modules compiled
// into it, and the walker over them (package stackwalk, through jitrt).
type Runtime struct {
	Engine  *llvmjit.Engine
	Modules map[string]*llvmjit.Compiled
	Walker  *jitrt.Walker
}

// NewRuntime compiles module A, then module B (which calls A), each into
// its own sections, and makes the walker over both.
func NewRuntime() (*Runtime, error) {
	e, err := llvmjit.NewEngine()
	if err != nil {
		return nil, err
	}
	rt := &Runtime{Engine: e, Modules: map[string]*llvmjit.Compiled{}}
	var mods []*jitrt.Module
	for _, m := range []struct {
		name    string
		entries []string
	}{
		{"jit_a", []string{"a_outer", "sp_inner", "pp_inner"}},
		{"jit_b", []string{"b_outer"}},
	} {
		ir, err := irFiles.ReadFile(irDir() + "/" + m.name + ".ll")
		if err != nil {
			e.Close()
			return nil, err
		}
		c, err := e.Compile(m.name, string(ir), m.entries...)
		if err != nil {
			e.Close()
			return nil, err
		}
		mods = append(mods, c.Module)
		rt.Modules[m.name] = c
	}
	if rt.Walker, err = jitrt.NewWalker(mods...); err != nil {
		e.Close()
		return nil, err
	}
	return rt, nil
}

// Close releases the engine and everything JIT'd.
func (rt *Runtime) Close() { rt.Engine.Close() }

// Outcome is what one run of a JIT'd entry produced: the frames the
// capture callback rebuilt, the mismatches it found, and the context words
// as the JIT'd code left them.
type Outcome struct {
	Entry  string
	Which  int // 0: through the statepoint into sp_inner, 1: the patchpoint in pp_inner
	Result uint64
	Frames []jitrt.Frame
	Bad    []string // mismatches between rebuilt and computed values
	Ctx    []uint64 // copy of ctx taken inside the callback
	Err    error
}

// Run calls entry (a_outer or b_outer) with which, and in the capture
// callback walks and checks every JIT'd frame.
func (rt *Runtime) Run(entry string, which int) *Outcome {
	o := &Outcome{Entry: entry, Which: which}
	var fn uint64
	for _, c := range rt.Modules {
		if a, ok := c.Entries[entry]; ok {
			fn = a
		}
	}
	ctx := llvmjit.NewWords(ctxWords)
	defer ctx.Free()
	ctx.Slice[0], ctx.Slice[1], ctx.Slice[2] = inA, inB, math.Float64bits(inD)
	ctx.Slice[3], ctx.Slice[4] = uint64(uintptr(ctx.Ptr)), inOff
	calls := 0
	res, err := llvmjit.Call(fn, ctx.Ptr, uint64(which), func(c *llvmjit.Capture) {
		calls++
		o.Ctx = append([]uint64(nil), ctx.Slice...)
		frames, err := rt.Walker.Walk(&c.Save, c.Stack)
		o.Frames, o.Err = frames, err
		o.Bad = rt.check(o, c.Stack)
	})
	o.Result = res
	if err != nil && o.Err == nil {
		o.Err = err
	}
	if calls != 1 && o.Err == nil {
		o.Err = fmt.Errorf("the capture routine ran %d times, want 1", calls)
	}
	return o
}

// want is one value the JIT'd code computed, with what Go computes for it
// independently (known false for addresses of stack slots).
type want struct {
	what  string
	jit   uint64
	gov   uint64
	known bool
	i32   bool
}

func (w want) matches(got uint64) bool {
	if w.i32 {
		return uint32(got) == uint32(w.jit) && (!w.known || uint32(got) == uint32(w.gov))
	}
	return got == w.jit && (!w.known || got == w.gov)
}

// innerWants lists the inner call site's values: the statepoint's 11
// deopt values or the patchpoint's 29 live values.
func innerWants(ctx []uint64, patchpoint bool) []want {
	a, b := uint64(inA), uint64(inB)
	base := ctx[3]
	w := []want{
		{"a", 0, a, true, false},
		{"b", 0, b, true, false},
		{"(a*b)^0x5a5a", 0, (a * b) ^ 0x5a5a, true, false},
		{"i32 trunc(a+b)", 0, uint64(uint32(a + b)), true, true},
		{"double d", 0, math.Float64bits(inD), true, false},
		{"double d*2", 0, math.Float64bits(inD * 2), true, false},
		{"alloca address", 0, 0, false, false},
		{"a*3 loaded from the alloca", 0, a * 3, true, false},
		{"7", 0, 7, true, false},
		{"-3", 0, uint64(math.MaxUint64 - 2), true, false},
		{"0x123456789abcdef0", 0, 0x123456789abcdef0, true, false},
	}
	if patchpoint {
		w = append(w, want{"base", 0, base, true, false}, want{"base+off", 0, base + inOff, true, false})
		for k := uint64(1); k <= 16; k++ {
			w = append(w, want{fmt.Sprintf("(a^%d)*b", k), 0, (a ^ k) * b, true, false})
		}
	}
	for i := range w {
		w[i].jit = ctx[ctxInner+i]
	}
	return w
}

// outerWants lists an outer call site's 8 deopt values.
func outerWants(ctx []uint64, entry string) []want {
	a, b := uint64(inA), uint64(inB)
	key, konst := uint64(0x77), uint64(42)
	if entry == "b_outer" {
		key, konst = 0xBB, 43
	}
	w := []want{
		{"a^key", 0, a ^ key, true, false},
		{"b+1000", 0, b + 1000, true, false},
		{"i32 trunc(a*7)", 0, uint64(uint32(a * 7)), true, true},
		{"double d+0.5", 0, math.Float64bits(inD + 0.5), true, false},
		{"alloca address", 0, 0, false, false},
		{"constant", 0, konst, true, false},
		{"0x0fedcba987654321", 0, 0x0fedcba987654321, true, false},
		{"base", 0, ctx[3], true, false},
	}
	for i := range w {
		w[i].jit = ctx[ctxOuter+i]
	}
	return w
}

// check compares every rebuilt frame with what the JIT'd code computed,
// and checks where each value was found: the alloca addresses in the
// frame's stack, a Register location of the inner frame in a register of
// the capture, and one of the outer frame in the save slot the inner
// frame's CFI gives (stackwalk's homes).
func (rt *Runtime) check(o *Outcome, stack *jitrt.LiveStack) []string {
	var bad []string
	badf := func(format string, args ...any) { bad = append(bad, fmt.Sprintf(format, args...)) }
	if len(o.Frames) != 2 {
		badf("%d JIT'd frames found, want 2", len(o.Frames))
		return bad
	}
	outerModule := "jit_a"
	ids := [2]uint64{0x1111, 0x3333}
	if o.Which == 1 {
		ids = [2]uint64{0x2222, 0x3334}
	}
	if o.Entry == "b_outer" {
		outerModule = "jit_b"
		ids[1] += 0x4444 - 0x3333
	}
	for fi, fr := range o.Frames {
		if fr.Record.ID() != ids[fi] {
			badf("frame %d: record ID %#x, want %#x", fi, fr.Record.ID(), ids[fi])
			continue
		}
		wantModule := "jit_a"
		var ws []want
		if fi == 0 {
			ws = innerWants(o.Ctx, o.Which == 1)
		} else {
			wantModule = outerModule
			ws = outerWants(o.Ctx, o.Entry)
		}
		if fr.Module.Name != wantModule {
			badf("frame %d: found in module %s, want %s", fi, fr.Module.Name, wantModule)
		}
		if !fr.Module.Contains(fr.PC) {
			badf("frame %d: pc %#x is outside module %s [%#x, %#x)", fi, fr.PC, fr.Module.Name, fr.Module.CodeLo, fr.Module.CodeHi)
		}
		if fr.SP >= fr.CFA || fr.CFA > stack.Hi || (fi > 0 && fr.SP != o.Frames[fi-1].CFA) {
			badf("frame %d: sp %#x, CFA %#x do not nest in the live stack (top %#x)", fi, fr.SP, fr.CFA, stack.Hi)
		}
		if fr.Statepoint != (fi == 1 || o.Which == 0) {
			badf("frame %d: statepoint %v", fi, fr.Statepoint)
		}
		if len(fr.Deopt) != len(ws) {
			badf("frame %d: %d deopt values rebuilt, the JIT'd code has %d", fi, len(fr.Deopt), len(ws))
			continue
		}
		for i, w := range ws {
			s := fr.Deopt[i]
			if !w.matches(s.Bits) {
				badf("frame %d (ID %#x) value %d %s: rebuilt %#x, JIT'd code %#x, Go %#x (%+v)", fi, fr.Record.ID(), i, w.what, s.Bits, w.jit, w.gov, s)
			}
			if !w.known && (s.Bits < fr.SP || s.Bits >= fr.CFA) {
				badf("frame %d value %d %s: %#x is not in the frame's stack [%#x, %#x)", fi, i, w.what, s.Bits, fr.SP, fr.CFA)
			}
			if msg := homeProblem(o.Frames, fi, s); msg != "" {
				badf("frame %d (ID %#x) value %d %s: %s", fi, fr.Record.ID(), i, w.what, msg)
			}
		}
		if fr.Statepoint {
			base := o.Ctx[3]
			derived := base + inOff
			sawDerived := fi == 1
			if len(fr.Roots) == 0 {
				badf("frame %d: no gc pointers", fi)
			}
			for i, p := range fr.Roots {
				if p.Base.Bits != base {
					badf("frame %d gc pair %d: base %#x, want %#x", fi, i, p.Base.Bits, base)
				}
				switch {
				case p.Derived.Bits == base:
				case fi == 0 && p.Derived.Bits == derived && derived == o.Ctx[ctxInner+12]:
					sawDerived = true
				default:
					badf("frame %d gc pair %d: derived %#x is neither %#x nor %#x", fi, i, p.Derived.Bits, base, derived)
				}
				for _, s := range []stackwalk.Slot{p.Base, p.Derived} {
					if msg := homeProblem(o.Frames, fi, s); msg != "" {
						badf("frame %d gc pair %d: %s", fi, i, msg)
					}
				}
			}
			if !sawDerived {
				badf("frame %d: no gc pair holds the derived pointer", fi)
			}
		}
	}
	return bad
}

// homeProblem says what is wrong with the home stackwalk gave value s of
// frame fi, or "". An Indirect location lives in the frame's own stack. A
// Register location of the inner frame is still in that register of the
// capture; one of the outer frame is in the save slot of a callee-saved
// register that the inner frame pushed (inside the inner frame), or still
// in the register when the inner frame left it alone.
func homeProblem(frames []jitrt.Frame, fi int, s stackwalk.Slot) string {
	fr := frames[fi]
	switch s.Loc.Kind {
	case stackmap.Indirect:
		if !s.Home.InMemory() || s.Home.Addr < fr.SP || s.Home.Addr >= fr.CFA {
			return fmt.Sprintf("stack slot home %v is not in the frame [%#x, %#x)", s.Home, fr.SP, fr.CFA)
		}
	case stackmap.Register:
		if fi == 0 {
			if s.Home.Kind != stackwalk.HomeRegister || s.Home.Reg != s.Loc.Reg {
				return fmt.Sprintf("register %d: home %v, want the captured register", s.Loc.Reg, s.Home)
			}
			return ""
		}
		if s.Home.Kind == stackwalk.HomeRegister && s.Home.Reg == s.Loc.Reg {
			return "" // no callee saved the register: still in the capture's
		}
		callee := frames[fi-1]
		if !s.Home.InMemory() || s.Home.Addr < callee.SP || s.Home.Addr >= callee.CFA {
			return fmt.Sprintf("register %d: home %v is neither that register nor a save slot of the callee frame [%#x, %#x)", s.Loc.Reg, s.Home, callee.SP, callee.CFA)
		}
	}
	return ""
}

// savedHomes counts the Register locations of frames past the innermost
// whose value stackwalk found in a callee's save slot.
func savedHomes(frames []jitrt.Frame) int {
	n := 0
	for _, fr := range frames[min(1, len(frames)):] {
		for _, s := range fr.Deopt {
			if s.Loc.Kind == stackmap.Register && s.Home.InMemory() {
				n++
			}
		}
	}
	return n
}

// kinds counts a frame's location kinds, for the log.
func kinds(r stackmap.Record) map[stackmap.Kind]int {
	k := map[stackmap.Kind]int{}
	for _, l := range r.Locations() {
		k[l.Kind]++
	}
	return k
}
