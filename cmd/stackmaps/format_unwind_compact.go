package main

import (
	"github.com/stackmaps/stackmaps/cfi"
	"github.com/stackmaps/stackmaps/compactunwind"
	"github.com/stackmaps/stackmaps/internal/textout"
	"github.com/stackmaps/stackmaps/regs"
)

// What rows from Mach-O compact unwind (__unwind_info, __compact_unwind)
// add to the DWARF rows' output. A compact entry's rule comes as DWARF
// rules (unwind.Row.Rules) and is printed as DWARF rows are, followed by
// " (compact 0x04000001)"; only an x86_64 STACK_IND entry whose stack size
// could not be read from the code has no rules (its CFA offset is
// unknown), and is written here.

// writeTextStackIndirect writes the rest of the unwind line of a STACK_IND
// entry without rules:
//
//	CFA=rsp+? saved: rbx@CFA-24 rip@CFA-8 (compact 0x03022001: stack size is the uint32 at function+0x6 plus 16, code not readable)
//
// saved registers in DWARF register order, as in rows from DWARF CFI.
func writeTextStackIndirect(w *textout.Buffer, arch regs.Arch, ur *unwindRow) {
	r := &ur.Rule
	w.WriteString("CFA=")
	writeCFIReg(w, arch, r.CFAReg)
	w.WriteString("+? saved:")
	saved, n := savedInDWARFOrder(r)
	for _, s := range saved[:n] {
		w.WriteByte(' ')
		writeCFIReg(w, arch, s.Reg)
		w.WriteString("@CFA")
		w.Signed(s.Offset)
	}
	if n == 0 {
		w.WriteString(" none")
	}
	w.WriteString(" (compact ")
	w.HexDigits(uint64(ur.Encoding), 8)
	w.WriteString(": stack size is the uint32 at function+")
	w.Hex(uint64(r.StackSizeCodeOffset))
	w.WriteString(" plus ")
	w.Uint(uint64(r.StackAdjust))
	w.WriteString(", code not readable)\n")
}

// writeJSONStackIndirect writes the members of a STACK_IND entry's
// "unwind" object after the encoding, as for other compact rows but with
// a null CFA offset.
func writeJSONStackIndirect(j *textout.JSON, arch regs.Arch, ur *unwindRow) {
	r := &ur.Rule
	j.Key("fde_offset")
	j.Null()
	j.Key("cfa")
	j.OpenObject()
	j.Key("reg")
	jsonCFIReg(j, arch, r.CFAReg)
	j.Key("dwarf_reg")
	j.Uint(uint64(r.CFAReg))
	j.Key("offset")
	j.Null()
	j.Key("expression")
	j.Bool(false)
	j.CloseObject()
	j.Key("ra_signed") // compact unwind does not say
	j.Null()
	j.Key("signal_frame")
	j.Null()
	j.Key("saved")
	j.OpenArray()
	saved, n := savedInDWARFOrder(r)
	for _, s := range saved[:n] {
		j.Elem()
		j.OpenObject()
		j.Key("reg")
		jsonCFIReg(j, arch, s.Reg)
		j.Key("dwarf_reg")
		j.Uint(uint64(s.Reg))
		j.Key("rule")
		j.String(cfi.RuleOffset.String())
		j.Key("cfa_offset")
		j.Int(s.Offset)
		j.CloseObject()
	}
	j.CloseArray()
	j.CloseObject()
}

// savedInDWARFOrder returns r's saved registers sorted by DWARF register
// number, the order rows from DWARF CFI list them in (Rule.Saved gives
// them in the order the prologue stores them), without allocating.
func savedInDWARFOrder(r *compactunwind.Rule) (out [compactunwind.MaxSaved]compactunwind.Saved, n int) {
	for _, s := range r.Saved() {
		i := n
		for i > 0 && out[i-1].Reg > s.Reg {
			out[i] = out[i-1]
			i--
		}
		out[i] = s
		n++
	}
	return out, n
}
