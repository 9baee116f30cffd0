package cfi

import (
	"iter"
	"math/bits"
)

// MaxRegs bounds the DWARF register numbers a Row keeps rules for: 0 to
// 127. That covers x86_64 (GPRs 0-16, xmm 17-32), AArch64 (x0-x30, sp 31,
// RA sign state 34, VG 46, p0-p15 48-63, v0-v31 64-95, z0-z31 96-127),
// PowerPC64 (r0-r31, f0-f31 32-63, lr 65, ctr 66, cr 68-75, v0-v31
// 77-108), s390x (r0-r15, f0-f15 16-31, v16-v31 68-83) and RISC-V (x0-x31,
// f0-f31 32-63, v0-v31 96-127). A rule for a higher register is an error
// wrapping ErrRegister; registers only named inside DWARF expressions (such
// as RISC-V's vlenb, 7202) are not limited.
const MaxRegs = 128

// maxRegNumber is the largest DWARF register number the API carries
// (register numbers are uint16 throughout the module, as in package regs
// and stackmap): a larger one in a CFA rule, a DW_CFA_register operand, a
// CIE's return address column or a DW_OP_bregx is ErrRegister (ErrExpr).
const maxRegNumber = 0xffff

// MaxStateDepth bounds how deeply DW_CFA_remember_state may nest.
const MaxStateDepth = 8

// RegRASignState is AArch64's pseudo register 34, whose value
// DW_CFA_AARCH64_negate_ra_state toggles; see Row.RASigned.
const RegRASignState = 34

// RuleKind says how to recover a register's value in the caller.
type RuleKind uint8

const (
	// RuleUnspecified: no rule was given (the zero value). Unwinders
	// usually treat it as same value for callee-saved registers.
	RuleUnspecified RuleKind = iota
	// RuleUndefined: the register's value cannot be recovered
	// (DW_CFA_undefined; on the RA column it marks the outermost frame).
	RuleUndefined
	// RuleSameValue: the register is unchanged (DW_CFA_same_value).
	RuleSameValue
	// RuleOffset: saved in memory at CFA+Offset (DW_CFA_offset...).
	RuleOffset
	// RuleValOffset: the value is CFA+Offset (DW_CFA_val_offset...).
	RuleValOffset
	// RuleRegister: the value is in register Reg (DW_CFA_register).
	RuleRegister
	// RuleExpression: saved in memory at the address Expr computes, with
	// the CFA pushed first (DW_CFA_expression).
	RuleExpression
	// RuleValExpression: the value is what Expr computes, with the CFA
	// pushed first (DW_CFA_val_expression).
	RuleValExpression
)

var ruleNames = [...]string{"unspecified", "undefined", "same_value", "offset", "val_offset", "register", "expression", "val_expression"}

// String names the kind.
func (k RuleKind) String() string {
	if int(k) < len(ruleNames) {
		return ruleNames[k]
	}
	return "invalid"
}

// Rule is a register rule. Expr is a view into the section.
type Rule struct {
	Kind   RuleKind
	Reg    uint16 // RuleRegister: a DWARF register number
	Offset int64  // RuleOffset, RuleValOffset
	Expr   []byte // RuleExpression, RuleValExpression
}

// CFAKind says how the CFA is computed.
type CFAKind uint8

const (
	// CFAUnspecified: no CFA rule yet (the zero value).
	CFAUnspecified CFAKind = iota
	// CFARegOffset: CFA = value of Reg + Offset.
	CFARegOffset
	// CFAExpression: CFA = result of Expr (DW_CFA_def_cfa_expression).
	CFAExpression
)

var cfaNames = [...]string{"unspecified", "reg_offset", "expression"}

// String names the kind ("unspecified", "reg_offset", "expression"), as
// RuleKind.String names the register rules.
func (k CFAKind) String() string {
	if int(k) < len(cfaNames) {
		return cfaNames[k]
	}
	return "invalid"
}

// CFARule is the rule for the canonical frame address.
type CFARule struct {
	Kind   CFAKind
	Reg    uint16 // CFARegOffset: a DWARF register number
	Offset int64
	Expr   []byte
}

// Row is one row of the unwind table: the rules that hold for PCs in
// [Start, End).
type Row struct {
	// Start and End delimit the code addresses the row applies to.
	Start, End uint64
	// CFA is the canonical frame address rule.
	CFA CFARule
	// RAReg is the return address column, from the CIE.
	RAReg uint16
	// RASigned is the AArch64 return address signing state (pseudo
	// register 34), toggled by DW_CFA_AARCH64_negate_ra_state.
	RASigned bool
	// RASignStateSet reports whether negate_ra_state was seen at all (a
	// rule for register 34 exists).
	RASignStateSet bool
	// ArgsSize is the last DW_CFA_GNU_args_size value.
	ArgsSize uint64
	// Regs holds the rule of each DWARF register below MaxRegs.
	Regs [MaxRegs]Rule

	// set has a bit for each register given a rule since the row was
	// reset (Unwinder.RuleRegs): the others hold the zero Rule, and
	// copies and resets touch these alone.
	set [MaxRegs / 64]uint64
}

