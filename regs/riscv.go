package regs

// RISC-V DWARF register numbers, from DwarfRegNum in
// llvm/lib/Target/RISCV/RISCVRegisterInfo.td (X0-X31 0-31, F0-F31 32-63,
// V0-V31 96-127), checked against llc 19 and 22 by testdata/regs (llc 14
// cannot compile RISC-V stack maps). Canonical names are the architectural
// x0-x31, f0-f31 and v0-v31; DisplayName gives the ABI names LLVM prints in
// assembly (a0, s1, fa0, fs2, ...) for every size.

var riscvX = [32]string{
	"zero", "ra", "sp", "gp", "tp", "t0", "t1", "t2",
	"s0", "s1", "a0", "a1", "a2", "a3", "a4", "a5",
	"a6", "a7", "s2", "s3", "s4", "s5", "s6", "s7",
	"s8", "s9", "s10", "s11", "t3", "t4", "t5", "t6",
}

var riscvF = [32]string{
	"ft0", "ft1", "ft2", "ft3", "ft4", "ft5", "ft6", "ft7",
	"fs0", "fs1", "fa0", "fa1", "fa2", "fa3", "fa4", "fa5",
	"fa6", "fa7", "fs2", "fs3", "fs4", "fs5", "fs6", "fs7",
	"fs8", "fs9", "fs10", "fs11", "ft8", "ft9", "ft10", "ft11",
}

func buildRISCV() table {
	var t table
	all := []int{1, 2, 4, 8, 16, 32, 64}
	for i := 0; i <= 31; i++ {
		var v [numViews]string
		t = append(t, withViews(i, regN("x", i), ClassGPR, sized(v, riscvX[i], all...)))
	}
	for i := 0; i <= 31; i++ {
		var v [numViews]string
		t = append(t, withViews(32+i, regN("f", i), ClassFPR, sized(v, riscvF[i], all...)))
	}
	for i := 0; i <= 31; i++ {
		t = append(t, plain(96+i, regN("v", i), ClassVector))
	}
	return sortTable(t)
}

// riscvExtra: "fp" is the second ABI name of x8.
func riscvExtra() []alias { return []alias{{"fp", 8}} }
