package linuxregs

import (
	"encoding/binary"
	"errors"
	"fmt"

	"github.com/stackmaps/stackmaps/regs"
)

// Errors of decoding, matched by errors.Is on an *Error.
var (
	// ErrArch means the architecture has no register set layout here.
	ErrArch = errors.New("architecture not supported")
	// ErrSize means the bytes are shorter than the register set.
	ErrSize = errors.New("register set too short")
)

// Error says which register set of which architecture could not be
// decoded, and why.
type Error struct {
	Arch regs.Arch
	Set  string // "NT_PRSTATUS" or "NT_FPREGSET"
	Size int    // bytes given
	Want int    // bytes the set needs (0 for ErrArch)
	Err  error  // ErrArch or ErrSize
}

// Error names the set, the architecture and the sizes.
func (e *Error) Error() string {
	if e.Want == 0 {
		return fmt.Sprintf("linuxregs: %s of %v: %v", e.Set, e.Arch, e.Err)
	}
	return fmt.Sprintf("linuxregs: %s of %v: %v: %d bytes, want %d", e.Set, e.Arch, e.Err, e.Size, e.Want)
}

// Unwrap returns ErrArch or ErrSize.
func (e *Error) Unwrap() error { return e.Err }

// GPRSize returns the size in bytes of arch's general-purpose register set
// (the pr_reg of NT_PRSTATUS, and what PTRACE_GETREGSET NT_PRSTATUS
// fills), 0 for an architecture not supported.
func GPRSize(a regs.Arch) int {
	if l := gprLayout(a); l != nil {
		return l.size
	}
	return 0
}

// FPSize returns the size in bytes of arch's NT_FPREGSET register set, 0
// for an architecture not supported.
func FPSize(a regs.Arch) int {
	if l := fpLayoutOf(a); l != nil {
		return l.size
	}
	return 0
}

// DecodeGPR clears s and fills it from b, arch's general-purpose register
// set in the target's byte order: the pr_reg field of a core's NT_PRSTATUS
// note, or the bytes PTRACE_GETREGSET NT_PRSTATUS gives. b may be longer
// than GPRSize (the rest is ignored), not shorter. It sets s.Arch, s.PC and
// s.SP, and every register of the set that has a DWARF number.
func DecodeGPR(a regs.Arch, b []byte, s *Set) error {
	l := gprLayout(a)
	if l == nil {
		return &Error{Arch: a, Set: "NT_PRSTATUS", Size: len(b), Err: ErrArch}
	}
	if len(b) < l.size {
		return &Error{Arch: a, Set: "NT_PRSTATUS", Size: len(b), Want: l.size, Err: ErrSize}
	}
	decodeSlots(l, b, a.ByteOrder(), s)
	s.Arch = a
	return nil
}

// decodeSlots clears s and fills it from the slots of layout l in b (as
// many as b holds, up to the layout's).
func decodeSlots(l *layout, b []byte, order binary.ByteOrder, s *Set) {
	s.Clear()
	for i, r := range l.dwarf[:min(len(l.dwarf), len(b)/8)] {
		v := order.Uint64(b[8*i:])
		if i == l.pc {
			s.PC = v
		}
		if r != skip {
			s.Set(r, v)
		}
	}
	if l.zero >= 0 {
		s.Set(uint16(l.zero), 0)
	}
	s.SP, _ = s.Register(l.sp)
}

// DecodeFP adds to s the floating-point registers of b, arch's NT_FPREGSET
// register set in the target's byte order (the low 64 bits of each vector
// register where the set holds vectors), and sets s.HasFP. b may be longer
// than FPSize, not shorter. s.Arch must be a, as DecodeGPR sets it.
func DecodeFP(a regs.Arch, b []byte, s *Set) error {
	l := fpLayoutOf(a)
	if l == nil {
		return &Error{Arch: a, Set: "NT_FPREGSET", Size: len(b), Err: ErrArch}
	}
	if len(b) < l.size {
		return &Error{Arch: a, Set: "NT_FPREGSET", Size: len(b), Want: l.size, Err: ErrSize}
	}
	decodeFPSlots(l, b, a.ByteOrder(), s)
	return nil
}

// decodeFPSlots adds the registers of layout l in b to s and sets s.HasFP;
// b must reach the last register (fpNeed).
func decodeFPSlots(l *fpLayout, b []byte, order binary.ByteOrder, s *Set) {
	for i, r := range l.dwarf {
		s.Set(r, order.Uint64(b[l.first+i*l.stride:]))
	}
	s.HasFP = true
}

// fpNeed is the bytes of b decodeFPSlots reads.
func (l *fpLayout) fpNeed() int { return l.first + (len(l.dwarf)-1)*l.stride + 8 }
