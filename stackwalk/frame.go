package stackwalk

import (
	"fmt"
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

	call   bool   // PC is a return address (see PCIsReturnAddress)
	signal bool   // a signal trampoline's frame (see IsSignalFrame)
	ri     *found // the record: in the walker's cache, or the walker's own
	w      *Walker
}

// found is the record lookup's answer for a frame, in two 64-byte cache
// lines: first the flags, the counts and the plans of the first six
// values (a statepoint's deopt values and GC pairs follow its three
// constants: its plans start at its first deopt value), then seven more
// plans. The record and its statepoint view, which only the slow path and
// Record, Statepoint and GCSlot read, are in cold (foundCold), apart.
type found struct {
	hasRec bool
	exact  bool
	isSP   bool
	// ownOrder: the record's table is in the target's byte order (as
	// compiled code's tables are), so its Indirect locations are read
	// through Walker.load.
	ownOrder bool
	// nplan of the record's locations, from location base on, were
	// decoded when the record was found (and kept with the recipe):
	// values read them from plan.
	nplan uint8
	// base is the location index of plan[0] and of deopt value 0 (3 for a
	// statepoint, 0 for another record).
	base uint8
	// samePair marks, by the derived pointer's plan index, the GC pairs
	// whose two locations are the same (llc often gives an unrelocated
	// pair one location twice): Root evaluates it once.
	samePair uint16
	// firstPair is the location index of GC pair 0's base pointer.
	firstPair uint16
	// ndeopt is NumDeopt's answer, nroots NumRoots', kept from the lookup
	// (a record has at most 65,535 locations).
	ndeopt uint16
	nroots uint16
	// plan holds the decoded locations from base on, each with how value
	// evaluates it.
	plan [maxPlans]valuePlan
	cold *foundCold // never nil
}

// foundCold is what a found keeps for the slow path.
type foundCold struct {
	stateptr stackmap.Statepoint
	rec      stackmap.Record
}

// maxPlans bounds the locations a found record keeps decoded: a
// statepoint's first 13 deopt values and GC pointers (past its 3
// constants), another record's first 13 locations. found is then 128
// bytes.
const maxPlans = 13

// PCIsReturnAddress reports whether PC is a return address (the frame is
// suspended in a call) rather than an interrupted instruction (the
// innermost frame of StartAsync). It is the one answer to "pc or pc-1":
// the code a frame is in, its unwind row and its symbol are those of
// unwind.LookupPC(f.PC, f.PCIsReturnAddress()), since a return address
// may be the first byte after its function (a call that does not return
// ends it). Callers never subtract 1 themselves.
func (f *Frame) PCIsReturnAddress() bool { return f.call }

// IsSignalFrame reports whether the frame is a signal trampoline's: the
// code a signal handler returns to (glibc's __restore_rt, the vDSO's
// __kernel_rt_sigreturn), whose frame holds the registers of the
// instruction the signal interrupted, known because its CIE has the
// augmentation "S" (unwind.Row.SignalFrame). The walk's next frame is
// the interrupted one: its pc is an interrupted instruction
// (PCIsReturnAddress is false), every register it had is known again,
// and its unwind row and symbol are looked up at its pc itself.
func (f *Frame) IsSignalFrame() bool { return f.signal }

// noRecord is the answer of a frame without a record; its cold part is a
// variable of its own, so that initializing the package allocates nothing
// (objfile's TestImportAllocatesNothing).
var (
	noRecordCold foundCold
	noRecord     = found{cold: &noRecordCold}
)

// rf returns the frame's record lookup answer.
func (f *Frame) rf() *found {
	if f.ri == nil {
		return &noRecord
	}
	return f.ri
}

// Row returns the CFI row of the frame's pc (valid until the next step);
// nil for a frame of FrameAt. A walk computes it only when asked, for a
// frame whose pc the walker's cache knows.
func (f *Frame) Row() *cfi.Row {
	w := f.w
	if w.row == nil && w.rowMod != nil {
		// rowAt is unwind.LookupPC of the frame's link-time pc: ask as
		// the walk did (RowForFrame), so that an interrupted frame in a
		// Windows epilog gets the same row.
		ra := f.PCIsReturnAddress()
		pc := w.rowAt
		if ra {
			pc++
		}
		if ur, err := w.rowMod.Unwind.RowForFrame(pc, ra, &w.uc); err == nil {
			w.row = ur.Rules
		}
		w.rowMod = nil
	}
	return w.row
}

// Reg returns register r's value in this frame and its home; the zero Reg
// (HomeUnknown) when it is not recoverable.
func (f *Frame) Reg(r uint16) Reg { return f.w.cs.reg(uint64(r)) }

// Registers returns the frame's recovered registers as a
// stackmap.RegisterFile (valid until the next step).
func (f *Frame) Registers() stackmap.RegisterFile { return f.w.cs }

// KnownRegs iterates over the registers whose value this frame knows, by
// DWARF number.
func (f *Frame) KnownRegs() iter.Seq2[uint16, Reg] {
	return func(yield func(uint16, Reg) bool) {
		s := f.w.cs
		for r := range MaxRegs {
			if s.has(uint64(r)) && !yield(uint16(r), Reg{Value: s.val[r], Home: s.home[r]}) {
				return
			}
		}
	}
}

