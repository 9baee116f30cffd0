package winunwind

// Instruction bytes an x64 epilog is made of.
const (
	rexW     = 0x48
	addImm8  = 0x83
	addImm32 = 0x81
	leaOp    = 0x8d
	popOp    = 0x58
	retOp    = 0xc3
	retImm   = 0xc2
	repPfx   = 0xf3
	repnePfx = 0xf2
	jmpRel8  = 0xeb
	jmpRel32 = 0xe9
	jmpInd   = 0xff
)

// code returns the function's bytes from rva to its end, or nil when the
// image's sections do not hold them.
func (t *Table) code(fn RuntimeFunction, rva uint32) []byte {
	if !fn.Contains(rva) {
		return nil
	}
	b := t.mem.at(rva)
	if n := int(fn.End - rva); len(b) > n {
		b = b[:n]
	}
	return b
}

// findEpilog reports whether rva is in an epilog of fn, and for a version
// 2 record the offset of rva in it. Version 1 reads the instructions at
// rva as the Windows unwinder does: an optional add rsp, imm or lea rsp,
// [fp+disp], pops, then a ret, or a jump out of the function.
func (t *Table) findEpilog(fn RuntimeFunction, in *Info, rva uint32) (uint32, bool, error) {
	if in.Version >= 2 {
		if in.epilogs == 0 {
			return 0, false, nil
		}
		first, _ := in.code(0)
		size := first.Value
		if first.AtEnd {
			if start := fn.End - size; rva-start < size {
				return rva - start, true, nil
			}
		}
		for i := 1; i < in.epilogs; i++ {
			c, _ := in.code(i)
			if c.Value == 0 {
				break
			}
			if start := fn.End - c.Value; rva-start < size {
				return rva - start, true, nil
			}
		}
		return 0, false, nil
	}
	b := t.code(fn, rva)
	if b == nil {
		return 0, false, unsupported(rva, "code", "the image's sections do not hold the code at the address, which a version 1 record needs to recognize an epilog")
	}
	at := func(i int) int { // the byte at i, or -1 past the function's end
		if i < len(b) {
			return int(b[i])
		}
		return -1
	}
	i := 0
	switch {
	case at(0) == rexW && at(1) == addImm8 && at(2) == 0xc4:
		i = 4
	case at(0) == rexW && at(1) == addImm32 && at(2) == 0xc4:
		i = 7
	case at(0)&^1 == rexW && at(1) == leaOp && at(2) >= 0:
		if fr := (at(0)&1)<<3 | at(2)&7; fr != 0 && fr == int(in.FrameRegister) {
			switch at(2) & 0xf8 {
			case 0x60:
				i = 4
			case 0xa0:
				i = 7
			}
		}
	}
	for {
		if c := at(i); c >= 0 && c&0xf8 == popOp {
			i++
		} else if c >= 0 && c&0xf0 == 0x40 && at(i+1) >= 0 && at(i+1)&0xf8 == popOp {
			i += 2
		} else {
			break
		}
	}
	if at(i) == repnePfx {
		i++
	}
	switch c := at(i); {
	case c == retOp || c == retImm || (c == repPfx && at(i+1) == retOp):
		return 0, true, nil
	case c == jmpRel8 || c == jmpRel32:
		next := int64(rva) + int64(i) + 2
		var target int64
		if c == jmpRel8 {
			if at(i+1) < 0 {
				return 0, false, nil
			}
			target = next + int64(int8(at(i+1)))
		} else {
			if i+5 > len(b) {
				return 0, false, nil
			}
			next += 3
			target = next + int64(int32(le.Uint32(b[i+1:])))
		}
		if target < 0 || target >= 1<<32 {
			return 0, true, nil // out of the image: a tail call
		}
		tgt := uint32(target)
		if !fn.Contains(tgt) {
			// A jump into another entry of the same function (a chained
			// part) is no epilog, unless to its start.
			prim, err := t.primary(fn)
			if err != nil {
				return 0, false, err
			}
			g, _, ok := t.Lookup(tgt)
			if !ok {
				return 0, true, nil
			}
			gp, err := t.primary(g)
			if err != nil {
				return 0, false, err
			}
			return 0, gp != prim || tgt == prim.Begin, nil
		}
		return 0, tgt == fn.Begin && in.Flags&FlagChainInfo == 0, nil
	case c == jmpInd && at(i+1) == 0x25:
		return 0, true, nil
	case c >= 0 && c&0xf8 == rexW && at(i+1) == jmpInd && at(i+2) >= 0 && at(i+2)&0x38 == 0x20:
		return 0, true, nil
	}
	return 0, false, nil
}

