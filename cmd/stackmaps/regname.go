package main

import (
	"strconv"

	"github.com/stackmaps/stackmaps/regs"
)

// regName returns the canonical name of a DWARF register number, and false
// when the architecture's table does not know it.
func regName(a regs.Arch, dwarf uint16) (string, bool) {
	n, err := regs.Name(a, dwarf)
	return n, err == nil
}

// regDisplay names a register holding a value of size bytes ("eax" for
// x86_64 0 with size 4); an unknown register is shown as LLVM's R#N.
func regDisplay(a regs.Arch, dwarf uint16, size int) string {
	if _, ok := regName(a, dwarf); !ok {
		return "R#" + itoa(int(dwarf))
	}
	return regs.DisplayName(a, dwarf, size)
}

// regBase names a register used as a base address (Direct and Indirect
// locations): always the full register, whatever the value's size.
func regBase(a regs.Arch, dwarf uint16) string {
	if n, ok := regName(a, dwarf); ok {
		return n
	}
	return "R#" + itoa(int(dwarf))
}

func itoa(n int) string { return strconv.Itoa(n) }
