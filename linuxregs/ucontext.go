package linuxregs

import (
	"github.com/stackmaps/stackmaps/regs"
)

// ucLayout is where one architecture's ucontext_t (the third argument of
// an SA_SIGINFO signal handler, and what the kernel saves in a signal
// frame) keeps the interrupted registers: its machine context (uc_mcontext)
// at a fixed offset, holding the general registers in a layout, and, where
// the context holds them, the floating-point registers. The offsets are
// the same in the kernel's struct ucontext and the C library's ucontext_t
// (glibc's sigset_t is larger than the kernel's, but the kernel pads its
// own to 128 bytes where uc_sigmask precedes uc_mcontext).
type ucLayout struct {
	gprOff int     // the general registers' first slot
	gpr    *layout // their layout
	nslots int     // the slots of gpr the context holds
	fpOff  int     // the floating-point registers (fp's first slot at fpOff+fp.first), when fp is not nil
	fp     *fpLayout
	// fpMagic, when not 0: the floating-point registers are in a record
	// at fpOff whose first 4 bytes must be fpMagic and next 4 at least
	// fpRecSize (AArch64's fpsimd_context, the first record of
	// __reserved); otherwise they are absent.
	fpMagic, fpRecSize uint32
	fpAddrOff          int // x86_64: the slot of the pointer to the FXSAVE area (-1: none)
	size               int // bytes DecodeUcontext needs
}

// x86_64 struct sigcontext_64 / glibc mcontext_t (arch/x86/include/uapi/
// asm/sigcontext.h; uc_mcontext at 40, after uc_flags, uc_link and
// uc_stack): gregs[23] = r8-r15 rdi rsi rbp rbx rdx rax rcx rsp rip eflags
// csgsfs err trapno oldmask cr2 (not NT_PRSTATUS's order), then fpstate, a
// pointer to the FXSAVE area (NT_FPREGSET's layout) elsewhere on the
// signal stack.
var x86_64UC = layout{
	size:  23 * 8,
	dwarf: []uint16{8, 9, 10, 11, 12, 13, 14, 15, 5, 4, 6, 3, 1, 0, 2, 7, 16, 49, skip, skip, skip, skip, skip},
	pc:    16, sp: 7, zero: -1,
}

var ucLayouts = [...]struct {
	arch regs.Arch
	uc   ucLayout
}{
	{regs.X86_64, ucLayout{gprOff: 40, gpr: &x86_64UC, nslots: 23, fpAddrOff: 40 + 23*8, size: 40 + 24*8}},
	// AArch64 struct sigcontext (arch/arm64/include/uapi/asm/sigcontext.h;
	// uc_mcontext at 176, after uc_sigmask and its padding to 1024 bits,
	// aligned to 16): fault_address, then regs[31], sp, pc, pstate (the
	// NT_PRSTATUS layout, user_pt_regs) at 184; __reserved at 464, whose
	// first record is fpsimd_context (magic 0x46508001, 528 bytes: head,
	// fpsr, fpcr, vregs[32] from its byte 16).
	{regs.AArch64, ucLayout{gprOff: 184, gpr: &aarch64GPR, nslots: 34, fpOff: 464 + 16, fp: &aarch64FP,
		fpMagic: 0x46508001, fpRecSize: 528, fpAddrOff: -1, size: 184 + 34*8}},
	// PowerPC64 struct sigcontext (arch/powerpc/include/uapi/asm/
	// sigcontext.h; uc_mcontext at 168): _unused[4], signal, _pad0,
	// handler, oldmask, regs (a pointer to gp_regs), gp_regs at 232 (the
	// NT_PRSTATUS layout, elf_gregset_t, 48 slots), fp_regs at 616 (33).
	{regs.PPC64, ucLayout{gprOff: 232, gpr: &ppc64GPR, nslots: 48, fpOff: 616, fp: &ppc64FP, fpAddrOff: -1, size: 616 + 33*8}},
	{regs.PPC64LE, ucLayout{gprOff: 232, gpr: &ppc64GPR, nslots: 48, fpOff: 616, fp: &ppc64FP, fpAddrOff: -1, size: 616 + 33*8}},
	// s390x _sigregs (arch/s390/include/uapi/asm/sigcontext.h; uc_mcontext
	// at 40, before uc_sigmask): psw mask, psw addr, gprs[16] (the
	// NT_PRSTATUS layout's first 18 slots), acrs[16], then fpregs at 248
	// (fpc, pad, fprs[16]: NT_FPREGSET's layout).
	{regs.S390X, ucLayout{gprOff: 40, gpr: &s390xGPR, nslots: 18, fpOff: 248, fp: &s390xFP, fpAddrOff: -1, size: 248 + 8 + 16*8}},
	// RISC-V 64 struct sigcontext (arch/riscv/include/uapi/asm/
	// sigcontext.h; uc_mcontext at 176, aligned to 16): sc_regs (the
	// NT_PRSTATUS layout: pc, x1-x31), then sc_fpregs at 432 (the D
	// extension's f[32] and fcsr).
	{regs.RISCV64, ucLayout{gprOff: 176, gpr: &riscv64GPR, nslots: 32, fpOff: 432, fp: &riscv64FP, fpAddrOff: -1, size: 432 + 32*8 + 4}},
}

