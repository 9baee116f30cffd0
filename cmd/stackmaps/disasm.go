package main

import (
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
		w.WriteString("      (no code: ")
		w.Name(err.Error())
		w.WriteString(")\n")
		return
	}
	s := code.walk.Site(c, rv.InstOffset)
	if s.HasCall {
		writeInstLine(w, "      call   ", rv.Address+tv.Bias-uint64(s.Call.Len), &s.Call)
	}
	if s.HasAt {
		writeInstLine(w, "      insn   ", rv.Address+tv.Bias, &s.At)
	} else {
		w.WriteString("      insn   ")
		w.Hex(rv.Address + tv.Bias)
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

// writeJSONDisasm writes "disasm": {"call", "insn"} for a record: the call
// just before it when it is at a return address, and the instruction at
// its address, each {"address", "address_hex", "text", "target",
// "target_offset"} (target and its offset null when the instruction names
// none), null when no instruction starts there; or {"error"} when the
// record's code cannot be read.
func writeJSONDisasm(j *textout.JSON, tv *tableView, rv recordView) {
	j.Key("disasm")
	j.OpenObject()
	defer j.CloseObject()
	if !rv.HasAddress() {
		j.Key("error")
		j.String("no code: the record's function is unknown")
		return
	}
	c, err := tv.Code.functionCode(tv.SD, tv.Table, &tv.Funcs[rv.Func], len(tv.Funcs))
	if err != nil {
		j.Key("error")
		j.String("no code: " + err.Error())
		return
	}
	s := tv.Code.walk.Site(c, rv.InstOffset)
	j.Key("call")
	if s.HasCall {
		writeJSONInst(j, rv.Address+tv.Bias-uint64(s.Call.Len), &s.Call)
	} else {
		j.Null()
	}
	j.Key("insn")
	if s.HasAt {
		writeJSONInst(j, rv.Address+tv.Bias, &s.At)
	} else {
		j.Null()
	}
}

// writeJSONInst writes one instruction of writeJSONDisasm's.
func writeJSONInst(j *textout.JSON, addr uint64, in *disasm.Inst) {
	j.OpenObject()
	j.Key("address")
	j.Uint(addr)
	j.Key("address_hex")
	j.Hex(addr)
	j.Key("text")
	j.String(in.Text)
	j.NameOrNull("target", in.Name.Symbol, in.Named)
	j.Key("target_offset")
	if in.Named {
		j.Uint(in.Name.Off)
	} else {
		j.Null()
	}
	j.CloseObject()
}
