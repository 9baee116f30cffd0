package linuxregs

import (
	"github.com/stackmaps/stackmaps/regs"
)

// MaxRegs bounds the DWARF register numbers a Set holds: 0 to 127, the
// bound of stackwalk.MaxRegs.
const MaxRegs = 128

// Set is a thread's registers by DWARF number, with its program counter
// (which has no DWARF number on most targets: x86_64 rip is 16, the others
// keep it out of the numbering) and stack pointer. The zero value is empty;
// a Set is about 1 KB and meant to be reused.
type Set struct {
	// Arch is the architecture the registers were decoded for.
	Arch regs.Arch
	// PC is the thread's program counter: the instruction it was stopped
	// at (rip, pc, nip, the PSW address).
	PC uint64
	// SP is the stack pointer.
	SP uint64
	// HasFP reports whether floating-point registers were decoded
	// (DecodeFP).
	HasFP bool

	vals  [MaxRegs]uint64
	known [MaxRegs / 64]uint64
}

// Register returns the value of the register with DWARF number r, and
// false when the set does not hold it: Set is a stackmap.RegisterFile.
func (s *Set) Register(r uint16) (uint64, bool) {
	if r >= MaxRegs || s.known[r/64]&(1<<(r%64)) == 0 {
		return 0, false
	}
	return s.vals[r], true
}

// Set gives register r the value v; it reports false (and does nothing)
// for r at or above MaxRegs.
func (s *Set) Set(r uint16, v uint64) bool {
	if r >= MaxRegs {
		return false
	}
	s.vals[r] = v
	s.known[r/64] |= 1 << (r % 64)
	return true
}

// Clear forgets every register, the PC and SP.
func (s *Set) Clear() {
	*s = Set{}
}

// Len returns the number of registers the set holds.
func (s *Set) Len() int {
	n := 0
	for _, w := range s.known {
		for ; w != 0; w &= w - 1 {
			n++
		}
	}
	return n
}

// Each calls fn for every register the set holds, in increasing DWARF
// number order.
func (s *Set) Each(fn func(r uint16, v uint64)) {
	for r := uint16(0); r < MaxRegs; r++ {
		if s.known[r/64]&(1<<(r%64)) != 0 {
			fn(r, s.vals[r])
		}
	}
}
