package stackwalk

import (
	"fmt"

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
func (f *Frame) NumDeopt() int { return int(f.rf().ndeopt) }

// Deopt evaluates deopt value i with the frame's registers.
func (f *Frame) Deopt(i int) (Slot, error) {
	r := f.rf()
	if uint(i) >= uint(r.ndeopt) {
		return Slot{}, f.noValue("deopt value", i)
	}
	// Deopt value i is plan i.
	if uint(i) < maxPlans {
		if v, h, ok := f.value(uint(i)); ok {
			return Slot{Value: v, Loc: r.plan[i].location(), Home: h}, nil
		}
	}
	return f.slot(i + int(r.base))
}

// NumRoots returns the number of GC pointer pairs (0 unless the record is
// a statepoint).
func (f *Frame) NumRoots() int { return int(f.rf().nroots) }

// Root evaluates GC pointer pair i.
func (f *Frame) Root(i int) (Root, error) {
	r := f.rf()
	if uint(i) >= uint(r.nroots) {
		return Root{}, f.noValue("GC root", i)
	}
	bi := int(r.firstPair) + 2*i
	di := bi + 1
	bk := uint(bi - int(r.base)) // the plans of the pair's locations: bk, bk+1
	if bk >= maxPlans-1 {
		return f.rootSlow(bi, di)
	}
	bv, bh, ok := f.value(bk)
	if !ok {
		return f.rootSlow(bi, di)
	}
	bl := r.plan[bk].location()
	if r.samePair>>(bk+1)&1 != 0 {
		// The same location: the same value.
		return Root{Base: Slot{Value: bv, Loc: bl, Home: bh}, Derived: Slot{Value: bv, Loc: bl, Home: bh}}, nil
	}
	dv, dh, ok := f.value(bk + 1)
	if !ok {
		return f.rootSlow(bi, di)
	}
	return Root{Base: Slot{Value: bv, Loc: bl, Home: bh}, Derived: Slot{Value: dv, Loc: r.plan[bk+1].location(), Home: dh}}, nil
}

// rootSlow is Root for the locations value cannot evaluate: each through
// slot, which says why.
func (f *Frame) rootSlow(bi, di int) (Root, error) {
	base, err := f.slot(bi)
	if err != nil {
		return Root{}, err
	}
	derived, err := f.slot(di)
	if err != nil {
		return Root{}, err
	}
	return Root{Base: base, Derived: derived}, nil
}

// noValue is the error of a frame without value i of a kind.
//
//go:noinline
func (f *Frame) noValue(what string, i int) error {
	return fmt.Errorf("stackwalk: frame %d has no %s %d", f.Index, what, i)
}

// NumGCSlots returns the number of GC stack slots (allocas holding GC
// pointers) of a statepoint.
func (f *Frame) NumGCSlots() int {
	if r := f.rf(); r.isSP {
		return r.cold.stateptr.NumGCSlots()
	}
	return 0
}

// GCSlot evaluates GC stack slot i: its Bits are the slot's address, and
// its home is that memory.
func (f *Frame) GCSlot(i int) (Slot, error) {
	if i < 0 || i >= f.NumGCSlots() {
		return Slot{}, fmt.Errorf("stackwalk: frame %d has no GC slot %d", f.Index, i)
	}
	s, err := f.slot(f.rf().cold.stateptr.GCSlotIndex(i))
	if err != nil {
		return Slot{}, err
	}
	s.Home = Home{Kind: HomeMemory, Addr: s.Bits}
	return s, nil
}

// value evaluates plan k (location base+k) of the record on the fast path, by its
// valuePlan (stackmap's rule worked out when the record was found),
// reading the frame's registers and memory itself (no interface call for
// a stackmap.Memory): a location decoded when the record was found, of a
// table in the target's byte order, whose register the frame knows and
// whose slot, if any, memory can read. It returns false for every other
// case (slot then evaluates it, or says why it cannot). The value and its
// home come back in registers (eight words: the location would make them
// go through memory; the caller takes it from the plan), so a caller
// builds its Slot once.
func (f *Frame) value(k uint) (stackmap.Value, Home, bool) {
	if k >= maxPlans {
		return stackmap.Value{}, Home{}, false
	}
	p := &f.ri.plan[k]
	s := f.w.cs
	gpr, _ := stackmap.PPCHalf(p.reg)
	reg := gpr & (MaxRegs - 1)
	known := s.known[reg/64]&(1<<(reg%64)) != 0
	switch p.kind {
	case stackmap.Indirect:
		if !known {
			break
		}
		addr := s.val[reg] + uint64(int64(p.off))
		bits, ok := uint64(0), false
		if p.size >= 8 {
			bits, ok = f.w.loadFlat8(addr, 8)
		}
		if !ok {
			if bits, ok = f.w.loadOther(addr, int(p.size)); !ok {
				break // slot says why
			}
		}
		return stackmap.Value{Bits: bits, Addr: addr, Size: int(p.size), InMemory: true}, Home{Kind: HomeMemory, Addr: addr}, true
	case stackmap.Register:
		if !known {
			break
		}
		v, _ := p.location().ResolveRegister(s.val[reg])
		return v, s.home[reg], true
	case stackmap.Constant:
		return stackmap.Value{Bits: uint64(p.location().SmallConstant()), Size: int(p.size)}, Home{Kind: HomeComputed}, true
	case stackmap.Direct:
		if !known {
			break
		}
		return stackmap.Value{Bits: s.val[reg] + uint64(int64(p.off)), Size: int(p.size)}, Home{Kind: HomeComputed}, true
	}
	return stackmap.Value{}, Home{}, false
}

// slot evaluates location i of the record in every case: value's, and a
// location past those decoded when the record was found, a register the
// frame does not know, memory that is not a stackmap.Memory or a slot not
// 8 bytes wide, a table in another byte order; and it says why a location
// cannot be evaluated.
func (f *Frame) slot(i int) (Slot, error) {
	r := f.ri.cold
	l, ok := r.rec.Location(i)
	if !ok {
		return Slot{}, fmt.Errorf("stackwalk: frame %d: record %d has no location %d", f.Index, r.rec.Index(), i)
	}
	if !f.ri.ownOrder {
		return f.evalOther(i, l)
	}
	base, home, ok := f.w.cs.operand(&l)
	if !ok {
		return Slot{}, &stackmap.EvalError{Record: r.rec.Index(), Location: i, Reg: l.Reg, Err: stackmap.ErrNoRegister}
	}
	v, load := r.rec.Resolve(l, base)
	if load {
		bits, err := f.w.loadValue(v.Addr, v.Size)
		if err != nil {
			return Slot{}, &stackmap.EvalError{Record: r.rec.Index(), Location: i, Reg: l.Reg, Addr: v.Addr,
				Err: fmt.Errorf("%w: %w", stackmap.ErrMemory, err)}
		}
		v.Bits = bits
		home = Home{Kind: HomeMemory, Addr: v.Addr}
	}
	return Slot{Value: v, Loc: l, Home: home}, nil
}

// evalOther evaluates location i (decoded as l) of a record whose table
// is not in the target's byte order, through stackmap's evaluation with
// the frame's registers and Config.Memory.
func (f *Frame) evalOther(i int, l stackmap.Location) (Slot, error) {
	st := f.w.cs
	v, err := f.ri.cold.rec.EvaluateLocation(i, l, st, f.w.cfg.Memory)
	if err != nil {
		return Slot{}, err
	}
	s := Slot{Value: v, Loc: l, Home: Home{Kind: HomeComputed}}
	switch l.Kind {
	case stackmap.Indirect:
		s.Home = Home{Kind: HomeMemory, Addr: v.Addr}
	case stackmap.Register:
		_, s.Home, _ = st.operand(&l)
	}
	return s, nil
}

// loadOther is loadValue for value's slots that loadFlat8 does not read
// (another MemoryReader, a narrower slot), false where it fails; kept out
// of value so that the common path stays small.
//
//go:noinline
func (w *Walker) loadOther(addr uint64, size int) (uint64, bool) {
	v, err := w.loadValue(addr, size)
	return v, err == nil
}

// loadValue reads the first min(size, 8) bytes of an Indirect location's
// slot in the target's byte order.
func (w *Walker) loadValue(addr uint64, size int) (uint64, error) {
	if size < 1 {
		return 0, fmt.Errorf("stackwalk: cannot read a %d-byte integer: %w", size, ErrMemory)
	}
	return w.load(addr, min(size, 8))
}
