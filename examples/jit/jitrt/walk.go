package jitrt

import (
	"fmt"

	"github.com/stackmaps/stackmaps/stackmap"
	"github.com/stackmaps/stackmaps/stackwalk"
)

// MaxFrames bounds a walk.
const MaxFrames = 64

// Walker walks the JIT'd frames of a capture with package stackwalk: from
// the registers the capture routine saved, outward through the JIT'd
// modules' CFI, until the first return address outside every module (the
// C code that called into the JIT). Make one per thread once the modules
// are compiled (a runtime that compiles more later makes a new one); a
// walk allocates nothing. It is not safe for concurrent use.
type Walker struct {
	mods  []*Module
	stack LiveStack // the capture's live stack, bounds set per walk
	w     *stackwalk.Walker
	regs  stackwalk.RegisterSet
}

// NewWalker makes a walker over mods, whose code ranges must not overlap.
func NewWalker(mods ...*Module) (*Walker, error) {
	jw := &Walker{mods: append([]*Module(nil), mods...)}
	sw := make([]*stackwalk.Module, len(mods))
	for i, m := range mods {
		if m == nil || m.Walk == nil {
			return nil, fmt.Errorf("module %d was not made by NewModule", i)
		}
		sw[i] = m.Walk
	}
	w, err := stackwalk.NewWalker(stackwalk.Config{Modules: sw, Memory: &jw.stack, MaxFrames: MaxFrames})
	if err != nil {
		return nil, err
	}
	jw.w = w
	return jw, nil
}

// Module returns the module whose stackwalk.Module is m.
func (jw *Walker) Module(m *stackwalk.Module) *Module {
	for _, jm := range jw.mods {
		if jm.Walk == m {
			return jm
		}
	}
	return nil
}

// Visit walks the stack of a capture: save is the capture routine's
// register file, stack the live stack (its bounds and reader are copied).
// It calls visit for every frame, innermost first: frame 0 is the JIT'd
// function that called the capture routine, the next its caller, and so on
// while the return address lies in a JIT'd module. The frame is valid only
// during the call; visit's error stops the walk and is returned. Visit
// returns why the walk ended: stackwalk.EndNoModule when it reached code
// outside every module, as it should; another End with an error when the
// walk failed or ended early.
func (jw *Walker) Visit(save *SaveArea, stack *LiveStack, visit func(*Module, *stackwalk.Frame) error) (stackwalk.End, error) {
	jw.stack.Lo, jw.stack.Hi, jw.stack.Bytes, jw.stack.Read = stack.Lo, stack.Hi, stack.Bytes, stack.Read
	save.Fill(&jw.regs)
	jw.w.Start(save.RetAddr(), &jw.regs)
	n := 0
	for jw.w.Next() {
		fr := jw.w.Frame()
		if err := visit(jw.Module(fr.Module), fr); err != nil {
			return jw.w.End(), err
		}
		n++
	}
	end := jw.w.End()
	if err := jw.w.Err(); err != nil {
		return end, err
	}
	if n == 0 {
		// The capture's return address is in no module: a runtime's
		// capture is always taken inside JIT'd code.
		pc, _ := jw.w.Stopped()
		return end, fmt.Errorf("the capture's return address %#x is in no JIT'd module (%q)", pc, end)
	}
	if end != stackwalk.EndNoModule {
		return end, fmt.Errorf("the walk ended with %q, not at code outside the JIT'd modules", end)
	}
	return end, nil
}

// Frame is one JIT'd frame found on the stack, with its deopt state
// rebuilt from its stack map record: a copy of what stackwalk gave, kept
// after the walk.
type Frame struct {
	Module  *Module
	PC      uint64 // return address of the call the frame is stopped at
	SP, CFA uint64 // the frame's stack pointer at PC, and its CFA
	// Record is the frame's stack map record; Statepoint says whether it
	// is a gc.statepoint's.
	Record     stackmap.Record
	Statepoint bool
	// Deopt holds the deopt values (a statepoint's deopt arguments, every
	// location of a patchpoint), Roots the GC pointer pairs, each with the
	// value's home: a register of the capture, a save slot a callee wrote,
	// a stack slot of the frame, or computed.
	Deopt []stackwalk.Slot
	Roots []stackwalk.Root
}

// Walk walks the stack of a capture like Visit and returns a copy of every
// frame, innermost first. A frame without a record (a JIT'd function
// stopped at a call with no stack map) is an error, as is any value that
// cannot be evaluated.
func (jw *Walker) Walk(save *SaveArea, stack *LiveStack) ([]Frame, error) {
	var frames []Frame
	_, err := jw.Visit(save, stack, func(m *Module, fr *stackwalk.Frame) error {
		rec, ok := fr.Record()
		if !ok {
			return fmt.Errorf("frame %d (module %s, pc %#x): no stack map record", fr.Index, m.Name, fr.PC)
		}
		f := Frame{Module: m, PC: fr.PC, SP: fr.SP, CFA: fr.CFA, Record: rec, Statepoint: fr.IsStatepoint()}
		f.Deopt = make([]stackwalk.Slot, fr.NumDeopt())
		for i := range f.Deopt {
			s, err := fr.Deopt(i)
			if err != nil {
				return fmt.Errorf("frame %d (module %s, pc %#x, record %#x) deopt value %d: %w", fr.Index, m.Name, fr.PC, rec.ID(), i, err)
			}
			f.Deopt[i] = s
		}
		f.Roots = make([]stackwalk.Root, fr.NumRoots())
		for i := range f.Roots {
			r, err := fr.Root(i)
			if err != nil {
				return fmt.Errorf("frame %d (module %s, pc %#x, record %#x) GC root %d: %w", fr.Index, m.Name, fr.PC, rec.ID(), i, err)
			}
			f.Roots[i] = r
		}
		frames = append(frames, f)
		return nil
	})
	return frames, err
}
