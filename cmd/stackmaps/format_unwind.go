package main

import (
	"github.com/stackmaps/stackmaps/cfi"
	"github.com/stackmaps/stackmaps/internal/textout"
	"github.com/stackmaps/stackmaps/regs"
)

// The unwind rules of dump --unwind, in the text and JSON formats. Every
// register with a rule other than "same value" (or none) is listed in
// DWARF order: the callee-saved registers the function saved by then and
// the return address column when it has a rule (x86_64 rip at CFA-8,
// AArch64 x30 and RISC-V ra once saved, s390x r14).

// writeTextUnwind writes a record's unwind line:
//
//	unwind: CFA=rsp+16 saved: rbx@CFA-24 rbp@CFA-16 rip@CFA-8
//
// name@CFA-N: saved in memory at CFA-N; name=CFA-N: the value is CFA-N
// (val_offset); name=reg: in another register; name@expression and
// name=expression: DWARF expressions; name=undefined: not recoverable.
// A CFA computed by a DWARF expression is "CFA=expression". "ra_signed"
// at the end: AArch64 pointer authentication has signed the return
// address (DW_CFA_AARCH64_negate_ra_state; strip it before using it). A
// record no FDE covers reads "unwind: none (no CFI covers 0x...)".
// "signal_frame": the FDE's CIE has the augmentation "S" (a signal
// trampoline's: the frame above it was interrupted, not suspended in a
// call).
func writeTextUnwind(w *textout.Buffer, tv *tableView, rv recordView) {
	w.WriteString("      unwind: ")
	ur, ok := tv.UW.rowFor(rv)
	if !ok {
		w.WriteString("none")
		if rv.HasAddress() {
			w.WriteString(" (no CFI covers ")
			writeCodeAddr(w, tv, rv.Func, rv.Address)
			w.WriteByte(')')
		}
		w.WriteByte('\n')
		return
	}
	arch := tv.SD.Arch
	row := ur.Rules
	if row == nil {
		writeTextStackIndirect(w, arch, &ur)
		return
	}
	w.WriteString("CFA=")
	switch row.CFA.Kind {
	case cfi.CFARegOffset:
		writeCFIReg(w, arch, row.CFA.Reg)
		w.Signed(row.CFA.Offset)
	case cfi.CFAExpression:
		w.WriteString("expression")
	default:
		w.WriteString("unspecified")
	}
	w.WriteString(" saved:")
	n := 0
	for reg := range row.Regs {
		rule := &row.Regs[reg]
		if !listed(rule.Kind) {
			continue
		}
		n++
		w.WriteByte(' ')
		writeCFIReg(w, arch, uint16(reg))
		switch rule.Kind {
		case cfi.RuleOffset:
			w.WriteString("@CFA")
			w.Signed(rule.Offset)
		case cfi.RuleValOffset:
			w.WriteString("=CFA")
			w.Signed(rule.Offset)
		case cfi.RuleRegister:
			w.WriteByte('=')
			writeCFIReg(w, arch, rule.Reg)
		case cfi.RuleExpression:
			w.WriteString("@expression")
		case cfi.RuleValExpression:
			w.WriteString("=expression")
		case cfi.RuleUndefined:
			w.WriteString("=undefined")
		}
	}
	if n == 0 {
		w.WriteString(" none")
	}
	if row.RASigned { // AArch64: x30 holds a signed return address (paciasp)
		w.WriteString(" ra_signed")
	}
	if ur.SignalFrame { // the CIE's "S": a signal trampoline's rules
		w.WriteString(" signal_frame")
	}
	if ur.Compact { // a compact entry, stated as DWARF rules or naming an FDE
		w.WriteString(" (compact ")
		w.HexDigits(uint64(ur.Encoding), 8)
		w.WriteByte(')')
	}
	w.WriteByte('\n')
}

