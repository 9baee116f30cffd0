package regs

// AArch64 DWARF register numbers, from DwarfRegNum in
// llvm/lib/Target/AArch64/AArch64RegisterInfo.td (W0-W30 0-30, WSP 31, VG
// 46, FFR 47, P0-P15 48-63, B0-B31 64-95 with H/S/D/Q as aliases, Z0-Z31
// 96-127), checked against llc 14, 19 and 22 by testdata/regs. A 32-bit
// value in w19 is reported as 19 with size 4; a double in d8 as 72 with size
// 8; an SVE z register with its minimum size 16 and a p register with 2.

// arm64Extra holds the procedure-call-standard aliases and the q names of
// the vector registers.
func arm64Extra() []alias {
	m := []alias{{"fp", 29}, {"lr", 30}, {"ip0", 16}, {"ip1", 17}, {"xzr", 31}, {"wzr", 31}}
	for i := 0; i <= 31; i++ {
		m = append(m, alias{regN("q", i), uint16(64 + i)})
	}
	return m
}

func buildARM64() table {
	var t table
	for i := 0; i <= 30; i++ {
		var v [numViews]string
		v = sized(v, regN("w", i), 4)
		t = append(t, withViews(i, regN("x", i), ClassGPR, v))
	}
	var sp [numViews]string
	sp = sized(sp, "wsp", 4)
	t = append(t, withViews(31, "sp", ClassOther, sp))
	t = append(t, plain(46, "vg", ClassOther), plain(47, "ffr", ClassOther))
	for i := 0; i <= 15; i++ {
		t = append(t, plain(48+i, regN("p", i), ClassPredicate))
	}
	for i := 0; i <= 31; i++ {
		var v [numViews]string
		v = sized(v, regN("b", i), 1)
		v = sized(v, regN("h", i), 2)
		v = sized(v, regN("s", i), 4)
		v = sized(v, regN("d", i), 8)
		t = append(t, withViews(64+i, regN("v", i), ClassVector, v))
	}
	for i := 0; i <= 31; i++ {
		t = append(t, plain(96+i, regN("z", i), ClassVector))
	}
	return sortTable(t)
}
