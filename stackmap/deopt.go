package stackmap

import (
	"errors"
	"fmt"
)

// ErrNoRecord means no record describes the address looked up.
var ErrNoRecord = errors.New("no stack map record at this address")

// GCPointer is an evaluated (base, derived) GC pointer pair.
type GCPointer struct {
	Base, Derived       Value    // the pointers' values, as the frame holds them
	BaseLoc, DerivedLoc Location // where the frame holds them
}

// Frame is a call site's frame rebuilt from its stack map record.
type Frame struct {
	Table    *Table   // the table the record is in
	Function Function // the function the call site is in (the zero Function for a version 1 table that does not say)
	Record   Record   // the call site's record
	// Statepoint reports whether the record is a statepoint. For other
	// records (stackmaps, patchpoints) every location is a deopt value and
	// GC is empty.
	Statepoint bool
	Deopt      []Value     // the deopt values, in order
	GC         []GCPointer // statepoints: the GC pointer pairs
	GCSlots    []Value     // statepoints: the addresses of the GC stack slots
}

// Deopt rebuilds the frame of the call site whose return address is pc, in
// a module loaded with the given bias, from the caller's registers and
// memory. The record is the one Index.At finds: a statepoint at pc exactly
// gives a statepoint frame; another record (at pc, or a patchpoint's before
// it inside its function's known extent) gives all its locations as deopt
// values. When several records share the address, the first is used.
func (ix *Index) Deopt(pc, bias uint64, regs RegisterFile, mem MemoryReader) (*Frame, error) {
	m, ok := ix.At(pc, bias)
	if !ok {
		return nil, fmt.Errorf("stackmap: pc 0x%x (bias 0x%x): %w", pc, bias, ErrNoRecord)
	}
	r, _ := m.Record(0)
	if sp, err := r.statepoint(false); err == nil && m.Exact() {
		return sp.Frame(regs, mem)
	}
	return r.Frame(regs, mem)
}

// newFrame returns the frame of r with nothing evaluated yet.
func newFrame(r Record) *Frame {
	fr := &Frame{Table: r.t, Record: r}
	if r.Function() >= 0 {
		fr.Function, _ = r.t.Function(r.Function())
	}
	return fr
}

// Frame evaluates every location of r, in order, into the frame's deopt
// values: the frame of a stackmap or patchpoint record.
func (r Record) Frame(regs RegisterFile, mem MemoryReader) (*Frame, error) {
	fr := newFrame(r)
	fr.Deopt = make([]Value, r.NumLocations())
	for i := range fr.Deopt {
		v, err := r.Evaluate(i, regs, mem)
		if err != nil {
			return nil, err
		}
		fr.Deopt[i] = v
	}
	return fr, nil
}

// Frame evaluates the statepoint's deopt arguments, GC pointer pairs and
// GC stack slots.
func (s Statepoint) Frame(regs RegisterFile, mem MemoryReader) (*Frame, error) {
	r := s.r
	fr := newFrame(r)
	fr.Statepoint = true
	eval := func(i int) (Value, error) { return r.Evaluate(i, regs, mem) }
	fr.Deopt = make([]Value, s.numDeopt)
	for i := range fr.Deopt {
		v, err := eval(s.DeoptIndex(i))
		if err != nil {
			return nil, err
		}
		fr.Deopt[i] = v
	}
	fr.GC = make([]GCPointer, s.numPairs)
	for i := range fr.GC {
		bi, di := s.GCPairIndex(i)
		b, err := eval(bi)
		if err != nil {
			return nil, err
		}
		d, err := eval(di)
		if err != nil {
			return nil, err
		}
		bl, dl, _ := s.GCPair(i)
		fr.GC[i] = GCPointer{Base: b, Derived: d, BaseLoc: bl, DerivedLoc: dl}
	}
	fr.GCSlots = make([]Value, s.numSlots)
	for i := range fr.GCSlots {
		v, err := eval(r.NumLocations() - s.numSlots + i)
		if err != nil {
			return nil, err
		}
		fr.GCSlots[i] = v
	}
	return fr, nil
}
