package jitrt

import (
	"errors"
	"fmt"

	"github.com/stackmaps/stackmaps/stackmap"
)

// Frame is one JIT'd frame found on the stack, with its deopt state
// rebuilt from its stack map record.
type Frame struct {
	Module *Module
	PC     uint64 // return address of the call the frame is stopped at
	SP     uint64 // the frame's stack pointer at PC
	Regs   stackmap.RegisterFile
	Deopt  *stackmap.Frame // nil when Err is set
	Err    error           // why the frame could not be rebuilt
}

// Unwinder recovers the registers of a frame's caller: at least its stack
// pointer (RegRSP), frame pointer (RegRBP) and return address (RegRIP), and
// whichever callee-saved registers it can.
type Unwinder interface {
	Unwind(m *Module, pc uint64, regs stackmap.RegisterFile, mem *LiveStack) (*CallerRegs, error)
}

// MaxFrames bounds a walk.
const MaxFrames = 64

// Walk rebuilds every JIT'd frame on the stack, innermost first, from the
// registers a capture routine saved: frame 0 is the JIT'd function that
// called the capture routine (found by its return address), each next frame
// its caller, recovered by unw, until a return address lies outside every
// registered module (the code that called into the JIT). A frame that cannot
// be rebuilt keeps its error in Frame.Err and the walk goes on; an error is
// returned when the walk itself cannot go on (no module for the first
// return address, or the unwinder fails).
func Walk(reg *Registry, save *SaveArea, mem *LiveStack, unw Unwinder) ([]Frame, error) {
	var frames []Frame
	var regs stackmap.RegisterFile = save
	pc := save.RetAddr()
	for len(frames) < MaxFrames {
		m, ok := reg.Find(pc)
		if !ok {
			if len(frames) == 0 {
				return nil, fmt.Errorf("return address %#x is in no JIT'd module", pc)
			}
			return frames, nil
		}
		sp, _ := regs.Register(RegRSP)
		fr := Frame{Module: m, PC: pc, SP: sp, Regs: regs}
		fr.Deopt, fr.Err = m.Index.Deopt(pc, 0, regs, mem)
		if fr.Err != nil {
			fr.Err = fmt.Errorf("frame %d (module %s, pc %#x): %w", len(frames), m.Name, pc, fr.Err)
		}
		frames = append(frames, fr)
		caller, err := unw.Unwind(m, pc, regs, mem)
		if err != nil {
			return frames, fmt.Errorf("unwinding frame %d (module %s, pc %#x): %w", len(frames)-1, m.Name, pc, err)
		}
		next, ok := caller.Register(RegRIP)
		if !ok {
			return frames, errors.New("the unwinder gave no return address")
		}
		pc, regs = next, caller
	}
	return frames, fmt.Errorf("more than %d JIT'd frames", MaxFrames)
}

// FramePointer is the minimal x86_64 unwinder for code that keeps a frame
// pointer ("frame-pointer"="all"): at any call site, rbp points at the
// saved caller rbp, with the return address above it, so the caller's
// rsp (the CFA) is rbp+16. It recovers rsp, rbp and the return address
// only: a caller's value held in a callee-saved register that the callee
// saved cannot be found without the callee's CFI (see EHFrame).
type FramePointer struct{}

// Unwind recovers the caller's rsp, rbp and return address.
func (FramePointer) Unwind(_ *Module, _ uint64, regs stackmap.RegisterFile, mem *LiveStack) (*CallerRegs, error) {
	rbp, ok := regs.Register(RegRBP)
	if !ok {
		return nil, errors.New("no rbp")
	}
	savedRBP, err := mem.Word(rbp)
	if err != nil {
		return nil, err
	}
	ra, err := mem.Word(rbp + 8)
	if err != nil {
		return nil, err
	}
	c := &CallerRegs{}
	c.Set(RegRSP, rbp+16)
	c.Set(RegRBP, savedRBP)
	c.Set(RegRIP, ra)
	return c, nil
}
