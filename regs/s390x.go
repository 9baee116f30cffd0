package regs

// s390x DWARF register numbers, from DwarfRegNum and the DwarfMapping
// records in llvm/lib/Target/SystemZ/SystemZRegisterInfo.td, checked against
// llc 14, 19 and 22 by testdata/regs. r0-r15 are 0-15; the floating-point
// registers are numbered in the ELF ABI's odd order (f0 16, f2 17, f4 18,
// f6 19, f1 20, f3 21, f5 22, f7 23, f8 24, f10 25, ...); v0-v15 share
// those numbers (Size 16 tells a vector from a double) and v16-v31 follow
// the same pattern from 68. c0-c15 are 32-47, a0-a15 48-63.

// s390xFPROrder lists the register index for DWARF numbers 16 upwards (and
// for 68 upwards, plus 16).
var s390xFPROrder = [16]int{0, 2, 4, 6, 1, 3, 5, 7, 8, 10, 12, 14, 9, 11, 13, 15}

func buildS390X() table {
	var t table
	for i := 0; i <= 15; i++ {
		t = append(t, plain(i, regN("r", i), ClassGPR))
		t = append(t, plain(32+i, regN("c", i), ClassOther))
		t = append(t, plain(48+i, regN("a", i), ClassOther))
	}
	for k, i := range s390xFPROrder {
		var v [numViews]string
		v = sized(v, regN("v", i), 16)
		t = append(t, withViews(16+k, regN("f", i), ClassFPR, v))
		t = append(t, plain(68+k, regN("v", 16+i), ClassVector))
	}
	return sortTable(t)
}
