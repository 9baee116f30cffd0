package compactunwind

// arm64 modes and fields (compact_unwind_encoding.h, UNWIND_ARM64_*).
const (
	arm64ModeFrameless = 2
	arm64ModeDWARF     = 3
	arm64ModeFrame     = 4

	arm64StackSizeMask = 0x00fff000 // frameless: stack size / 16
	arm64DWARFMask     = 0x00ffffff // DWARF: FDE offset in __eh_frame
	arm64PairsMask     = 0x00000f1f // the register pair bits
)

// DWARF numbers of the arm64 registers compact unwind names.
const (
	dwarfX19 = 19
	dwarfFP  = 29
	dwarfLR  = 30
	dwarfSP  = 31
	dwarfD8  = 72 // v8
)

// arm64Pairs are the pair bits in the order their registers are stored,
// from the top of the save area down, and the first register of each.
var arm64Pairs = [...]struct {
	bit  Encoding
	reg0 uint16
}{
	{0x001, dwarfX19}, {0x002, dwarfX19 + 2}, {0x004, dwarfX19 + 4}, {0x008, dwarfX19 + 6}, {0x010, dwarfX19 + 8},
	{0x100, dwarfD8}, {0x200, dwarfD8 + 2}, {0x400, dwarfD8 + 4}, {0x800, dwarfD8 + 6},
}

// arm64Rule interprets an arm64 encoding.
//
// FRAME: x29 and x30 are at CFA-16 and CFA-8 and CFA = x29+16; below them
// each pair the bits name, the lower-numbered register first (x19 at
// CFA-24, x20 at CFA-32, ...). FRAMELESS: CFA = sp + 16*size, the return
// address stays in x30, and the pairs are stored from CFA-8 down. DWARF:
// the FDE offset.
func arm64Rule(e Encoding) (Rule, error) {
	r := Rule{Encoding: e}
	switch e.Mode() {
	case arm64ModeFrame:
		if e&arm64StackSizeMask != 0 || e&0x00ffffff&^arm64PairsMask != 0 {
			return Rule{}, encErr(e, "arm64 frame mode with bits %#x outside the register pairs", uint32(e&0x00ffffff&^arm64PairsMask))
		}
		r.Kind, r.CFAReg, r.CFAOffset = KindCFA, dwarfFP, 16
		r.save(dwarfFP, -16)
		r.save(dwarfLR, -8)
		arm64SavePairs(&r, e, -24)
	case arm64ModeFrameless:
		if e&0x00ffffff&^(arm64PairsMask|arm64StackSizeMask) != 0 {
			return Rule{}, encErr(e, "arm64 frameless mode with unknown bits %#x", uint32(e&0x00ffffff&^(arm64PairsMask|arm64StackSizeMask)))
		}
		r.Kind, r.CFAReg = KindCFA, dwarfSP
		r.CFAOffset = 16 * int64((e&arm64StackSizeMask)>>12)
		arm64SavePairs(&r, e, -8)
	case arm64ModeDWARF:
		r.Kind, r.DWARFOffset = KindDWARF, uint32(e&arm64DWARFMask)
	default:
		return Rule{}, encErr(e, "arm64 mode %d is not frameless (2), DWARF (3) or frame (4)", e.Mode())
	}
	return r, nil
}

// arm64SavePairs lists the pairs of e from CFA offset top down.
func arm64SavePairs(r *Rule, e Encoding, top int64) {
	off := top
	for _, p := range arm64Pairs {
		if e&p.bit != 0 {
			r.save(p.reg0, off)
			r.save(p.reg0+1, off-8)
			off -= 16
		}
	}
}
