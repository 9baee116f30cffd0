package main

import (
	"strconv"

	"github.com/stackmaps/stackmaps/internal/textout"
	"github.com/stackmaps/stackmaps/regs"
)

// writeRegDisplay names a register holding a value of size bytes ("eax"
// for x86_64 0 with size 4); an unknown register is shown as LLVM's R#N.
func writeRegDisplay(w *textout.Buffer, a regs.Arch, dwarf uint16, size int) {
	r, ok := regs.Find(a, dwarf)
	if !ok {
		w.WriteString("R#")
		w.Uint(uint64(dwarf))
		return
	}
	w.WriteString(r.Display(size))
}

// writeRegBase writes the name of a register used as a base address
// (Direct and Indirect locations): always the full register, whatever the
// value's size, in the architecture's one naming scheme
// (regs.PreferredName); an unknown register is shown as R#N.
func writeRegBase(w *textout.Buffer, a regs.Arch, dwarf uint16) {
	if n, ok := regs.PreferredName(a, dwarf); ok {
		w.WriteString(n)
		return
	}
	w.WriteString("R#") // as regName, without building a string
	w.Uint(uint64(dwarf))
}

// regName names a DWARF register of arch as the tool does (writeRegBase
// as a string, for the frame picture's columns).
func regName(arch regs.Arch, n uint16) string {
	if s, ok := regs.PreferredName(arch, n); ok {
		return s
	}
	return "R#" + strconv.Itoa(int(n))
}
