// Package xarchreg maps the DWARF register numbers of LLVM stack map
// locations to the register types of the golang.org/x/arch disassemblers
// (x86asm, arm64asm, ppc64asm).
//
// It lives with the stackmaps tool, the only user of golang.org/x/arch, so
// that package regs, which every runtime importing package stackmap pulls
// in, depends on the standard library alone.
package xarchreg

import (
	"golang.org/x/arch/arm64/arm64asm"
	"golang.org/x/arch/ppc64/ppc64asm"
	"golang.org/x/arch/x86/x86asm"
)

// x86Encoding maps the DWARF numbers 0-7 to the hardware encoding that
// x86asm orders its registers by (rax 0, rcx 1, rdx 2, rbx 3, rsp 4, rbp 5,
// rsi 6, rdi 7). DWARF puts rdx before rcx and rsi, rdi before rbp, rsp.
var x86Encoding = [8]uint8{0, 2, 1, 3, 6, 7, 5, 4}

// X86Reg returns the x86asm register for an x86_64 DWARF number holding a
// value of size bytes: eax for 0 with size 4, r8b for 8 with size 1, x3
// for 20 (x86asm has no ymm, zmm or xmm16-31, no mask registers and no
// APX registers, so those report false). Size 0 or 8 means the full
// register.
func X86Reg(dwarf uint16, size int) (x86asm.Reg, bool) {
	switch {
	case dwarf <= 15:
		enc := x86asm.Reg(dwarf)
		if dwarf < 8 {
			enc = x86asm.Reg(x86Encoding[dwarf])
		}
		switch size {
		case 1:
			if enc < 4 {
				return x86asm.AL + enc, true
			}
			if enc < 8 {
				return x86asm.SPB + enc - 4, true
			}
			return x86asm.R8B + enc - 8, true
		case 2:
			return x86asm.AX + enc, true
		case 4:
			return x86asm.EAX + enc, true
		}
		return x86asm.RAX + enc, true
	case dwarf == 16:
		switch size {
		case 2:
			return x86asm.IP, true
		case 4:
			return x86asm.EIP, true
		}
		return x86asm.RIP, true
	case dwarf >= 17 && dwarf <= 32 && size <= 16:
		return x86asm.X0 + x86asm.Reg(dwarf-17), true
	case dwarf >= 33 && dwarf <= 40:
		return x86asm.F0 + x86asm.Reg(dwarf-33), true
	case dwarf >= 41 && dwarf <= 48:
		return x86asm.M0 + x86asm.Reg(dwarf-41), true
	case dwarf >= 50 && dwarf <= 55:
		return x86asm.ES + x86asm.Reg(dwarf-50), true
	}
	return 0, false
}

// ARM64Reg returns the arm64asm register for an AArch64 DWARF number
// holding a value of size bytes: w19 for 19 with size 4, x19 otherwise; sp
// or wsp for 31; b, h, s, d or v for 64-95 by size (size 16 or 0 gives the
// vector register v). SVE, vg and ffr have no counterpart and report false.
func ARM64Reg(dwarf uint16, size int) (arm64asm.Reg, bool) {
	switch {
	case dwarf <= 30:
		if size == 4 {
			return arm64asm.W0 + arm64asm.Reg(dwarf), true
		}
		return arm64asm.X0 + arm64asm.Reg(dwarf), true
	case dwarf == 31:
		if size == 4 {
			return arm64asm.WSP, true
		}
		return arm64asm.SP, true
	case dwarf >= 64 && dwarf <= 95:
		i := arm64asm.Reg(dwarf - 64)
		switch size {
		case 1:
			return arm64asm.B0 + i, true
		case 2:
			return arm64asm.H0 + i, true
		case 4:
			return arm64asm.S0 + i, true
		case 8:
			return arm64asm.D0 + i, true
		}
		return arm64asm.V0 + i, true
	}
	return 0, false
}

// PPC64Reg returns the ppc64asm register for a PowerPC DWARF number holding
// a value of size bytes: rN for N and for LLVM's 1200+N, fN for 32+N (vsN
// with size 16), vN for 77+N (vs(32+N) with size 8 or 4). Condition and
// special registers report false.
func PPC64Reg(dwarf uint16, size int) (ppc64asm.Reg, bool) {
	switch {
	case dwarf <= 31:
		return ppc64asm.R0 + ppc64asm.Reg(dwarf), true
	case dwarf >= 1200 && dwarf <= 1231:
		return ppc64asm.R0 + ppc64asm.Reg(dwarf-1200), true
	case dwarf >= 32 && dwarf <= 63:
		if size == 16 {
			return ppc64asm.VS0 + ppc64asm.Reg(dwarf-32), true
		}
		return ppc64asm.F0 + ppc64asm.Reg(dwarf-32), true
	case dwarf >= 77 && dwarf <= 108:
		if size == 4 || size == 8 {
			return ppc64asm.VS0 + 32 + ppc64asm.Reg(dwarf-77), true
		}
		return ppc64asm.V0 + ppc64asm.Reg(dwarf-77), true
	}
	return 0, false
}