// primary returns the first entry of fn's chain.
func (t *Table) primary(fn RuntimeFunction) (RuntimeFunction, error) {
	for range maxChain + 1 {
		r, err := t.resolve(fn)
		if err != nil {
			return fn, err
		}
		in, err := t.ParseInfo(r.UnwindInfo)
		if err != nil {
			return fn, err
		}
		if in.Flags&FlagChainInfo == 0 {
			return fn, nil
		}
		fn = in.Chained
	}
	return fn, formatErr(fn.UnwindInfo, "UNWIND_INFO", "more than %d chained entries", maxChain)
}

// epilogV1 emulates the epilog at rva forward: the add or lea that frees
// the frame, the pops, then the return.
func (t *Table) epilogV1(in *Info, rva uint32, u *unwinder) error {
	b := t.mem.at(rva)
	i := 0
	imm := func(n int) (int64, bool) { // the imm8 or imm32 at b[3:]
		if len(b) < 3+n {
			return 0, false
		}
		if n == 1 {
			return int64(int8(b[3])), true
		}
		return int64(int32(le.Uint32(b[3:]))), true
	}
	if len(b) >= 3 && b[0]&0xf8 == rexW {
		switch {
		case b[1] == addImm8 || b[1] == addImm32:
			n := 1
			if b[1] == addImm32 {
				n = 4
			}
			if v, ok := imm(n); ok {
				u.cur.Offset += v
				i = 3 + n
			}
		case b[1] == leaOp && (b[2]&0xf8 == 0x60 || b[2]&0xf8 == 0xa0):
			n := 1
			if b[2]&0xf8 == 0xa0 {
				n = 4
			}
			if v, ok := imm(n); ok {
				u.cur, i = Loc{DwarfReg((b[0]&1)<<3 | b[2]&7), v}, 3+n
			}
		}
	}
	for i < len(b) {
		var reg uint8
		switch {
		case b[i]&0xf8 == popOp:
			reg = b[i] & 7
			i++
		case b[i]&0xf0 == 0x40 && i+1 < len(b) && b[i+1]&0xf8 == popOp:
			reg = (b[i]&1)<<3 | b[i+1]&7
			i += 2
		default:
			return nil
		}
		if reg == 4 {
			return unsupported(rva, "epilog", "pop rsp")
		}
		u.rule.save(DwarfReg(reg), u.cur)
		u.cur.Offset += 8
	}
	return nil
}

// epilogV2 emulates a version 2 epilog from off bytes into it: the pushes
// of the prolog not yet popped (each pop is 1 byte, 2 for r8-r15), an
// ALLOC_SMALL 8 for a pushed rflags, a machine frame or the return.
func (t *Table) epilogV2(in Info, off uint32, u *unwinder) error {
	first := -1
	for chain := 0; ; chain++ {
		for i := in.epilogs; i < len(in.codes)/2; {
			c, err := in.code(i)
			if err != nil {
				return err
			}
			if c.Op == OpPushNonvol || c.Op == OpPushMachFrame {
				first = i
				break
			}
			i += int(c.Slots)
		}
		if first >= 0 || in.Flags&FlagChainInfo == 0 {
			break
		}
		if chain >= maxChain {
			return formatErr(in.RVA, "UNWIND_INFO", "more than %d chained entries", maxChain)
		}
		p, err := t.resolve(in.Chained)
		if err != nil {
			return err
		}
		if in, err = t.ParseInfo(p.UnwindInfo); err != nil {
			return err
		}
	}
	if first < 0 {
		return nil
	}
	pos := uint32(0)
	i := first
	var c Code
	for i < len(in.codes)/2 {
		c, _ = in.code(i)
		if c.Op != OpPushNonvol {
			break
		}
		if pos >= off {
			u.rule.save(DwarfReg(c.Reg), u.cur)
			u.cur.Offset += 8
		}
		pos++
		if c.Reg >= 8 {
			pos++
		}
		i++
	}
	if i < len(in.codes)/2 && c.Op == OpAllocSmall && c.OpInfo == 0 {
		if pos >= off {
			u.cur.Offset += 8
		}
		i++
	}
	if i < len(in.codes)/2 {
		c, _ = in.code(i)
		if c.Op != OpPushMachFrame {
			return unsupported(in.RVA, "UNWIND_INFO", "epilog: %v after the pushes (only a machine frame may follow them)", c.Op)
		}
		// As the Windows unwinder does, an epilog's machine frame has
		// no error code.
		u.rule.ReturnAddress = u.cur
		u.rule.CFA, u.rule.CFALoaded = Loc{u.cur.Reg, u.cur.Offset + 24}, true
		u.machine = true
	}
	return nil
}
