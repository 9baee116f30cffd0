package stackwalk

import (
	"fmt"

	"github.com/stackmaps/stackmaps/regs"
	"github.com/stackmaps/stackmaps/stackmap"
)

// Slot is an evaluated location of a frame's record, with its home. An
// Indirect location wider than 8 bytes (a spilled vector register) gives
// the first 8 bytes at its address (element 0) in Bits, and its full
// size in Size.
type Slot struct {
	stackmap.Value
	// Loc is the location as the record gives it.
	Loc stackmap.Location
	// Home is where the value lives: HomeMemory for an Indirect location
	// (its stack slot) and for a Register location whose register a
	// callee saved (the save slot); HomeRegister for a register still
	// live in the innermost frame; HomeComputed for constants and Direct
	// locations (addresses).
	Home Home
}

// UpdateAddr returns the address a moving collector must overwrite to
// update the value, and false when the value has no memory home (it is in
// a register of the innermost frame: Home.Reg of the captured registers;
// or it is a constant or a computed address).
func (s Slot) UpdateAddr() (uint64, bool) { return s.Home.Addr, s.Home.Kind == HomeMemory }

// Root is a GC root of a statepoint frame: a (base, derived) pointer pair.
type Root struct {
	Base, Derived Slot
}

// NumDeopt returns the number of deopt values: a statepoint's deopt
// arguments; every location of another record (patchpoint live values);
// 0 without a record.
func (f *Frame) NumDeopt() int {
	switch r := f.rf(); {
	case r.isSP:
		return r.stateptr.NumDeopt()
	case r.hasRec:
		return r.rec.NumLocations()
	}
	return 0
}

// Deopt evaluates deopt value i with the frame's registers.
func (f *Frame) Deopt(i int) (Slot, error) {
	if i < 0 || i >= f.NumDeopt() {
		return Slot{}, fmt.Errorf("stackwalk: frame %d has no deopt value %d", f.Index, i)
	}
	if r := f.rf(); r.isSP {
		i = r.stateptr.DeoptIndex(i)
	}
	return f.slot(i)
}

// NumRoots returns the number of GC pointer pairs (0 unless the record is
// a statepoint).
func (f *Frame) NumRoots() int {
	if r := f.rf(); r.isSP {
		return r.stateptr.NumGCPairs()
	}
	return 0
}

// Root evaluates GC pointer pair i.
func (f *Frame) Root(i int) (Root, error) {
	if i < 0 || i >= f.NumRoots() {
		return Root{}, fmt.Errorf("stackwalk: frame %d has no GC root %d", f.Index, i)
	}
	bi, di := f.ri.stateptr.GCPairIndex(i)
	rec := &f.ri.rec
	lb, okb := rec.Location(bi)
	ld, okd := rec.Location(di)
	if !okb || !okd {
		return Root{}, f.noLocation(bi, di)
	}
	var r Root
	if err := f.eval(bi, lb, &r.Base); err != nil {
		return Root{}, err
	}
	if ld == lb { // the same location (llc often gives an unrelocated pair two): the same value
		r.Derived = r.Base
	} else if err := f.eval(di, ld, &r.Derived); err != nil {
		return Root{}, err
	}
	return r, nil
}

// NumGCSlots returns the number of GC stack slots (allocas holding GC
// pointers) of a statepoint.
func (f *Frame) NumGCSlots() int {
	if r := f.rf(); r.isSP {
		return r.stateptr.NumGCSlots()
	}
	return 0
}

// GCSlot evaluates GC stack slot i: its Bits are the slot's address, and
// its home is that memory.
func (f *Frame) GCSlot(i int) (Slot, error) {
	if i < 0 || i >= f.NumGCSlots() {
		return Slot{}, fmt.Errorf("stackwalk: frame %d has no GC slot %d", f.Index, i)
	}
	s, err := f.slot(f.ri.rec.NumLocations() - f.NumGCSlots() + i)
	if err != nil {
		return Slot{}, err
	}
	s.Home = Home{Kind: HomeMemory, Addr: s.Bits}
	return s, nil
}

// slot evaluates location i of the record with the frame's registers.
func (f *Frame) slot(i int) (Slot, error) {
	l, ok := f.ri.rec.Location(i)
	if !ok {
		return Slot{}, f.noLocation(i, i)
	}
	var s Slot
	if err := f.eval(i, l, &s); err != nil {
		return Slot{}, err
	}
	return s, nil
}

// noLocation is the error of a record without location i (or j).
func (f *Frame) noLocation(i, j int) error {
	if _, ok := f.ri.rec.Location(i); ok {
		i = j
	}
	return fmt.Errorf("stackwalk: frame %d: record %d has no location %d", f.Index, f.ri.rec.Index(), i)
}

// eval evaluates location i of the record, already decoded as l, into s.
func (f *Frame) eval(i int, l stackmap.Location, s *Slot) error {
	st := &f.w.st[f.w.cur]
	var mem stackmap.MemoryReader = f.w.cfg.Memory
	if f.ri.ownOrder {
		mem = (*walkMem)(f.w)
	}
	v, err := f.ri.rec.EvaluateLocation(i, l, st, mem)
	if err != nil {
		return err
	}
	s.Value, s.Loc, s.Home = v, l, Home{Kind: HomeComputed}
	switch l.Kind {
	case stackmap.Indirect:
		s.Home = Home{Kind: HomeMemory, Addr: v.Addr}
	case stackmap.Register:
		r := l.Reg
		if r >= ppcHalf && r < ppcHalf+32 && (f.w.abi.arch == regs.PPC64 || f.w.abi.arch == regs.PPC64LE) {
			r -= ppcHalf
		}
		s.Home = st.reg(uint64(r)).Home
	}
	return nil
}

// ppcHalf is LLVM's DWARF number for the 32-bit half of PowerPC r0
// (1200+N for rN).
const ppcHalf = 1200
