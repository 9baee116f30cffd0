package main

import (
	"github.com/stackmaps/stackmaps/cfi"
	"github.com/stackmaps/stackmaps/compactunwind"
	"github.com/stackmaps/stackmaps/regs"
)

// The unwind rows dump --unwind takes from Mach-O compact unwind
// (__unwind_info, __compact_unwind) where no FDE covers a record.

// writeTextCompact writes the rest of a compact row's unwind line:
//
//	CFA=x29+16 saved: x29@CFA-16 x30@CFA-8 x19@CFA-24 x20@CFA-32 (compact 0x04000001)
//
// saved registers in DWARF register order, as in rows from DWARF CFI. An
// x86_64 STACK_IND entry whose stack size could not be read from the code
// reads "CFA=rsp+?" and says where the size is.
func writeTextCompact(w *outBuf, arch regs.Arch, ur *unwindRow) {
	r := &ur.Rule
	w.WriteString("CFA=")
	writeCFIReg(w, arch, r.CFAReg)
	if r.Kind == compactunwind.KindStackIndirect {
		w.WriteString("+?")
	} else {
		writeSigned(w, r.CFAOffset)
	}
	w.WriteString(" saved:")
	saved, n := savedInDWARFOrder(r)
	for _, s := range saved[:n] {
		w.WriteByte(' ')
		writeCFIReg(w, arch, s.Reg)
		w.WriteString("@CFA")
		writeSigned(w, s.Offset)
	}
	if len(r.Saved()) == 0 {
		w.WriteString(" none")
	}
	writeCompactSuffix(w, ur.Encoding)
	if r.Kind == compactunwind.KindStackIndirect {
		w.b = w.b[:len(w.b)-1] // reopen the parenthesis
		w.WriteString(": stack size is the uint32 at function+")
		writeHex(w, uint64(r.StackSizeCodeOffset))
		w.WriteString(" plus ")
		writeUint(w, uint64(r.StackAdjust))
		w.WriteString(", code not readable)")
	}
	w.WriteByte('\n')
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

// writeCompactSuffix writes " (compact 0x04000001)".
func writeCompactSuffix(w *outBuf, enc compactunwind.Encoding) {
	w.WriteString(" (compact ")
	writeEncoding(w, enc)
	w.WriteByte(')')
}

// writeEncoding writes an encoding as 0x and 8 hex digits.
func writeEncoding(w *outBuf, enc compactunwind.Encoding) {
	const digits = "0123456789abcdef"
	w.WriteString("0x")
	for sh := 28; sh >= 0; sh -= 4 {
		w.WriteByte(digits[enc>>uint(sh)&0xf])
	}
}

// writeJSONCompact writes the members of a compact row's "unwind" object
// after "section" and the encoding: "fde_offset" null, "cfa" and "saved"
// as for DWARF rows (every rule "offset"); an unresolved STACK_IND CFA has
// a null offset.
func writeJSONCompact(j *jsonWriter, arch regs.Arch, ur *unwindRow) {
	r := &ur.Rule
	j.key("fde_offset")
	j.null()
	j.key("cfa")
	j.openObject()
	j.key("reg")
	jsonCFIReg(j, arch, r.CFAReg)
	j.key("dwarf_reg")
	j.uint(uint64(r.CFAReg))
	j.key("offset")
	if r.Kind == compactunwind.KindStackIndirect {
		j.null()
	} else {
		j.int(r.CFAOffset)
	}
	j.key("expression")
	j.bool(false)
	j.closeObject()
	j.key("ra_signed") // compact unwind does not say
	j.null()
	j.key("saved")
	j.openArray()
	saved, n := savedInDWARFOrder(r)
	for _, s := range saved[:n] {
		j.elem()
		j.openObject()
		j.key("reg")
		jsonCFIReg(j, arch, s.Reg)
		j.key("dwarf_reg")
		j.uint(uint64(s.Reg))
		j.key("rule")
		j.string(cfi.RuleOffset.String())
		j.key("cfa_offset")
		j.int(s.Offset)
		j.closeObject()
	}
	j.closeArray()
	j.closeObject()
}
