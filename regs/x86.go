package regs

// x86_64 DWARF register numbers, from DwarfRegNum (first entry: x86-64) in
// llvm/lib/Target/X86/X86RegisterInfo.td, checked against llc 14, 19 and 22
// by testdata/regs. ymm and zmm registers are DwarfRegAlias of the xmm
// register with the same index, so the number is shared and Size tells them
// apart.

// x86Legacy lists the eight legacy GPRs in DWARF order with their 32, 16 and
// 8-bit names.
var x86Legacy = [8][4]string{
	{"rax", "eax", "ax", "al"},
	{"rdx", "edx", "dx", "dl"},
	{"rcx", "ecx", "cx", "cl"},
	{"rbx", "ebx", "bx", "bl"},
	{"rsi", "esi", "si", "sil"},
	{"rdi", "edi", "di", "dil"},
	{"rbp", "ebp", "bp", "bpl"},
	{"rsp", "esp", "sp", "spl"},
}

// x86Extra names registers by their assembler spellings.
func x86Extra() []alias {
	return []alias{
		{"st(0)", 33}, {"st(1)", 34}, {"st(2)", 35}, {"st(3)", 36},
		{"st(4)", 37}, {"st(5)", 38}, {"st(6)", 39}, {"st(7)", 40},
		{"st", 33}, {"eflags", 49}, {"flags", 49},
	}
}

func buildX86() table {
	var t table
	gpr := func(num int, q, d, w, b string) {
		var v [numViews]string
		v = sized(v, b, 1)
		v = sized(v, w, 2)
		v = sized(v, d, 4)
		t = append(t, withViews(num, q, ClassGPR, v))
	}
	for i, n := range x86Legacy {
		gpr(i, n[0], n[1], n[2], n[3])
	}
	for i := 8; i <= 15; i++ {
		q := regN("r", i)
		gpr(i, q, q+"d", q+"w", q+"b")
	}
	for i := 16; i <= 31; i++ { // APX extended GPRs
		q := regN("r", i)
		gpr(130+i-16, q, q+"d", q+"w", q+"b")
	}
	var rip [numViews]string
	rip = sized(rip, "eip", 4)
	rip = sized(rip, "ip", 2)
	t = append(t, withViews(16, "rip", ClassOther, rip))
	vec := func(num, i int) {
		var v [numViews]string
		v = sized(v, regN("ymm", i), 32)
		v = sized(v, regN("zmm", i), 64)
		t = append(t, withViews(num, regN("xmm", i), ClassVector, v))
	}
	for i := 0; i <= 15; i++ {
		vec(17+i, i)
	}
	for i := 16; i <= 31; i++ {
		vec(67+i-16, i)
	}
	for i := 0; i <= 7; i++ {
		t = append(t, plain(33+i, regN("st", i), ClassX87))
		t = append(t, plain(41+i, regN("mm", i), ClassX87))
		t = append(t, plain(118+i, regN("k", i), ClassMask))
	}
	t = append(t, plain(49, "rflags", ClassOther))
	for i, s := range []string{"es", "cs", "ss", "ds", "fs", "gs"} {
		t = append(t, plain(50+i, s, ClassOther))
	}
	t = append(t, plain(58, "fs.base", ClassOther), plain(59, "gs.base", ClassOther))
	return sortTable(t)
}
