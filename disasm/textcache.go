package disasm

import (
	"encoding/binary"

	"github.com/stackmaps/stackmaps/regs"
)

// insnTexts remembers the formatted x86_64 instructions Walker.Site returned,
// by their bytes: x86asm's GNU syntax depends on the instruction's address
// only through pc-relative branch targets, so an instruction without one
// prints the same wherever it is, and the code around records repeats
// (the same register moves and stack adjustments after each call).
// Formatting with x86asm costs far more than the lookup. The map is
// bounded: past insnTextsMax entries, new instructions are formatted each
// time and not kept.
type insnTexts struct {
	m map[string]Inst
}

// insnTextsMax bounds the cache (a few MB at most).
const insnTextsMax = 1 << 14

// decode returns what decode(arch, order, code, pc, true) returns,
// from the cache when it can.
func (c *insnTexts) decode(arch regs.Arch, order binary.ByteOrder, code []byte, pc uint64) (Inst, bool) {
	if arch != regs.X86_64 {
		return decode(arch, order, code, pc, true)
	}
	n, _, known := x86Len(code)
	if !known {
		return decode(arch, order, code, pc, true)
	}
	if in, ok := c.m[string(code[:n])]; ok {
		return in, true
	}
	in, ok := decode(arch, order, code, pc, true)
	if ok && !in.PCRel && in.Len == n && len(c.m) < insnTextsMax {
		if c.m == nil {
			c.m = make(map[string]Inst)
		}
		c.m[string(code[:n])] = in
	}
	return in, ok
}
