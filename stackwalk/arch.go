package stackwalk

import (
	"encoding/binary"
	"fmt"

	"github.com/stackmaps/stackmaps/cfi"
	"github.com/stackmaps/stackmaps/regs"
)

// MaxRegs bounds the DWARF register numbers a frame keeps: 0 to 127, the
// same bound as cfi.MaxRegs.
const MaxRegs = cfi.MaxRegs

// abi is what the walker needs to know of an architecture's calling
// convention.
type abi struct {
	arch    regs.Arch
	order   binary.ByteOrder
	ptrSize int
	sp      uint16 // the stack pointer's DWARF number
	// spBelowCFA is how far below the CFA the caller's stack pointer is
	// (regs.Roles.SPBelowCFA: 160 on s390x, 0 elsewhere).
	spBelowCFA uint64
	// saved marks the registers a callee preserves: without a CFI rule
	// their value in the caller is the callee's.
	saved [MaxRegs / 64]uint64
}

// newABI describes one of the supported architectures.
func newABI(a regs.Arch) (abi, error) {
	switch a {
	case regs.X86_64, regs.AArch64, regs.PPC64, regs.PPC64LE, regs.S390X, regs.RISCV64:
	default:
		return abi{}, fmt.Errorf("stackwalk: architecture %v is not supported", a)
	}
	roles := regs.RolesOf(a)
	x := abi{arch: a, order: a.ByteOrder(), ptrSize: a.PointerSize(), sp: roles.StackPointer, spBelowCFA: roles.SPBelowCFA}
	for _, r := range roles.CalleeSaved {
		x.setSaved(r)
	}
	x.setSaved(roles.StackPointer)
	return x, nil
}

func (x *abi) setSaved(r uint16) {
	if r < MaxRegs {
		x.saved[r/64] |= 1 << (r % 64)
	}
}

// calleeSaved reports whether the convention preserves register r.
func (x *abi) calleeSaved(r int) bool {
	return r >= 0 && r < MaxRegs && x.saved[r/64]&(1<<(uint(r)%64)) != 0
}