func ucLayoutOf(a regs.Arch) *ucLayout {
	for i := range ucLayouts {
		if ucLayouts[i].arch == a {
			return &ucLayouts[i].uc
		}
	}
	return nil
}

// UcontextSize returns the bytes of arch's ucontext_t DecodeUcontext reads
// (from the start of the ucontext_t: less than its size, which the C
// library rounds up), 0 for an architecture not supported.
func UcontextSize(a regs.Arch) int {
	if l := ucLayoutOf(a); l != nil {
		return l.size
	}
	return 0
}

// DecodeUcontext clears s and fills it from b, the bytes of a ucontext_t
// in the target's byte order from its start: the context a signal handler
// installed with SA_SIGINFO receives as its third argument (the kernel's
// struct ucontext in the signal frame, which a trampoline's sigreturn
// restores). It sets s.Arch, s.PC and s.SP (the interrupted instruction
// and its stack pointer) and every general register with a DWARF number;
// and the floating-point registers where the context holds them (s.HasFP):
// AArch64 when the first record of __reserved is fpsimd_context and b
// holds it, PowerPC64, s390x and RISC-V 64 (the D extension's registers)
// when b reaches them. x86_64's context holds only a pointer to its FXSAVE
// area (UcontextFPAddr): read those 512 bytes and give them to DecodeFP.
//
// b may be longer than UcontextSize, not shorter. Every register is the
// interrupted frame's, as with a thread stopped by ptrace: walk from them
// with stackwalk.Walker.StartAsync(s.PC, ...).
func DecodeUcontext(a regs.Arch, b []byte, s *Set) error {
	l := ucLayoutOf(a)
	if l == nil {
		return &Error{Arch: a, Set: "ucontext_t", Size: len(b), Err: ErrArch}
	}
	if len(b) < l.size {
		return &Error{Arch: a, Set: "ucontext_t", Size: len(b), Want: l.size, Err: ErrSize}
	}
	order := a.ByteOrder()
	decodeSlots(l.gpr, b[l.gprOff:l.gprOff+8*min(l.nslots, len(l.gpr.dwarf))], order, s)
	s.Arch = a
	if l.fp == nil {
		return nil
	}
	off := l.fpOff
	if l.fpMagic != 0 {
		head := off - 16
		if len(b) < head+int(l.fpRecSize) || order.Uint32(b[head:]) != l.fpMagic || order.Uint32(b[head+4:]) < l.fpRecSize {
			return nil
		}
	}
	if len(b)-off >= l.fp.fpNeed() {
		decodeFPSlots(l.fp, b[off:], order, s)
	}
	return nil
}

// UcontextFPAddr returns the address of the floating-point state a
// ucontext_t b points to (x86_64: uc_mcontext.fpregs, the FXSAVE area whose
// first 512 bytes are NT_FPREGSET's layout, for DecodeFP), false on an
// architecture whose context holds the registers itself, when b is too
// short, or when the pointer is null (no FP state).
func UcontextFPAddr(a regs.Arch, b []byte) (uint64, bool) {
	l := ucLayoutOf(a)
	if l == nil || l.fpAddrOff < 0 || len(b) < l.fpAddrOff+8 {
		return 0, false
	}
	v := a.ByteOrder().Uint64(b[l.fpAddrOff:])
	return v, v != 0
}

// UcontextOffsets calls fn with the DWARF number and the byte offset in
// arch's ucontext_t of every register DecodeUcontext decodes (the general
// registers, and the floating-point registers where the context holds
// them: not x86_64's, behind a pointer; AArch64's only where its record is
// there, see UcontextFPRecord), and returns the offset of the interrupted
// pc; false for an architecture not supported. An unwinder that
// recognises a signal trampoline reads the interrupted registers at these
// offsets from the ucontext in its frame.
func UcontextOffsets(a regs.Arch, fn func(r uint16, off int)) (pcOff int, ok bool) {
	l := ucLayoutOf(a)
	if l == nil {
		return 0, false
	}
	g := l.gpr
	for i, r := range g.dwarf[:min(l.nslots, len(g.dwarf))] {
		if r != skip {
			fn(r, l.gprOff+8*i)
		}
	}
	if l.fp != nil {
		for i, r := range l.fp.dwarf {
			fn(r, l.fpOff+l.fp.first+i*l.fp.stride)
		}
	}
	return l.gprOff + 8*g.pc, true
}

// UcontextFPRecord returns where arch's ucontext_t may hold a record that
// must be there for its floating-point registers to be (AArch64: the
// fpsimd_context record at the start of uc_mcontext.__reserved, at offset
// off: its first 4 bytes are magic, its next 4 its size, at least size),
// and false for an architecture whose context has no such record (its
// floating-point registers, where UcontextOffsets gives them, are always
// there).
func UcontextFPRecord(a regs.Arch) (off int, magic, size uint32, ok bool) {
	l := ucLayoutOf(a)
	if l == nil || l.fp == nil || l.fpMagic == 0 {
		return 0, 0, 0, false
	}
	return l.fpOff - 16, l.fpMagic, l.fpRecSize, true
}
