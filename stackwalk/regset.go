package stackwalk

import "github.com/stackmaps/stackmaps/stackmap"

// RegisterSet is the register file of the innermost frame, by DWARF number
// (below MaxRegs), as a runtime captured it: at a call (the pc is its
// return address) or at an interrupted instruction. The zero value is
// empty; it is about 1 KB and meant to be reused.
type RegisterSet struct {
	val [MaxRegs]uint64
	set [MaxRegs / 64]uint64
}

// Set gives register r the value v. Registers at or above MaxRegs are
// ignored and reported false.
func (s *RegisterSet) Set(r uint16, v uint64) bool {
	if r >= MaxRegs {
		return false
	}
	s.val[r] = v
	s.set[r/64] |= 1 << (r % 64)
	return true
}

// SetAll copies every register of m below MaxRegs into s.
func (s *RegisterSet) SetAll(m stackmap.Registers) {
	for r, v := range m {
		s.Set(r, v)
	}
}

// Clear forgets every register.
func (s *RegisterSet) Clear() { *s = RegisterSet{} }

// Register returns register r's value: s is a stackmap.RegisterFile.
func (s *RegisterSet) Register(r uint16) (uint64, bool) {
	if r >= MaxRegs || s.set[r/64]&(1<<(r%64)) == 0 {
		return 0, false
	}
	return s.val[r], true
}

// state is one frame's registers: each value with its home. Only the
// registers marked in known hold anything; the others' val and home are
// stale.
type state struct {
	val   [MaxRegs]uint64
	home  [MaxRegs]Home
	known [MaxRegs / 64]uint64
}

// has reports whether register r is known.
func (s *state) has(r uint64) bool { return r < MaxRegs && s.known[r/64]&(1<<(r%64)) != 0 }

// Register returns register r's value when it is known: *state is a
// stackmap.RegisterFile over the frame's recovered registers.
func (s *state) Register(r uint16) (uint64, bool) {
	if !s.has(uint64(r)) {
		return 0, false
	}
	return s.val[r], true
}

// value returns register r's value and true, or 0 and false when r is
// not known (or out of range): reg without the home.
func (s *state) value(r uint) (uint64, bool) {
	if r >= MaxRegs || s.known[r/64]&(1<<(r%64)) == 0 {
		return 0, false
	}
	return s.val[r], true
}

// reg returns register r (unknown when out of range).
func (s *state) reg(r uint64) Reg {
	if !s.has(r) {
		return Reg{}
	}
	return Reg{Value: s.val[r], Home: s.home[r]}
}

// operand returns what a location reads of these registers: the value of
// its register (for PowerPC's 1200+N, rN's), and the home of a value it
// holds in that register (HomeComputed for the kinds that only address
// memory with it, and for constants, which read no register); false when
// the register is not known.
func (s *state) operand(l *stackmap.Location) (uint64, Home, bool) {
	reg, _ := stackmap.PPCHalf(l.Reg)
	if in := l.InRegister(); !in || !s.has(uint64(reg)) {
		return 0, Home{Kind: HomeComputed}, !in
	}
	h := Home{Kind: HomeComputed}
	if l.Kind == stackmap.Register {
		h = s.home[reg]
	}
	return s.val[reg], h, true
}

// reset forgets every register.
func (s *state) reset() { s.known = [MaxRegs / 64]uint64{} }

// set gives register r (below MaxRegs) a value and a home, which must not
// be HomeUnknown.
func (s *state) set(r int, v uint64, h Home) {
	s.val[r], s.home[r] = v, h
	s.known[r/64] |= 1 << (uint(r) % 64)
}

// other returns the state that is not the current frame's: where the slow
// unwind builds the caller's registers.
func (w *Walker) other() *state {
	if w.cs == &w.st[0] {
		return &w.st[1]
	}
	return &w.st[0]
}
