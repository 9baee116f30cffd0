package linuxregs

import (
	"github.com/stackmaps/stackmaps/regs"
)

// The tables below are literals, not built by code: the package allocates
// nothing when it is initialized.

// skip marks a slot of a register set that has no DWARF number here.
const skip = 0xffff

// layout is one architecture's general-purpose register set: 8-byte slots
// in the kernel's order, each given its DWARF number (skip for none).
type layout struct {
	size  int      // bytes of the set as the kernel writes it
	dwarf []uint16 // per 8-byte slot
	pc    int      // slot of the program counter
	sp    uint16   // DWARF number of the stack pointer
	zero  int      // DWARF number of a register that reads as zero (riscv64 x0), or -1
}

// x86_64 struct user_regs_struct (arch/x86/include/asm/user_64.h): r15 r14
// r13 r12 rbp rbx r11 r10 r9 r8 rax rcx rdx rsi rdi orig_rax rip cs eflags
// rsp ss fs_base gs_base ds es fs gs. DWARF: rax 0 rdx 1 rcx 2 rbx 3 rsi 4
// rdi 5 rbp 6 rsp 7 r8-r15 8-15, rip 16, rflags 49, fs.base 58, gs.base 59.
var x86_64GPR = layout{
	size: 27 * 8,
	dwarf: []uint16{15, 14, 13, 12, 6, 3, 11, 10, 9, 8, 0, 2, 1, 4, 5, skip, 16, skip, 49, 7, skip,
		58, 59, skip, skip, skip, skip},
	pc: 16, sp: 7, zero: -1,
}

// AArch64 struct user_pt_regs: x0-x30, sp, pc, pstate. DWARF x0-x30 0-30,
// sp 31; the pc has no DWARF number that LLVM uses.
var aarch64GPR = layout{
	size:  34 * 8,
	dwarf: []uint16{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, skip, skip},
	pc:    32, sp: 31, zero: -1,
}

// PowerPC64 elf_gregset_t (ELF_NGREG 48; struct pt_regs first): gpr[32],
// nip, msr, orig_gpr3, ctr, link, xer, ccr, softe, trap, dar, dsisr,
// result, then padding. DWARF r0-r31 0-31, ctr 66, lr 65.
var ppc64GPR = layout{
	size:  48 * 8,
	dwarf: []uint16{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, skip, skip, skip, 66, 65},
	pc:    32, sp: 1, zero: -1,
}

// s390x s390_regs: psw mask, psw addr, gprs[16], acrs[16] (4 bytes each),
// orig_gpr2. DWARF r0-r15 0-15.
var s390xGPR = layout{
	size:  2*8 + 16*8 + 16*4 + 8,
	dwarf: []uint16{skip, skip, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15},
	pc:    1, sp: 15, zero: -1,
}

// RISC-V 64 struct user_regs_struct: pc, then x1-x31 (ra sp gp tp t0-t2 s0
// s1 a0-a7 s2-s11 t3-t6). DWARF x0-x31 0-31; x0 reads as zero.
var riscv64GPR = layout{
	size:  32 * 8,
	dwarf: []uint16{skip, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31},
	pc:    0, sp: 2, zero: 0,
}

func gprLayout(a regs.Arch) *layout {
	switch a {
	case regs.X86_64:
		return &x86_64GPR
	case regs.AArch64:
		return &aarch64GPR
	case regs.PPC64, regs.PPC64LE:
		return &ppc64GPR
	case regs.S390X:
		return &s390xGPR
	case regs.RISCV64:
		return &riscv64GPR
	}
	return nil
}

// fpLayout is one architecture's floating-point register set: n registers
// of 8 bytes (the low 64 bits of a vector register) every stride bytes from
// first, register i with DWARF number dwarf[i].
type fpLayout struct {
	size          int
	first, stride int
	dwarf         []uint16
}

// x86_64 user_fpregs_struct (the FXSAVE area, 512 bytes): xmm0-15 at 160,
// 16 bytes each; DWARF 17-32 (low 64 bits kept).
var x86_64FP = fpLayout{size: 512, first: 160, stride: 16, dwarf: []uint16{17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32}}

// AArch64 user_fpsimd_state: vregs[32] (16 bytes each), fpsr, fpcr;
// DWARF v0-v31 64-95 (low 64 bits: d0-d31).
var aarch64FP = fpLayout{size: 32*16 + 8, first: 0, stride: 16, dwarf: []uint16{64, 65, 66, 67, 68, 69, 70, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81, 82, 83, 84, 85, 86, 87, 88, 89, 90, 91, 92, 93, 94, 95}}

// PowerPC64 elf_fpregset_t: f0-f31 then fpscr; DWARF 32-63.
var ppc64FP = fpLayout{size: 33 * 8, first: 0, stride: 8, dwarf: []uint16{32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63}}

// s390x s390_fp_regs: fpc (4 bytes), pad, f0-f15. DWARF numbers follow the
// ABI's order f0 f2 f4 f6 f1 f3 f5 f7 f8 f10 f12 f14 f9 f11 f13 f15 = 16-31.
var s390xFP = fpLayout{size: 8 + 16*8, first: 8, stride: 8,
	dwarf: []uint16{16, 20, 17, 21, 18, 22, 19, 23, 24, 28, 25, 29, 26, 30, 27, 31}}

// RISC-V 64 __riscv_d_ext_state: f[32], fcsr; DWARF f0-f31 32-63.
var riscv64FP = fpLayout{size: 32*8 + 4, first: 0, stride: 8, dwarf: []uint16{32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63}}

func fpLayoutOf(a regs.Arch) *fpLayout {
	switch a {
	case regs.X86_64:
		return &x86_64FP
	case regs.AArch64:
		return &aarch64FP
	case regs.PPC64, regs.PPC64LE:
		return &ppc64FP
	case regs.S390X:
		return &s390xFP
	case regs.RISCV64:
		return &riscv64FP
	}
	return nil
}
