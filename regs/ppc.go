package regs

// PowerPC DWARF register numbers, from DwarfRegNum in
// llvm/lib/Target/PowerPC/PPCRegisterInfo.td, checked against llc 14, 19
// and 22 by testdata/regs. LLVM uses the ELFv2/GCC numbering for every
// PowerPC target, big- or little-endian, 32- or 64-bit: r0-r31 0-31, f0-f31
// 32-63, lr 65, ctr 66, cr0-cr7 68-75, xer 76, v0-v31 77-108, vrsave 109.
//
// Quirks:
//   - On ppc64 the 32-bit GPR class has no DWARF number of its own, so LLVM
//     reports a 32-bit value in rN under its SPE super-register: 1200+N with
//     size 4.
//   - vs0-vs31 alias f0-f31 (a 16-byte value in vs5 is 37), and the scalar
//     halves of vs32-vs63 alias v0-v31 (a double in vs34 is 79 with size 8).
//   - spefscr is 612 in the 64-bit flavour and 112 in the 32-bit one.

func buildPPC64() table { return buildPPC(612) }

func buildPPC32() table { return buildPPC(112) }

func buildPPC(spefscr int) table {
	var t table
	for i := 0; i <= 31; i++ {
		t = append(t, plain(i, regN("r", i), ClassGPR))
		t = append(t, plain(1200+i, regN("r", i), ClassGPR))
	}
	for i := 0; i <= 31; i++ {
		var v [numViews]string
		v = sized(v, regN("vs", i), 16)
		t = append(t, withViews(32+i, regN("f", i), ClassFPR, v))
	}
	for i := 0; i <= 31; i++ {
		var v [numViews]string
		v = sized(v, regN("vs", 32+i), 4, 8)
		t = append(t, withViews(77+i, regN("v", i), ClassVector, v))
	}
	t = append(t, plain(65, "lr", ClassOther), plain(66, "ctr", ClassOther))
	for i := 0; i <= 7; i++ {
		t = append(t, plain(68+i, regN("cr", i), ClassOther))
	}
	t = append(t, plain(76, "xer", ClassOther), plain(109, "vrsave", ClassOther),
		plain(spefscr, "spefscr", ClassOther))
	return sortTable(t)
}