// listed reports whether a register with a rule of kind k is listed:
// all but "same value" and no rule at all.
func listed(k cfi.RuleKind) bool {
	return k != cfi.RuleUnspecified && k != cfi.RuleSameValue
}

// writeCFIReg names a DWARF register of a CFI rule as locations name
// their base registers (writeRegBase).
func writeCFIReg(w *textout.Buffer, arch regs.Arch, n uint16) { writeRegBase(w, arch, n) }

// jsonCFIReg writes a register's name, or null.
func jsonCFIReg(j *textout.JSON, arch regs.Arch, n uint16) {
	j.StringOrNull(regs.PreferredName(arch, n))
}

// writeJSONUnwind writes a record's "unwind" member (see jsonHelp).
func writeJSONUnwind(j *textout.JSON, tv *tableView, rv recordView) {
	j.Key("unwind")
	ur, ok := tv.UW.rowFor(rv)
	if !ok {
		j.Null()
		return
	}
	arch := tv.SD.Arch
	j.OpenObject()
	j.Key("pc")
	j.Uint(ur.PC + tv.Bias)
	j.Key("pc_hex")
	j.Hex(ur.PC + tv.Bias)
	j.Name("section", ur.section)
	if ur.Compact {
		j.Key("compact_encoding")
		j.Uint(uint64(ur.Encoding))
		j.Key("compact_encoding_hex")
		j.W.WriteByte('"')
		j.W.HexDigits(uint64(ur.Encoding), 8)
		j.W.WriteByte('"')
	}
	row := ur.Rules
	if row == nil {
		writeJSONStackIndirect(j, arch, &ur)
		return
	}
	j.Key("fde_offset") // null for a compact entry's own rule
	if ur.HasFDE {
		j.Uint(ur.FDEOffset)
	} else {
		j.Null()
	}
	j.Key("cfa")
	j.OpenObject()
	expr := row.CFA.Kind == cfi.CFAExpression
	j.Key("reg")
	if row.CFA.Kind == cfi.CFARegOffset {
		jsonCFIReg(j, arch, row.CFA.Reg)
		j.Key("dwarf_reg")
		j.Uint(uint64(row.CFA.Reg))
		j.Key("offset")
		j.Int(row.CFA.Offset)
	} else {
		j.Null()
		j.Key("dwarf_reg")
		j.Null()
		j.Key("offset")
		j.Null()
	}
	j.Key("expression")
	j.Bool(expr)
	if expr {
		j.Key("expression_hex")
		j.HexBytes(row.CFA.Expr)
	}
	j.CloseObject()
	j.Key("ra_signed")
	if ur.HasFDE {
		j.Bool(row.RASigned)
	} else {
		j.Null() // compact unwind does not say
	}
	j.Key("signal_frame")
	if ur.HasFDE {
		j.Bool(ur.SignalFrame)
	} else {
		j.Null() // compact unwind does not say
	}
	j.Key("saved")
	j.OpenArray()
	for reg := range row.Regs {
		rule := &row.Regs[reg]
		if !listed(rule.Kind) {
			continue
		}
		j.Elem()
		j.OpenObject()
		j.Key("reg")
		jsonCFIReg(j, arch, uint16(reg))
		j.Key("dwarf_reg")
		j.Uint(uint64(reg))
		j.Key("rule")
		j.String(rule.Kind.String())
		j.Key("cfa_offset")
		if rule.Kind == cfi.RuleOffset || rule.Kind == cfi.RuleValOffset {
			j.Int(rule.Offset)
		} else {
			j.Null()
		}
		switch rule.Kind {
		case cfi.RuleRegister:
			j.Key("value_reg")
			jsonCFIReg(j, arch, rule.Reg)
			j.Key("value_dwarf_reg")
			j.Uint(uint64(rule.Reg))
		case cfi.RuleExpression, cfi.RuleValExpression:
			j.Key("expression_hex")
			j.HexBytes(rule.Expr)
		}
		j.CloseObject()
	}
	j.CloseArray()
	j.CloseObject()
}