// HasRecord reports whether a stack map record describes the frame's call.
func (f *Frame) HasRecord() bool { return f.rf().hasRec }

// Record returns the frame's stack map record.
func (f *Frame) Record() (stackmap.Record, bool) { r := f.rf(); return r.cold.rec, r.hasRec }

// RecordExact reports whether the record sits exactly at PC (a
// statepoint's does); otherwise it is the nearest record before PC in the
// same function (a patchpoint's).
func (f *Frame) RecordExact() bool { return f.rf().exact }

// IsStatepoint reports whether the record is a gc.statepoint's (an exact
// match whose locations read as one).
func (f *Frame) IsStatepoint() bool { return f.rf().isSP }

// Statepoint returns the statepoint view of the record.
func (f *Frame) Statepoint() (stackmap.Statepoint, bool) { r := f.rf(); return r.cold.stateptr, r.isSP }

// FrameAt gives the frame of one return address without unwinding: the
// case of a walk without CFI, for a runtime that captured one frame's
// registers at a call (a deoptimization trap, a patchpoint's handler) and
// wants its stack map record's values. pc is the return address, in a
// module loaded with the given bias whose stack maps ix indexes; regs are
// the frame's registers as captured (each HomeRegister), and the walker's
// Config.Memory reads its stack. The record is the one ix.At finds (a
// statepoint's at pc exactly; a patchpoint's or stackmap's at or before
// pc inside its function's known extent); without one, FrameAt returns an
// error matching stackmap.ErrNoRecord.
//
// The frame is the one model of a walk's frames (Deopt, Root, GCSlot,
// Reg): its CFA is 0, Row and Module are nil, and the walker's next step
// ends the walk (EndStopPC). Like Next, FrameAt allocates nothing; the
// frame is valid until the walker's next Start or FrameAt. The walker
// needs no modules: NewWalker(Config{Arch: ..., Memory: ...}).
func (w *Walker) FrameAt(ix *stackmap.Index, pc, bias uint64, regs *RegisterSet) (*Frame, error) {
	w.start(pc, regs, false)
	sp := w.cs.reg(uint64(w.abi.sp))
	w.fr = Frame{Index: 0, PC: pc, call: true, w: w}
	if sp.Known() {
		w.fr.SP = sp.Value
	}
	w.last = true
	w.findRecordIn(&w.fr, ix, bias, &w.own)
	if !w.fr.rf().hasRec {
		return nil, fmt.Errorf("stackwalk: pc %#x (bias %#x): %w", pc, bias, stackmap.ErrNoRecord)
	}
	return &w.fr, nil
}

// findRecord looks the frame's record up in its module's stack maps, into
// r.
func (w *Walker) findRecord(fr *Frame, m *Module, r *found) {
	w.findRecordIn(fr, m.Stackmaps, m.Bias, r)
}

// findRecordIn looks the frame's record up by the index's one policy
// (stackmap.Index.At): the records at the return address exactly, else a
// patchpoint's or stackmap's before it inside its function's known extent
// (symbol sizes for modules read from files; the extents a runtime gives
// stackmap.NewIndexOptions for bare bytes). With Config.ExactOnly, only the
// exact answer is taken. The answer goes into r (the walker's own, or a
// cache entry's), which fr then points to.
func (w *Walker) findRecordIn(fr *Frame, ix *stackmap.Index, bias uint64, r *found) {
	c := r.cold
	*r, *c = found{cold: c}, foundCold{}
	fr.ri = r
	if ix == nil {
		return
	}
	match, ok := ix.At(fr.PC, bias)
	if !ok || (w.cfg.ExactOnly && !match.Exact()) {
		return
	}
	c.rec, _ = match.Record(0)
	r.hasRec, r.exact = true, match.Exact()
	r.ownOrder = c.rec.Table().ByteOrder() == w.abi.order
	if r.exact {
		c.stateptr, r.isSP = c.rec.AsStatepoint()
	}
	nlocs := c.rec.NumLocations()
	r.ndeopt = uint16(nlocs)
	if r.isSP {
		r.ndeopt = uint16(c.stateptr.NumDeopt())
		r.base = uint8(c.stateptr.DeoptIndex(0))
		r.nroots = uint16(c.stateptr.NumGCPairs())
		fp, _ := c.stateptr.GCPairIndex(0)
		r.firstPair = uint16(fp)
	}
	// The locations from base on, decoded in one pass (Locations decodes
	// version 3 locations without a call each).
	for i, l := range c.rec.Locations() {
		if i < int(r.base) {
			continue
		}
		if int(r.nplan) == maxPlans {
			break
		}
		r.plan[r.nplan] = planOf(l, r.ownOrder)
		r.nplan++
	}
	for i := range int(r.nroots) {
		bi, di := c.stateptr.GCPairIndex(i)
		bk, dk := bi-int(r.base), di-int(r.base)
		if bk < 0 || dk >= int(r.nplan) {
			break
		}
		if r.plan[bk] == r.plan[dk] && r.plan[bk].kind != 0 {
			r.samePair |= 1 << dk
		}
	}
}
