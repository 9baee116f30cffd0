package cfi

// DW_CFA instruction opcodes, named Op + the name after DW_CFA_. The first
// three carry an operand in their low six bits.
const (
	OpAdvanceLoc        = 0x40
	OpOffset            = 0x80
	OpRestore           = 0xc0
	OpNop               = 0x00
	OpSetLoc            = 0x01
	OpAdvanceLoc1       = 0x02
	OpAdvanceLoc2       = 0x03
	OpAdvanceLoc4       = 0x04
	OpOffsetExtended    = 0x05
	OpRestoreExtended   = 0x06
	OpUndefined         = 0x07
	OpSameValue         = 0x08
	OpRegister          = 0x09
	OpRememberState     = 0x0a
	OpRestoreState      = 0x0b
	OpDefCFA            = 0x0c
	OpDefCFARegister    = 0x0d
	OpDefCFAOffset      = 0x0e
	OpDefCFAExpression  = 0x0f
	OpExpression        = 0x10
	OpOffsetExtendedSF  = 0x11
	OpDefCFASF          = 0x12
	OpDefCFAOffsetSF    = 0x13
	OpValOffset         = 0x14
	OpValOffsetSF       = 0x15
	OpValExpression     = 0x16
	OpMIPSAdvanceLoc8   = 0x1d
	OpNegateRAStateWPC  = 0x2c // AArch64 negate_ra_state_with_pc
	OpNegateRAState     = 0x2d // AArch64; DW_CFA_GNU_window_save on SPARC
	OpGNUArgsSize       = 0x2e
	OpGNUNegOffsetExtnd = 0x2f
)

// machine executes CIE and FDE instructions into u.row.
type machine struct {
	s      *Section
	f      *FDE
	u      *Unwinder
	target uint64 // stop mode: the PC whose row is wanted
	stop   bool
	loc    uint64
	done   bool // stop mode: the row for target is in u.row
}

// run executes the CIE's initial instructions, then the FDE's, calling
// yield for every row (yield == nil: stop mode).
func (m *machine) run(yield func(*Row) bool) error {
	u := m.u
	c := &m.f.CIE
	n := len(m.s.cfg.Data)
	if c.instrOff < 0 || c.instrOff > n || len(c.Instructions) > n-c.instrOff ||
		m.f.instrOff < 0 || m.f.instrOff > n || len(m.f.Instructions) > n-m.f.instrOff {
		return errAt(m.f.Offset, "FDE (not decoded from this section)", ErrConfig)
	}
	m.loc = m.f.PCBegin
	key := initKey{off: c.instrOff, n: len(c.Instructions), dataAlign: c.DataAlign, ra: c.RAReg}
	if u.initOf == m.s && u.initKey == key {
		// The CIE's initial instructions were run last time: their row
		// is init.
		u.row.assign(&u.init)
	} else {
		u.initOf = nil // init is overwritten below, or left half-done
		u.row.reset(c.RAReg)
		u.depth = 0
		if err := m.exec(c.instrOff, c.instrOff+len(c.Instructions), true, nil); err != nil {
			return err
		}
		u.init.assign(&u.row)
		u.initOf, u.initKey = m.s, key
	}
	u.depth = 0
	if err := m.exec(m.f.instrOff, m.f.instrOff+len(m.f.Instructions), false, yield); err != nil {
		return err
	}
	if m.done {
		return nil
	}
	u.row.Start = m.loc
	u.row.End = m.f.PCEnd
	if u.row.End < u.row.Start {
		u.row.End = u.row.Start
	}
	if yield != nil {
		yield(&u.row)
	}
	return nil
}

// advance moves the location to newLoc, ending the current row. It
// reports whether execution should stop.
func (m *machine) advance(newLoc uint64, at int, yield func(*Row) bool) (bool, error) {
	if newLoc < m.loc {
		return true, errAt(uint64(at), "advance (location moves backwards or overflows)", ErrLocation)
	}
	r := &m.u.row
	r.Start, r.End = m.loc, newLoc
	if yield == nil {
		if m.stop && m.target < newLoc {
			m.done = true
			return true, nil
		}
	} else if !yield(r) {
		m.done = true
		return true, nil
	}
	m.loc = newLoc
	return false, nil
}

func (m *machine) setReg(reg uint64, rule Rule, at int) error {
	if reg >= MaxRegs {
		return errAt(uint64(at), "register rule", ErrRegister)
	}
	m.u.row.Regs[reg] = rule
	m.u.row.set[reg/64] |= 1 << (reg % 64)
	return nil
}

