package main

import (
	"fmt"

	"github.com/stackmaps/stackmaps/disasm"
	"github.com/stackmaps/stackmaps/internal/textout"
)

// writeDisasm prints, under a record, the call just before it (when the
// record is at a return address) and the instruction at its address.
func writeDisasm(w *textout.Buffer, tv *tableView, rv recordView, code *codeFile) {
	if !rv.HasAddress() {
		w.WriteString("      (no code: the record's function is unknown)\n")
		return
	}
	c, err := code.functionCode(tv.SD, tv.Table, &tv.Funcs[rv.Func], len(tv.Funcs))
	if err != nil {
		fmt.Fprintf(w, "      (no code: %v)\n", err)
		return
	}
	s := code.walk.Site(c, rv.InstOffset)
	if s.HasCall {
		writeInstLine(w, "      call   ", rv.Address-uint64(s.Call.Len), &s.Call)
	}
	if s.HasAt {
		writeInstLine(w, "      insn   ", rv.Address, &s.At)
	} else {
		w.WriteString("      insn   ")
		w.Hex(rv.Address)
		w.WriteString(": (no instruction starts here)\n")
	}
}

// writeInstLine prints one instruction of writeDisasm's, at address addr,
// with the name of its branch target as llvm-objdump prints it ("<f>",
// "<f+0x10>") when it has one.
func writeInstLine(w *textout.Buffer, label string, addr uint64, in *disasm.Inst) {
	w.WriteString(label)
	w.Hex(addr)
	w.WriteString(": ")
	w.WriteString(in.Text)
	if in.Named {
		writeTargetName(w, in.Name)
	}
	w.WriteByte('\n')
}

// writeTargetName writes " <name>" or " <name+0x10>" without allocating.
func writeTargetName(w *textout.Buffer, n disasm.Name) {
	w.WriteString(" <")
	w.Name(n.Symbol)
	if n.Off != 0 {
		w.WriteByte('+')
		w.Hex(n.Off)
	}
	w.WriteByte('>')
}
