package winunwind

// ARM64Packed is the packed unwind data of an ARM64 .pdata entry (Flag 1
// or 2), the fields as Microsoft's ARM64 exception-handling document
// names them. It implies a canonical prolog and, at the function's end,
// the matching epilog.
type ARM64Packed struct {
	// Fragment (Flag 2): code without prolog or epilog, a part of a
	// function whose prolog is described elsewhere.
	Fragment       bool
	FunctionLength uint32 // in bytes
	// RegF is the field: 0 saves no d register, n > 0 saves d8..d8+n.
	// RegI is the number of x registers saved from x19 on.
	RegF, RegI uint8
	H          bool  // the prolog homes x0-x7 (stores them above the saves)
	CR         uint8 // 0 lr not saved, 1 lr saved alone, 3 a frame record (x29, lr) and x29 = sp, 2 that with lr signed (pacibsp)
	FrameSize  uint32
}

// MaxPackedCodes bounds the codes a packed entry stands for.
const MaxPackedCodes = 24

// PackedData returns the entry's packed fields (meaningful when f.Packed()).
func (f ARM64Function) PackedData() ARM64Packed {
	w := f.UnwindData
	return ARM64Packed{Fragment: w&3 == 2, FunctionLength: (w >> 2 & (1<<11 - 1)) * 4, RegF: uint8(w >> 13 & 7),
		RegI: uint8(w >> 16 & 15), H: w>>20&1 != 0, CR: uint8(w >> 21 & 3), FrameSize: (w >> 23) * 16}
}

// sizes returns the bytes of the register save area and of the rest of
// the frame.
func (p ARM64Packed) sizes() (intSZ, savSZ, locSZ int64) {
	intSZ = 8 * int64(p.RegI)
	if p.CR == 1 {
		intSZ += 8
	}
	fpSZ := 8 * int64(p.RegF)
	if p.RegF != 0 {
		fpSZ += 8
	}
	h := int64(0)
	if p.H {
		h = 64
	}
	savSZ = (intSZ + fpSZ + h + 15) &^ 15
	return intSZ, savSZ, int64(p.FrameSize) - savSZ
}

