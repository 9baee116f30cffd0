package walktest

// CalleeSaved reports whether the register with the given DWARF number is
// preserved across calls by the ABI of arch (the stack pointer included):
// only those can a stack walker restore for an outer frame. A patchpoint's
// live value may sit in a caller-saved register (a copy valid at the start
// of the patchable region); in an outer frame it is lost, and a walker test
// must skip it. PowerPC's 1200+N (the 32-bit half of rN) counts as rN.
func CalleeSaved(arch string, dwarf uint16) bool {
	r := dwarf
	switch arch {
	case "x86_64":
		return r == 3 || r == 6 || r == 7 || (r >= 12 && r <= 15) // rbx rbp rsp r12-r15
	case "aarch64":
		return (r >= 19 && r <= 29) || r == 31 || (r >= 72 && r <= 79) // x19-x29 sp d8-d15
	case "ppc64", "ppc64le":
		if r >= 1200 && r < 1232 {
			r -= 1200
		}
		return r == 1 || r == 2 || (r >= 14 && r <= 31) || // r1 r2(TOC) r14-r31
			(r >= 46 && r <= 63) || (r >= 70 && r <= 72) || (r >= 97 && r <= 108) // f14-f31 cr2-cr4 v20-v31
	case "s390x":
		return (r >= 6 && r <= 15) || (r >= 24 && r <= 31) // r6-r15 f8-f15
	case "riscv64":
		return r == 2 || r == 8 || r == 9 || (r >= 18 && r <= 27) || // sp s0-s11
			r == 40 || r == 41 || (r >= 50 && r <= 59) // fs0-fs11
	}
	return false
}
