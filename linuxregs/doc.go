// Package linuxregs decodes the register sets Linux gives for a thread of a
// 64-bit process into DWARF register numbers: the general-purpose set
// (NT_PRSTATUS: the pr_reg of a core file's note, an elf_gregset_t, which is
// the struct user_regs_struct that PTRACE_GETREGSET with NT_PRSTATUS fills
// for a live thread: the same bytes, so one decoder serves both) and the
// floating-point set (NT_FPREGSET) where the architecture has one.
//
// Supported: x86_64, AArch64, PowerPC64 (both byte orders), s390x and RISC-V
// 64. The byte order of the bytes is the target's (regs.Arch.ByteOrder).
//
// The package depends on the standard library and package regs only; it
// reads no file and makes no system call. Decoding allocates nothing.
//
// SignalName names the signal a thread stopped with (a core's pr_cursig), in
// the numbering the supported architectures share.
package linuxregs