// Prolog returns the unwind codes the canonical prolog of p stands for
// (the entry of the function at rva, which errors name), in buf, in the order of unwind codes (the last prolog instruction
// first), one per instruction, without the end: set_fp, save_fplr(_x),
// allocations, a nop for each store homing x0-x7 (Reg the first of its
// pair, 0 2 4 6, Offset its place), the d, lr and x saves (from the
// packed form's stp xN, lr: save_lrpair), and for CR 2 a code of Op
// ARM64Other and Byte 0xfc (pac_sign_lr). An entry no prolog matches (the
// reserved Flag 3, RegI above 10, a frame smaller than its saves, CR 1
// with RegI 1, H with nothing else decrementing sp) is refused: a
// *FormatError wrapping ErrFormat, or ErrUnsupported for the encodings
// Microsoft's unwinder does not define.
func (p ARM64Packed) Prolog(rva uint32, buf *[MaxPackedCodes]ARM64Code) ([]ARM64Code, error) {
	const what = "packed .pdata entry"
	if p.RegI > 10 {
		return nil, formatErr(rva, what, "RegI %d: only x19-x28 are saved (at most 10)", p.RegI)
	}
	intSZ, savSZ, locSZ := p.sizes()
	fpFrame := p.CR == 2 || p.CR == 3
	switch {
	case locSZ < 0:
		return nil, formatErr(rva, what, "FrameSize %d is below the %d bytes of its saved registers", p.FrameSize, savSZ)
	case fpFrame && locSZ < 16:
		return nil, formatErr(rva, what, "FrameSize %d leaves %d bytes below the saved registers, no room for the frame record (x29, lr)", p.FrameSize, locSZ)
	case p.CR == 1 && p.RegI == 1:
		return nil, unsupported(rva, what, "CR 1 with RegI 1 (stp x19, lr with a pre-decrement) has no unwind code")
	case p.H && p.RegI == 0 && p.RegF == 0 && p.CR != 1:
		return nil, unsupported(rva, what, "H with no register saved before it: the homing stores would allocate the save area, which the document does not define")
	}
	out := buf[:0]
	add := func(op ARM64Op, reg uint16, pair bool, off int64) {
		out = append(out, ARM64Code{Op: op, Size: 1, Reg: reg, Pair: pair, Offset: uint32(off)})
	}
	alloc := func(n int64) {
		op := ARM64AllocS
		switch {
		case n >= 1<<16:
			op = ARM64AllocL
		case n >= 512:
			op = ARM64AllocM
		}
		add(op, 0, false, n)
	}
	if fpFrame {
		add(ARM64SetFP, 0, false, 0)
		if locSZ <= 512 {
			add(ARM64SaveFPLRX, DwarfX29, true, locSZ)
		} else {
			add(ARM64SaveFPLR, DwarfX29, true, 0)
		}
	}
	switch {
	case locSZ > 4080:
		alloc(locSZ - 4080)
		alloc(4080)
	case (!fpFrame && locSZ > 0) || locSZ > 512:
		alloc(locSZ)
	}
	if p.H {
		for r := int64(6); r >= 0; r -= 2 {
			add(ARM64Nop, uint16(r), true, savSZ-64+8*r)
		}
	}
	nf := 0
	if p.RegF != 0 {
		nf = int(p.RegF) + 1
	}
	for i := (nf+1)/2 - 1; i >= 0; i-- {
		reg, off := DwarfD8+uint16(2*i), intSZ+16*int64(i)
		switch {
		case i == (nf+1)/2-1 && nf%2 == 1:
			add(ARM64SaveFReg, reg, false, off)
		case i == 0 && p.RegI == 0 && p.CR != 1:
			add(ARM64SaveFRegPX, reg, true, savSZ)
		default:
			add(ARM64SaveFRegP, reg, true, off)
		}
	}
	if p.CR == 1 && p.RegI%2 == 0 {
		if p.RegI == 0 {
			add(ARM64SaveRegX, DwarfX30, false, savSZ)
		} else {
			add(ARM64SaveReg, DwarfX30, false, intSZ-8)
		}
	}
	ni := int(p.RegI)
	for i := (ni+1)/2 - 1; i >= 0; i-- {
		reg, off := uint16(19+2*i), 16*int64(i)
		switch {
		case i == (ni+1)/2-1 && ni%2 == 1:
			switch {
			case p.CR == 1:
				add(ARM64SaveLRPair, reg, true, off)
			case i == 0:
				add(ARM64SaveRegX, reg, false, savSZ)
			default:
				add(ARM64SaveReg, reg, false, off)
			}
		case i == 0:
			add(ARM64SaveR19R20X, reg, true, savSZ)
		default:
			add(ARM64SaveRegP, reg, true, off)
		}
	}
	if p.CR == 2 {
		out = append(out, ARM64Code{Op: ARM64Other, Size: 1, Byte: 0xfc})
	}
	return out, nil
}

// inPackedEpilog reports whether a code is undone by the packed epilog:
// the epilog mirrors the prolog without its homing stores, without the
// mov x29, sp (LLVM packs a CR 3 frame only when its epilog has none) and
// with the pointer authentication (CR 2) before the return.
func inPackedEpilog(c ARM64Code) bool {
	return c.Op != ARM64Nop && c.Op != ARM64SetFP && c.Op != ARM64Other
}

// packedRule is RuleAt for a packed entry: instruction k of the function.
func packedRule(fn ARM64Function, k int, r *Rule) error {
	p := fn.PackedData()
	r.Function.End = fn.Begin + p.FunctionLength
	var buf [MaxPackedCodes]ARM64Code
	codes, err := p.Prolog(fn.Begin, &buf)
	if err != nil {
		return err
	}
	if p.CR == 2 {
		return unsupported(fn.Begin, "packed .pdata entry", "CR 2: lr is saved signed (pacibsp), which no rule expresses")
	}
	u := arm64Unwinder{rule: r, cur: Loc{DwarfSP, 0}}
	skip, epilog := 0, false
	if !p.Fragment {
		ne := 0
		for _, c := range codes {
			if inPackedEpilog(c) {
				ne++
			}
		}
		start := int(p.FunctionLength/4) - ne - 1 // the epilog, then the ret
		switch {
		case k < len(codes):
			r.Where, skip = InProlog, len(codes)-k
		case k >= start:
			r.Where, skip, epilog = InEpilog, k-start, true
		}
	}
	n := 0
	for _, c := range codes {
		if epilog && !inPackedEpilog(c) {
			continue
		}
		n++
		if n <= skip {
			continue
		}
		u.step(c)
	}
	u.finish()
	return nil
}
