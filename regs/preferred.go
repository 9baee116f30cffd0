package regs

// PreferredName returns the name a tool shows for the full register
// numbered dwarf, so that one naming scheme is used wherever a register
// appears (locations, base registers, live-outs, register tables): the ABI
// name on riscv64 ("sp", "ra", "a0", "fs0"; v0-v31 as they are), which is
// what LLVM and the disassemblers print, and Name elsewhere ("rbp",
// "x29", "r31"). It reports false for numbers the architecture's table
// does not know. Like Find it costs one indexed load and does not
// allocate.
func PreferredName(a Arch, dwarf uint16) (string, bool) {
	r := findReg(a, dwarf)
	if r == nil {
		return "", false
	}
	return r.Preferred(a), true
}

// Preferred returns the register's PreferredName on architecture a.
func (r Register) Preferred(a Arch) string {
	if a == RISCV64 && (r.Class == ClassGPR || r.Class == ClassFPR) {
		return r.Display(8)
	}
	return r.Name
}
