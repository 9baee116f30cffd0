package regs

// Roles names the registers with a fixed job in the architecture's usual
// ELF calling convention (System V for x86_64, AAPCS64, the PowerPC ELF
// ABIs, the RISC-V psABI, the s390x ELF ABI), as DWARF numbers.
type Roles struct {
	// FramePointer is the register LLVM uses as frame pointer; stack map
	// Direct and Indirect locations of stackmaps and patchpoints are based
	// on it (rbp 6, x29 29, r31 31, s0 8, r11 11).
	FramePointer uint16
	// StackPointer is the stack pointer (rsp 7, sp 31, r1 1, sp 2, r15 15).
	StackPointer uint16
	// ReturnAddress is the link register, valid when HasReturnAddress is
	// true (x86_64 keeps the return address on the stack instead).
	ReturnAddress    uint16
	HasReturnAddress bool
	// SPBelowCFA is how far below the CFA (DWARF's canonical frame
	// address) the caller's stack pointer is at the call: 160 on s390x,
	// where the CFA is the caller's r15 + 160 (the register save area),
	// 0 elsewhere. On x86_64 the call's return address lies between the
	// stack pointer at the call and the callee's frame (HasReturnAddress
	// is false): the callee's frame starts 8 bytes below the CFA.
	SPBelowCFA uint64
	// CalleeSaved lists the registers LLVM's callee-saved register list
	// (CSR_* in the target's CallingConv.td) preserves, sorted by number. Where only part of a register is preserved (the low 64 bits
	// of AArch64 v8-v15) the register is listed.
	CalleeSaved []uint16
}

// RolesOf returns the roles of the architecture's registers. The
// CalleeSaved slice is a fresh copy. ArchUnknown gives the zero Roles.
func RolesOf(a Arch) Roles {
	var r Roles
	switch a {
	case X86_64:
		r = Roles{FramePointer: 6, StackPointer: 7,
			CalleeSaved: []uint16{3, 6, 12, 13, 14, 15}}
	case AArch64:
		r = Roles{FramePointer: 29, StackPointer: 31, ReturnAddress: 30, HasReturnAddress: true,
			CalleeSaved: seq(nil, 19, 30)}
		r.CalleeSaved = seq(r.CalleeSaved, 72, 79) // v8-v15 (d8-d15)
	case PPC64, PPC64LE, PPC32:
		r = Roles{FramePointer: 31, StackPointer: 1, ReturnAddress: 65, HasReturnAddress: true}
		r.CalleeSaved = seq(nil, 14, 31)            // r14-r31
		r.CalleeSaved = seq(r.CalleeSaved, 46, 63)  // f14-f31
		r.CalleeSaved = seq(r.CalleeSaved, 70, 72)  // cr2-cr4
		r.CalleeSaved = seq(r.CalleeSaved, 97, 108) // v20-v31
	case RISCV64:
		r = Roles{FramePointer: 8, StackPointer: 2, ReturnAddress: 1, HasReturnAddress: true,
			CalleeSaved: []uint16{1, 8, 9}} // ra, s0, s1
		r.CalleeSaved = seq(r.CalleeSaved, 18, 27)    // s2-s11
		r.CalleeSaved = append(r.CalleeSaved, 40, 41) // fs0-fs1
		r.CalleeSaved = seq(r.CalleeSaved, 50, 59)    // fs2-fs11
	case S390X:
		r = Roles{FramePointer: 11, StackPointer: 15, ReturnAddress: 14, HasReturnAddress: true, SPBelowCFA: 160}
		r.CalleeSaved = seq(nil, 6, 15)            // r6-r15
		r.CalleeSaved = seq(r.CalleeSaved, 24, 31) // f8-f15
	}
	return r
}

// seq appends the numbers lo..hi to s.
func seq(s []uint16, lo, hi int) []uint16 {
	for n := lo; n <= hi; n++ {
		s = append(s, uint16(n))
	}
	return s
}
