package compactunwind

// x86_64 modes and fields (compact_unwind_encoding.h, UNWIND_X86_64_*).
const (
	x86ModeRBPFrame  = 1
	x86ModeStackImmd = 2
	x86ModeStackInd  = 3
	x86ModeDWARF     = 4

	x86FrameRegsMask   = 0x00007fff // RBP frame: five 3-bit register numbers
	x86FrameOffsetMask = 0x00ff0000 // RBP frame: save area at rbp - 8*offset
	x86SizeMask        = 0x00ff0000 // frameless: size/8, or offset of the size in code
	x86AdjustMask      = 0x0000e000 // STACK_IND: added to the size, /8
	x86CountMask       = 0x00001c00 // frameless: number of saved registers
	x86PermMask        = 0x000003ff // frameless: their order, a permutation number
	x86DWARFMask       = 0x00ffffff
)

// DWARF numbers of the x86_64 registers compact unwind numbers 1-6 (rbx,
// r12, r13, r14, r15, rbp), and rbp, rsp and rip.
var x86Regs = [7]uint16{0, 3, 12, 13, 14, 15, 6}

const (
	dwarfRBP = 6
	dwarfRSP = 7
	dwarfRIP = 16
)

// x86Rule interprets an x86_64 encoding.
//
// RBP_FRAME: CFA = rbp+16, rip at CFA-8, rbp at CFA-16, and the five
// register slots from rbp - 8*offset upward (slot number 0: none).
// STACK_IMMD: CFA = rsp + 8*size, rip at CFA-8, the saved registers just
// below it, the first at CFA-8-8*count. STACK_IND: the same, but the size
// is in the code (KindStackIndirect). DWARF: the FDE offset.
func x86Rule(e Encoding) (Rule, error) {
	r := Rule{Encoding: e}
	switch e.Mode() {
	case x86ModeRBPFrame:
		if e&0x00ffffff&^(x86FrameRegsMask|x86FrameOffsetMask) != 0 {
			return Rule{}, encErr(e, "x86_64 rbp frame mode with unknown bits %#x", uint32(e&0x00ffffff&^(x86FrameRegsMask|x86FrameOffsetMask)))
		}
		r.Kind, r.CFAReg, r.CFAOffset = KindCFA, dwarfRBP, 16
		r.save(dwarfRBP, -16)
		r.save(dwarfRIP, -8)
		base := -16 - 8*int64((e&x86FrameOffsetMask)>>16)
		// Slot i is at base + 8*i: listed from the highest (nearest the
		// CFA) down.
		for i := 4; i >= 0; i-- {
			n := uint32(e) >> (3 * i) & 7
			if n == 7 {
				return Rule{}, encErr(e, "x86_64 rbp frame slot %d holds register number 7, which names no register", i)
			}
			if n != 0 {
				r.save(x86Regs[n], base+8*int64(i))
			}
		}
	case x86ModeStackImmd, x86ModeStackInd:
		count := int((e & x86CountMask) >> 10)
		var order [6]uint16
		if err := x86Permutation(e, count, &order); err != nil {
			return Rule{}, err
		}
		r.Kind, r.CFAReg = KindCFA, dwarfRSP
		size := (e & x86SizeMask) >> 16
		if e.Mode() == x86ModeStackImmd {
			r.CFAOffset = 8 * int64(size)
		} else {
			r.Kind = KindStackIndirect
			r.StackSizeCodeOffset = uint32(size)
			r.StackAdjust = 8 * uint32((e&x86AdjustMask)>>13)
		}
		r.save(dwarfRIP, -8)
		// order[i] is at CFA-8-8*count+8*i: listed from the last (nearest
		// the CFA) down.
		for i := count - 1; i >= 0; i-- {
			r.save(order[i], -8-8*int64(count)+8*int64(i))
		}
	case x86ModeDWARF:
		r.Kind, r.DWARFOffset = KindDWARF, uint32(e&x86DWARFMask)
	default:
		return Rule{}, encErr(e, "x86_64 mode %d is not rbp frame (1), immediate (2) or indirect (3) stack size, or DWARF (4)", e.Mode())
	}
	return r, nil
}

// x86Permutation decodes the order in which a frameless function saved
// count registers. The permutation number is a mixed-radix number: digit
// i (of count) picks one of the 6-i registers not yet picked, counted in
// register-number order, and weighs (5-i)!/(6-count)!.
func x86Permutation(e Encoding, count int, order *[6]uint16) error {
	if count > 6 {
		return encErr(e, "x86_64 frameless mode saves %d registers, at most 6 exist", count)
	}
	rem := uint32(e & x86PermMask)
	var used [7]bool
	for i := 0; i < count; i++ {
		weight := uint32(1)
		for k := 6 - count + 1; k <= 5-i; k++ {
			weight *= uint32(k)
		}
		d := rem / weight
		rem -= d * weight
		if d >= uint32(6-i) {
			return encErr(e, "x86_64 register permutation %d is out of range for %d registers", uint32(e&x86PermMask), count)
		}
		// The d-th register not yet used.
		for n := 1; n <= 6; n++ {
			if used[n] {
				continue
			}
			if d == 0 {
				used[n] = true
				order[i] = x86Regs[n]
				break
			}
			d--
		}
	}
	if count == 0 && rem != 0 {
		return encErr(e, "x86_64 register permutation %d with no saved registers", rem)
	}
	return nil
}

// ResolveStackIndirect completes a KindStackIndirect rule from the
// function's code (its bytes from its first): the stack size is the
// little-endian uint32 at StackSizeCodeOffset plus StackAdjust. It is an
// error if code is too short; other kinds are returned unchanged.
func (r Rule) ResolveStackIndirect(code []byte) (Rule, error) {
	if r.Kind != KindStackIndirect {
		return r, nil
	}
	if !need(len(code), uint64(r.StackSizeCodeOffset), 4) {
		return r, encErr(r.Encoding, "x86_64 stack size at code offset %#x is past the function's %d bytes", r.StackSizeCodeOffset, len(code))
	}
	r.Kind = KindCFA
	r.CFAOffset = int64(le.Uint32(code[r.StackSizeCodeOffset:])) + int64(r.StackAdjust)
	return r, nil
}
