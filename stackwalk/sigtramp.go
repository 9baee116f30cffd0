package stackwalk

import (
	"github.com/stackmaps/stackmaps/cfi"
	"github.com/stackmaps/stackmaps/linuxregs"
	"github.com/stackmaps/stackmaps/regs"
)

// Signal trampolines that no CFI covers (the vDSO's __kernel_rt_sigreturn
// on arm64, whose CFI the kernel removed; qemu-user's trampoline page;
// musl's __restore_rt) are recognised by their code (with
// Config.SignalTrampolines), as libgcc's
// MD_FALLBACK_FRAME_STATE_FOR and LLVM libunwind's stepThroughSigReturn
// do: the instructions at the pc the handler returned to make the
// rt_sigreturn system call, and the kernel's signal frame (struct
// rt_sigframe) holds the interrupted registers in its ucontext, at a
// place fixed relative to the stack pointer the handler was given (which
// it restores before it returns):
//
//   - x86_64 (arch/x86/kernel/signal_64.c): mov $15,%rax; syscall. The
//     handler's ret popped pretcode: the ucontext is at sp.
//   - AArch64 (arch/arm64/kernel/signal.c): mov x8,#139; svc #0. sp is
//     the frame: siginfo (128 bytes), then the ucontext.
//   - PowerPC64 (arch/powerpc/kernel/signal_64.c, vdso/sigtramp64.S):
//     li r0,172; sc, or the vDSO's addi r1,r1,128 before them. The
//     handler ran with r1 = frame - 128 (__SIGNAL_FRAMESIZE) and the
//     frame starts with the ucontext; its uc_mcontext.regs points to its
//     gp_regs, which tells where qemu-user put it (see ppcContext).
//   - s390x (arch/s390/kernel/signal.c): svc 173 (rt_sigreturn): 160
//     bytes the callee may use, the svc (8 bytes with padding), siginfo
//     (128), then the ucontext; svc 119 (sigreturn, a frame without
//     SA_SIGINFO): the sigcontext at sp+160 holds oldmask and a pointer to
//     the _sigregs (the same layout as uc_mcontext).
//   - RISC-V 64 (arch/riscv/kernel/signal.c): li a7,139; ecall. sp is the
//     frame: siginfo, then the ucontext.
//
// The ucontext's layout is linuxregs' (UcontextOffsets).

// sigPCReg is the column a recognised trampoline's row gives the
// interrupted pc in (its return address column): rip on x86_64; on the
// others a number no register of the frame uses (AArch64 32, LLVM
// libunwind's pc; PowerPC 67, GCC's argument pointer; s390x 65, the PSW
// address; RISC-V 64, the first number after the FP registers).
func sigPCReg(a regs.Arch) uint16 {
	switch a {
	case regs.X86_64:
		return 16
	case regs.AArch64:
		return 32
	case regs.PPC64, regs.PPC64LE:
		return 67
	case regs.S390X:
		return 65
	}
	return 64
}

// sigTramp enters frame i at pc as a signal trampoline when the code at
// pc is one (see above) and the walk knows the stack pointer: its row,
// built in w.trow, loads every register of the interrupted frame from the
// ucontext. It reports false, changing nothing, for any other code.
func (w *Walker) sigTramp(i int, pc, sp uint64, spKnown, call bool) bool {
	if !w.cfg.SignalTrampolines || !spKnown {
		return false
	}
	uc, ok := w.sigContext(pc, sp)
	if !ok {
		return false
	}
	cfa := sp + w.abi.spBelowCFA
	row := &w.trow
	*row = cfi.Row{Start: pc, End: pc + 1, CFA: cfi.CFARule{Kind: cfi.CFARegOffset, Reg: w.abi.sp, Offset: int64(w.abi.spBelowCFA)}}
	// Floating-point registers kept in a record (AArch64's
	// fpsimd_context, DWARF 64-95) are taken only when its header is
	// there.
	fpOK := true
	if off, magic, size, ok := linuxregs.UcontextFPRecord(w.abi.arch); ok {
		m, err1 := w.load(uc+uint64(off), 4)
		n, err2 := w.load(uc+uint64(off)+4, 4)
		fpOK = err1 == nil && err2 == nil && uint32(m) == magic && uint32(n) >= size
	}
	pcOff, ok := linuxregs.UcontextOffsets(w.abi.arch, func(r uint16, off int) {
		if r < MaxRegs && (fpOK || r < 64) {
			row.Regs[r] = cfi.Rule{Kind: cfi.RuleOffset, Offset: int64(uc + uint64(off) - cfa)}
		}
	})
	if !ok {
		return false
	}
	row.RAReg = sigPCReg(w.abi.arch)
	row.Regs[row.RAReg] = cfi.Rule{Kind: cfi.RuleOffset, Offset: int64(uc + uint64(pcOff) - cfa)}
	w.row, w.recipe, w.rowMod, w.stopPC, w.stopSP = row, nil, nil, 0, 0
	w.fr = Frame{Index: i, PC: pc, CFA: cfa, SP: sp, call: call, signal: true, w: w}
	w.last = w.cfg.StopPCHigh != 0 && pc >= w.cfg.StopPCLow && pc < w.cfg.StopPCHigh
	return true
}

