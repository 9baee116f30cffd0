package stackwalk

import (
	"iter"

	"github.com/stackmaps/stackmaps/cfi"
	"github.com/stackmaps/stackmaps/stackmap"
)

// Frame is one frame of a walk. The Walker owns it: it is valid until the
// walker steps again.
type Frame struct {
	// Index is the frame's depth: 0 for the innermost.
	Index int
	// PC is the frame's pc: the return address of the call it is
	// suspended in (or, for the innermost frame of StartAsync, the
	// interrupted instruction).
	PC uint64
	// CFA is the frame's canonical frame address: its caller's stack
	// pointer at the call (plus 160 on s390x).
	CFA uint64
	// SP is the frame's stack pointer at PC.
	SP uint64
	// Module is the module whose code holds PC.
	Module *Module

	rec      stackmap.Record
	hasRec   bool
	exact    bool
	isSP     bool
	stateptr stackmap.Statepoint
	w        *Walker
}

// Row returns the CFI row of the frame's pc (valid until the next step).
func (f *Frame) Row() *cfi.Row { return f.w.row }

// Reg returns register r's value in this frame and its home; the zero Reg
// (HomeUnknown) when it is not recoverable.
func (f *Frame) Reg(r uint16) Reg { return f.w.st[f.w.cur].reg(uint64(r)) }

// Registers returns the frame's recovered registers as a
// stackmap.RegisterFile (valid until the next step).
func (f *Frame) Registers() stackmap.RegisterFile { return &f.w.st[f.w.cur] }

// KnownRegs iterates over the registers whose value this frame knows, by
// DWARF number.
func (f *Frame) KnownRegs() iter.Seq2[uint16, Reg] {
	return func(yield func(uint16, Reg) bool) {
		s := &f.w.st[f.w.cur]
		for r := 0; r < s.hi; r++ {
			if s.home[r].Kind != HomeUnknown && !yield(uint16(r), Reg{Value: s.val[r], Home: s.home[r]}) {
				return
			}
		}
	}
}

// HasRecord reports whether a stack map record describes the frame's call.
func (f *Frame) HasRecord() bool { return f.hasRec }

// Record returns the frame's stack map record.
func (f *Frame) Record() (stackmap.Record, bool) { return f.rec, f.hasRec }

// RecordExact reports whether the record sits exactly at PC (a
// statepoint's does); otherwise it is the nearest record before PC in the
// same function (a patchpoint's).
func (f *Frame) RecordExact() bool { return f.exact }

// IsStatepoint reports whether the record is a gc.statepoint's (an exact
// match whose locations read as one).
func (f *Frame) IsStatepoint() bool { return f.isSP }

// Statepoint returns the statepoint view of the record.
func (f *Frame) Statepoint() (stackmap.Statepoint, bool) { return f.stateptr, f.isSP }

// findRecord looks the frame's record up by the index's one policy
// (stackmap.Index.At): the records at the return address exactly, else a
// patchpoint's or stackmap's before it inside its function's known extent
// (symbol sizes for modules read from files; the extents a runtime gives
// stackmap.NewIndexOptions for bare bytes). With Config.ExactOnly, only the
// exact answer is taken.
func (w *Walker) findRecord(fr *Frame, m *Module) {
	ix := m.Stackmaps
	if ix == nil {
		return
	}
	match, ok := ix.At(fr.PC, m.Bias)
	if !ok || (w.cfg.ExactOnly && !match.Exact()) {
		return
	}
	fr.rec, _ = match.Record(0)
	fr.hasRec, fr.exact = true, match.Exact()
	if fr.exact {
		fr.stateptr, fr.isSP = fr.rec.AsStatepoint()
	}
}
