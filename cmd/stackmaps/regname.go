package main

import (
	"strconv"

	"github.com/stackmaps/stackmaps/regs"
)

// regName returns the name of a full register by DWARF number, in the
// architecture's one naming scheme (regs.PreferredName: ABI names on
// riscv64, canonical names elsewhere), and false when the architecture's
// table does not know it.
func regName(a regs.Arch, dwarf uint16) (string, bool) {
	if r := namer.find(a, dwarf); r != nil {
		return r.Preferred(a), true
	}
	return "", false
}

// regNamer finds registers by number in a dense index of one
// architecture's table, rebuilt when the architecture changes: the
// formats name millions of registers, nearly always of one architecture.
type regNamer struct {
	arch  regs.Arch
	built bool
	index []int16 // by DWARF number: position in table, or -1
	table []regs.Register
}

// namer serves the tool's one goroutine.
var namer regNamer

// find returns the register numbered dwarf, or nil when a's table does not
// know it.
func (n *regNamer) find(a regs.Arch, dwarf uint16) *regs.Register {
	if !n.built || n.arch != a {
		n.build(a)
	}
	if int(dwarf) < len(n.index) {
		if i := n.index[dwarf]; i >= 0 {
			return &n.table[i]
		}
	}
	return nil
}

func (n *regNamer) build(a regs.Arch) {
	n.arch, n.built = a, true
	n.table = regs.Registers(a)
	n.index = n.index[:0]
	for i, r := range n.table {
		for int(r.Num) >= len(n.index) {
			n.index = append(n.index, -1)
		}
		n.index[r.Num] = int16(i)
	}
}

// writeRegDisplay names a register holding a value of size bytes ("eax"
// for x86_64 0 with size 4); an unknown register is shown as LLVM's R#N.
func writeRegDisplay(w *outBuf, a regs.Arch, dwarf uint16, size int) {
	r := namer.find(a, dwarf)
	if r == nil {
		w.WriteString("R#")
		writeUint(w, uint64(dwarf))
		return
	}
	w.WriteString(r.Display(size))
}

// writeRegBase writes the name of a register used as a base address
// (Direct and Indirect locations): always the full register, whatever the
// value's size; an unknown register is shown as R#N.
func writeRegBase(w *outBuf, a regs.Arch, dwarf uint16) {
	if n, ok := regName(a, dwarf); ok {
		w.WriteString(n)
		return
	}
	w.WriteString("R#")
	writeUint(w, uint64(dwarf))
}

func itoa(n int) string { return strconv.Itoa(n) }
