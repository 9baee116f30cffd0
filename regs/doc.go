// Package regs turns the DWARF register numbers of LLVM stack map locations
// into register names, for x86_64, aarch64, ppc64, ppc64le, ppc32, riscv64
// and s390x.
//
// Name gives the canonical name of a number: the full register a runtime
// saves and restores ("rax", "x29", "r31", "v0"). DisplayName also takes
// the location's Size and gives the name of the part that holds the value
// ("eax", "w19", "d8", "ymm2", "vs34"). Lookup goes back from any of those
// names to the number, RolesOf names the frame pointer, stack pointer,
// return address register and callee-saved set.
//
// The package depends on the standard library only, and its initialization
// allocates nothing: the tables are built on first use.
//
// The tables follow LLVM's DwarfRegNum records in each target's
// RegisterInfo.td (cited in each table's file) and are proven against real
// llc 14, 19 and 22 by testdata/regs/gen.sh, which pins a value into every
// allocatable register and records the number LLVM reports.
//
// # Quirks of LLVM's numbering
//
// Sub-registers are reported under the full register's number with a
// smaller Size: a 32-bit value in eax is number 0 with size 4, so
//
//	DisplayName(X86_64, 0, 4) == "eax"
//	DisplayName(AArch64, 19, 4) == "w19"
//	DisplayName(AArch64, 72, 8) == "d8" // v8 holding a double
//
// x86_64 ymm and zmm registers share the xmm numbers (ymm2 is 19 with size
// 32, zmm20 is 71 with size 64); xmm16-31 are 67-82, not 33-48; the mask
// registers k0-k7 are 118-125 (reported with size 8); APX r16-r31 are
// 130-145:
//
//	DisplayName(X86_64, 19, 32) == "ymm2"
//
// On ppc64 a 32-bit value in a GPR rN is reported as 1200+N (LLVM names the
// SPE super-register, as the 32-bit GPR class has no 64-bit DWARF number);
// ppc32 reports such a value as N:
//
//	Name(PPC64, 1205) == "r5"
//
// Every PowerPC target uses the ELFv2/GCC numbering (lr 65, ctr 66, cr0-cr7
// 68-75, v0-v31 77-108) rather than the old SysV one (v0 at 1124). vs0-vs31
// share the f0-f31 numbers and vs32-vs63 the v0-v31 numbers:
//
//	DisplayName(PPC64LE, 37, 16) == "vs5"
//	DisplayName(PPC64LE, 79, 8) == "vs34"
//
// AArch64 SVE registers z0-z31 are 96-127 and p0-p15 48-63, reported with
// their minimum sizes (16 and 2); vg is 46:
//
//	DisplayName(AArch64, 99, 16) == "z3"
//
// s390x numbers its floating-point registers in the ABI's odd order (f0
// 16, f2 17, f4 18, f6 19, f1 20, ...) and v0-v15 share them, while
// v16-v31 start at 68:
//
//	DisplayName(S390X, 22, 8) == "f5"
//	DisplayName(S390X, 22, 16) == "v5"
//
// On riscv64 the canonical names are x0-x31, f0-f31, v0-v31 and
// DisplayName gives the ABI names LLVM prints ("a0", "fs0"):
//
//	DisplayName(RISCV64, 10, 8) == "a0"
//
// Some registers never hold a stack map value although LLVM allocates them
// elsewhere: the stackmap and patchpoint lowering clobbers its scratch
// registers (x86_64 r11, AArch64 x16/x17, PowerPC r12, s390x r0/r1), so LLVM
// copies a value out of them first.
//
// An unknown number is never a panic: Name returns an
// *UnknownRegisterError and DisplayName returns "unknown register N".
package regs