// sigContext returns the address of the ucontext of the signal frame
// whose trampoline's code is at pc, with the stack pointer sp; false when
// the code is no trampoline this package knows or cannot be read.
func (w *Walker) sigContext(pc, sp uint64) (uint64, bool) {
	switch w.abi.arch {
	case regs.X86_64:
		// 48 c7 c0 0f 00 00 00: mov $15,%rax; 0f 05: syscall.
		a, err := w.load(pc, 8)
		if err != nil || a != 0x0f0000000fc0c748 {
			return 0, false
		}
		if b, err := w.load(pc+8, 1); err != nil || b != 0x05 {
			return 0, false
		}
		return sp, true
	case regs.AArch64, regs.RISCV64:
		a, b, ok := w.code2(pc)
		switch {
		case !ok:
			return 0, false
		case w.abi.arch == regs.AArch64 && a == 0xd2801168 && b == 0xd4000001: // mov x8,#139; svc #0
		case w.abi.arch == regs.RISCV64 && a == 0x08b00893 && b == 0x00000073: // li a7,139; ecall
		default:
			return 0, false
		}
		return sp + 128, true // after the siginfo
	case regs.PPC64, regs.PPC64LE:
		a, b, ok := w.code2(pc)
		if !ok {
			return 0, false
		}
		if a == 0x38210080 { // addi r1,r1,128 (the vDSO's), then the call
			if a, b, ok = w.code2(pc + 4); !ok {
				return 0, false
			}
		}
		if a != 0x380000ac || b != 0x44000002 { // li r0,172; sc
			return 0, false
		}
		return w.ppcContext(sp)
	case regs.S390X:
		c, err := w.load(pc, 2)
		if err != nil {
			return 0, false
		}
		switch c {
		case 0x0aad: // svc 173: rt_sigreturn
			return sp + 160 + 8 + 128, true
		case 0x0a77: // svc 119: sigreturn; the _sigregs pointer after oldmask
			p, err := w.load(sp+160+8, 8)
			if err != nil || p < 40 {
				return 0, false
			}
			return p - 40, true // as if _sigregs were a ucontext's uc_mcontext
		}
	}
	return 0, false
}

// code2 reads the two 4-byte instructions at pc, in the target's order.
func (w *Walker) code2(pc uint64) (uint32, uint32, bool) {
	a, err := w.load(pc, 4)
	if err != nil {
		return 0, 0, false
	}
	b, err := w.load(pc+4, 4)
	if err != nil {
		return 0, 0, false
	}
	return uint32(a), uint32(b), true
}

// ppcContext finds the ucontext of a PowerPC64 signal frame from r1 at
// the trampoline: the kernel's is at r1+128 (__SIGNAL_FRAMESIZE); the
// candidate taken is the one whose uc_mcontext.regs (at 224) points to its
// own gp_regs (at 232), which also finds qemu-user's.
func (w *Walker) ppcContext(sp uint64) (uint64, bool) {
	for _, off := range ppcContextOffsets {
		uc := sp + off
		if p, err := w.load(uc+224, 8); err == nil && p == uc+232 {
			return uc, true
		}
	}
	return 0, false
}

// ppcContextOffsets are where a PowerPC64 ucontext may be above r1 at the
// trampoline: the kernel's (__SIGNAL_FRAMESIZE), then qemu-user 7.2's, 16
// bytes higher (its regs pointer found in its guest cores of
// testdata/core's programs, on ppc64 and ppc64le).
var ppcContextOffsets = [...]uint64{128, 144}