// exec runs the instructions in the section bytes [start, end).
func (m *machine) exec(start, end int, inCIE bool, yield func(*Row) bool) error {
	s := m.s
	c := &m.f.CIE
	r := s.reader(start, end)
	row := &m.u.row
	for r.pos < r.end {
		at := r.pos
		op := r.b[r.pos]
		r.pos++
		var err error
		var reg, uv uint64
		var sv int64
		switch op & 0xc0 {
		case OpAdvanceLoc:
			if inCIE {
				return errAt(uint64(at), "DW_CFA_advance_loc in a CIE", ErrCFARule)
			}
			if stop, err := m.advance(m.loc+uint64(op&0x3f)*c.CodeAlign, at, yield); stop || err != nil {
				return err
			}
			continue
		case OpOffset:
			if uv, err = r.uleb("DW_CFA_offset operand"); err != nil {
				return err
			}
			if err = m.setReg(uint64(op&0x3f), Rule{Kind: RuleOffset, Offset: int64(uv) * c.DataAlign}, at); err != nil {
				return err
			}
			continue
		case OpRestore:
			if inCIE {
				return errAt(uint64(at), "DW_CFA_restore in a CIE", ErrCFARule)
			}
			reg = uint64(op & 0x3f)
			if err = m.setReg(reg, m.u.init.Regs[reg], at); err != nil {
				return err
			}
			continue
		}
		switch op {
		case OpNop:
		case OpSetLoc, OpAdvanceLoc1, OpAdvanceLoc2, OpAdvanceLoc4, OpMIPSAdvanceLoc8:
			if inCIE {
				return errAt(uint64(at), "advance instruction in a CIE", ErrCFARule)
			}
			var newLoc uint64
			switch op {
			case OpSetLoc:
				if s.cfg.Kind == EHFrame {
					newLoc, _, err = r.readPointer(c.FDEEncoding, s.cfg.PtrSize, &s.bases, "DW_CFA_set_loc operand")
				} else {
					newLoc, err = r.uN(int(c.AddressSize), "DW_CFA_set_loc operand")
				}
			case OpAdvanceLoc1:
				uv, err = r.uN(1, "DW_CFA_advance_loc1 operand")
			case OpAdvanceLoc2:
				uv, err = r.uN(2, "DW_CFA_advance_loc2 operand")
			case OpAdvanceLoc4:
				uv, err = r.uN(4, "DW_CFA_advance_loc4 operand")
			default:
				uv, err = r.uN(8, "DW_CFA_MIPS_advance_loc8 operand")
			}
			if err != nil {
				return err
			}
			if op != OpSetLoc {
				newLoc = m.loc + uv*c.CodeAlign
				if c.CodeAlign != 0 && uv > ^uint64(0)/c.CodeAlign {
					return errAt(uint64(at), "advance (delta overflows)", ErrLocation)
				}
			}
			if stop, err := m.advance(newLoc, at, yield); stop || err != nil {
				return err
			}
		case OpOffsetExtended, OpValOffset, OpGNUNegOffsetExtnd:
			if reg, err = r.uleb("register operand"); err != nil {
				return err
			}
			if uv, err = r.uleb("offset operand"); err != nil {
				return err
			}
			rule := Rule{Kind: RuleOffset, Offset: int64(uv) * c.DataAlign}
			if op == OpValOffset {
				rule.Kind = RuleValOffset
			} else if op == OpGNUNegOffsetExtnd {
				rule.Offset = -rule.Offset
			}
			if err = m.setReg(reg, rule, at); err != nil {
				return err
			}
		case OpOffsetExtendedSF, OpValOffsetSF:
			if reg, err = r.uleb("register operand"); err != nil {
				return err
			}
			if sv, err = r.sleb("offset operand"); err != nil {
				return err
			}
			kind := RuleOffset
			if op == OpValOffsetSF {
				kind = RuleValOffset
			}
			if err = m.setReg(reg, Rule{Kind: kind, Offset: sv * c.DataAlign}, at); err != nil {
				return err
			}
		case OpRestoreExtended, OpUndefined, OpSameValue:
			if reg, err = r.uleb("register operand"); err != nil {
				return err
			}
			var rule Rule
			switch op {
			case OpRestoreExtended:
				if inCIE {
					return errAt(uint64(at), "DW_CFA_restore_extended in a CIE", ErrCFARule)
				}
				if reg < MaxRegs {
					rule = m.u.init.Regs[reg]
				}
			case OpUndefined:
				rule.Kind = RuleUndefined
			default:
				rule.Kind = RuleSameValue
			}
			if err = m.setReg(reg, rule, at); err != nil {
				return err
			}
		case OpRegister:
			if reg, err = r.uleb("register operand"); err != nil {
				return err
			}
			if uv, err = r.uleb("second register operand"); err != nil {
				return err
			}
			if uv > maxRegNumber {
				return errAt(uint64(at), "DW_CFA_register second register", ErrRegister)
			}
			if err = m.setReg(reg, Rule{Kind: RuleRegister, Reg: uint16(uv)}, at); err != nil {
				return err
			}
		case OpRememberState:
			if m.u.depth >= MaxStateDepth {
				return errAt(uint64(at), "DW_CFA_remember_state (nested too deeply)", ErrStateStack)
			}
			m.u.stack[m.u.depth].assign(row)
			m.u.depth++
		case OpRestoreState:
			if m.u.depth == 0 {
				return errAt(uint64(at), "DW_CFA_restore_state (nothing remembered)", ErrStateStack)
			}
			m.u.depth--
			row.assign(&m.u.stack[m.u.depth])
		case OpDefCFA, OpDefCFASF:
			if reg, err = r.uleb("DW_CFA_def_cfa register"); err != nil {
				return err
			}
			if op == OpDefCFA {
				uv, err = r.uleb("DW_CFA_def_cfa offset")
				sv = int64(uv)
			} else {
				sv, err = r.sleb("DW_CFA_def_cfa_sf offset")
				sv *= c.DataAlign
			}
			if err != nil {
				return err
			}
			if reg > maxRegNumber {
				return errAt(uint64(at), "DW_CFA_def_cfa register", ErrRegister)
			}
			row.CFA = CFARule{Kind: CFARegOffset, Reg: uint16(reg), Offset: sv}
		case OpDefCFARegister:
			if reg, err = r.uleb("DW_CFA_def_cfa_register operand"); err != nil {
				return err
			}
			if reg > maxRegNumber {
				return errAt(uint64(at), "DW_CFA_def_cfa_register operand", ErrRegister)
			}
			if row.CFA.Kind != CFARegOffset {
				row.CFA = CFARule{Kind: CFARegOffset}
			}
			row.CFA.Reg = uint16(reg)
		case OpDefCFAOffset, OpDefCFAOffsetSF:
			if op == OpDefCFAOffset {
				uv, err = r.uleb("DW_CFA_def_cfa_offset operand")
				sv = int64(uv)
			} else {
				sv, err = r.sleb("DW_CFA_def_cfa_offset_sf operand")
				sv *= c.DataAlign
			}
			if err != nil {
				return err
			}
			if row.CFA.Kind != CFARegOffset {
				return errAt(uint64(at), "DW_CFA_def_cfa_offset without a register CFA rule", ErrCFARule)
			}
			row.CFA.Offset = sv
		case OpDefCFAExpression:
			if uv, err = r.uleb("DW_CFA_def_cfa_expression length"); err != nil {
				return err
			}
			expr, err := r.bytes(uv, "DW_CFA_def_cfa_expression block")
			if err != nil {
				return err
			}
			row.CFA = CFARule{Kind: CFAExpression, Expr: expr}
		case OpExpression, OpValExpression:
			if reg, err = r.uleb("register operand"); err != nil {
				return err
			}
			if uv, err = r.uleb("expression length"); err != nil {
				return err
			}
			expr, err := r.bytes(uv, "expression block")
			if err != nil {
				return err
			}
			kind := RuleExpression
			if op == OpValExpression {
				kind = RuleValExpression
			}
			if err = m.setReg(reg, Rule{Kind: kind, Expr: expr}, at); err != nil {
				return err
			}
		case OpNegateRAState, OpNegateRAStateWPC:
			row.RASigned = !row.RASigned
			row.RASignStateSet = true
		case OpGNUArgsSize:
			if row.ArgsSize, err = r.uleb("DW_CFA_GNU_args_size operand"); err != nil {
				return err
			}
		default:
			return errAt(uint64(at), "CFA instruction", ErrOpcode)
		}
	}
	return nil
}
