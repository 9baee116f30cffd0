package minidump

import (
	"fmt"

	"github.com/stackmaps/stackmaps/linuxregs"
	"github.com/stackmaps/stackmaps/regs"
)

// Thread context flags (winnt.h): the architecture bit and the register
// groups a context holds.
const (
	ContextAMD64 = 0x100000
	ContextARM64 = 0x400000
	// ContextControl: the pc, the stack pointer (and frame pointer and
	// link register on ARM64).
	ContextControl = 0x1
	// ContextInteger: the other general registers.
	ContextInteger = 0x2
	// ContextFloatAMD64 and ContextFloatARM64: the vector registers.
	ContextFloatAMD64 = 0x8
	ContextFloatARM64 = 0x4
)

// Context sizes and offsets: CONTEXT (AMD64) and ARM64_NT_CONTEXT
// (winnt.h; the minidump formats of LLVM and Crashpad agree).
const (
	amd64ContextSize = 1232
	amd64Flags       = 48
	amd64Rax         = 120 // rax rcx rdx rbx rsp rbp rsi rdi r8-r15 rip, 8 bytes each
	amd64Xmm0        = 416 // xmm0-xmm15, 16 bytes each
	arm64ContextSize = 912
	arm64X0          = 8   // x0-x30, then sp, pc
	arm64V0          = 272 // v0-v31, 16 bytes each
)

// amd64Order maps the CONTEXT's integer registers, in their order from
// Rax, to DWARF numbers.
var amd64Order = [16]uint16{0, 2, 1, 3, 7, 6, 4, 5, 8, 9, 10, 11, 12, 13, 14, 15}

// decodeContext decodes a thread context of arch into set and returns its
// flags. The context must hold at least the control registers.
func decodeContext(arch regs.Arch, b []byte, set *linuxregs.Set) (uint32, error) {
	set.Clear()
	set.Arch = arch
	switch arch {
	case regs.X86_64:
		if len(b) < amd64ContextSize {
			return 0, fmt.Errorf("AMD64 context of %d bytes, want %d", len(b), amd64ContextSize)
		}
		flags := le.Uint32(b[amd64Flags:])
		if flags&ContextAMD64 == 0 || flags&ContextControl == 0 {
			return flags, fmt.Errorf("context flags 0x%x: want CONTEXT_AMD64 (0x%x) with CONTEXT_CONTROL", flags, ContextAMD64)
		}
		for i, r := range amd64Order {
			if flags&ContextInteger != 0 || r == 7 {
				set.Set(r, le.Uint64(b[amd64Rax+8*i:]))
			}
		}
		set.PC = le.Uint64(b[amd64Rax+8*16:])
		set.SP = le.Uint64(b[amd64Rax+8*4:])
		set.Set(16, set.PC)
		if flags&ContextFloatAMD64 != 0 {
			set.HasFP = true
			for i := range 16 {
				set.Set(uint16(17+i), le.Uint64(b[amd64Xmm0+16*i:]))
			}
		}
		return flags, nil
	case regs.AArch64:
		if len(b) < arm64ContextSize {
			return 0, fmt.Errorf("ARM64 context of %d bytes, want %d", len(b), arm64ContextSize)
		}
		flags := le.Uint32(b)
		if flags&ContextARM64 == 0 || flags&ContextControl == 0 {
			return flags, fmt.Errorf("context flags 0x%x: want CONTEXT_ARM64 (0x%x) with CONTEXT_CONTROL", flags, ContextARM64)
		}
		for i := range 31 {
			if flags&ContextInteger != 0 || i >= 29 { // fp and lr are control registers
				set.Set(uint16(i), le.Uint64(b[arm64X0+8*i:]))
			}
		}
		set.SP = le.Uint64(b[arm64X0+8*31:])
		set.PC = le.Uint64(b[arm64X0+8*32:])
		set.Set(31, set.SP)
		if flags&ContextFloatARM64 != 0 {
			set.HasFP = true
			for i := range 32 {
				set.Set(uint16(64+i), le.Uint64(b[arm64V0+16*i:]))
			}
		}
		return flags, nil
	}
	return 0, fmt.Errorf("no context layout for %v", arch)
}