// assign copies src into r, touching only the registers either has set
// (a register outside set has the zero Rule): the rules one by one, not
// a copy of every register up to the highest (a copy of Rules, which hold
// a slice, is a typed memmove).
func (r *Row) assign(src *Row) {
	r.Start, r.End, r.CFA, r.RAReg = src.Start, src.End, src.CFA, src.RAReg
	r.RASigned, r.RASignStateSet, r.ArgsSize = src.RASigned, src.RASignStateSet, src.ArgsSize
	for wi := range r.set {
		for w := r.set[wi] &^ src.set[wi]; w != 0; w &= w - 1 {
			r.Regs[wi*64+bits.TrailingZeros64(w)] = Rule{}
		}
		for w := src.set[wi]; w != 0; w &= w - 1 {
			i := wi*64 + bits.TrailingZeros64(w)
			r.Regs[i] = src.Regs[i]
		}
	}
	r.set = src.set
}

// reset empties r and sets its return address column.
func (r *Row) reset(ra uint16) {
	for wi := range r.set {
		for w := r.set[wi]; w != 0; w &= w - 1 {
			r.Regs[wi*64+bits.TrailingZeros64(w)] = Rule{}
		}
	}
	r.Start, r.End, r.CFA, r.RAReg, r.set = 0, 0, CFARule{}, ra, [MaxRegs / 64]uint64{}
	r.RASigned, r.RASignStateSet, r.ArgsSize = false, false, 0
}

// Rule returns the rule of DWARF register reg (RuleUnspecified for a
// register beyond MaxRegs).
func (r *Row) Rule(reg uint16) Rule {
	if reg >= MaxRegs {
		return Rule{}
	}
	return r.Regs[reg]
}

// RA returns the rule of the return address column.
func (r *Row) RA() Rule { return r.Rule(r.RAReg) }

// Unwinder holds the scratch state of row computation, so that RowAt and
// Rows allocate nothing. Its zero value is ready to use; it is large (about
// 50 KB), so keep one per goroutine and reuse it. It is not safe for
// concurrent use.
type Unwinder struct {
	row   Row
	init  Row // the row after the CIE's initial instructions
	stack [MaxStateDepth]Row
	depth int
	// fdes[cur] is the FDE of the last RowAt that found one; a lookup
	// decodes its FDE into the other (next), which becomes cur once
	// found: no copy of it, and a failed lookup leaves FDE's answer.
	fdes [2]FDE
	cur  uint8
	// cie is the CIE of section cieOf that a lookup decoded last (nil
	// cieOf: none): an FDE of the same CIE copies it (parseFDE).
	cie   CIE
	cieOf *Section
	// initOf and initKey say which CIE's initial instructions init holds
	// (nil initOf: none): run starts an FDE of that CIE from init
	// without executing them again.
	initOf  *Section
	initKey initKey
}

// initKey is what the row after a CIE's initial instructions depends on
// besides the section: the instructions' place, the return address
// column and the data alignment (a CIE's initial instructions may not
// advance the location, so neither the FDE nor the code alignment matters).
type initKey struct {
	off, n    int
	dataAlign int64
	ra        uint16
}

// FDE returns the FDE the last successful RowAt used (its CIE tells, for
// example, whether the frame is a signal frame).
func (u *Unwinder) FDE() *FDE { return &u.fdes[u.cur&1] }

// RuleRegs returns the registers that may have a rule in r, a bit each
// (register n is bit n%64 of word n/64): when r is the row u computes (the
// *Row its RowAt, FDERow and Rows return, which callers do not modify),
// every register whose rule is not RuleUnspecified is in it, so that a
// caller visiting the rules visits these alone (on x86_64 a frame's 3 to
// 8 of the 128); a register may be in it without a rule (DW_CFA_restore of
// one the CIE gives none). For any other row (a copy, one a caller built)
// every register is in it.
func (u *Unwinder) RuleRegs(r *Row) [MaxRegs / 64]uint64 {
	if r == &u.row {
		return r.set
	}
	return [MaxRegs / 64]uint64{^uint64(0), ^uint64(0)}
}

// next returns the FDE a lookup decodes into (see Unwinder.fdes).
func (u *Unwinder) next() *FDE { return &u.fdes[(u.cur^1)&1] }

// RowAt finds the FDE covering pc and returns the row for pc. The result
// points into u and is valid until u is used again; do not modify it (copy
// the Row to keep or change it).
func (s *Section) RowAt(pc uint64, u *Unwinder) (*Row, error) {
	// Decoded in u, so that nothing escapes to the heap.
	f := u.next()
	if err := s.findFDE(pc, u, f); err != nil {
		return nil, err
	}
	u.cur ^= 1
	return s.FDERow(f, pc, u)
}

// FDERow returns the row of f for pc, which must lie in [f.PCBegin,
// f.PCEnd). The result points into u and is valid until u is used again;
// do not modify it.
func (s *Section) FDERow(f *FDE, pc uint64, u *Unwinder) (*Row, error) {
	if !f.Contains(pc) {
		return nil, errAt(f.Offset, "FDE row (address outside the FDE)", ErrNotFound)
	}
	m := machine{s: s, f: f, u: u, target: pc, stop: true}
	if err := m.run(nil); err != nil {
		return nil, err
	}
	return &u.row, nil
}

// Rows iterates over the rows of f in address order. Every
// DW_CFA_advance_loc (and set_loc) ends a row, as in llvm-dwarfdump, so a
// row may be empty (Start == End) or repeat the previous one. Each *Row
// points into u and is valid only until the next iteration. A decoding
// error ends the iteration with (nil, err), as FDEs does.
func (s *Section) Rows(f *FDE, u *Unwinder) iter.Seq2[*Row, error] {
	return func(yield func(*Row, error) bool) {
		m := machine{s: s, f: f, u: u}
		stopped := false
		err := m.run(func(r *Row) bool {
			stopped = !yield(r, nil)
			return !stopped
		})
		if err != nil && !stopped {
			yield(nil, err)
		}
	}
}
