package unwind

import (
	"github.com/stackmaps/stackmaps/cfi"
	"github.com/stackmaps/stackmaps/winunwind"
)

// Windows x64 unwind data (.pdata): the rule winunwind gives at an
// address, stated as a cfi.Row. A location that is the CFA's register
// plus an offset is RuleOffset; one on another register (a register
// pushed after the frame register was set, a SAVE_* slot before it was)
// is a DWARF expression DW_OP_bregN offset; the CFA a PUSH_MACHFRAME
// loads is DW_OP_bregN offset, DW_OP_deref.

// winCtx is the scratch state of Windows rows, in the Context.
type winCtx struct {
	rule winunwind.Rule
	row  cfi.Row
	set  [len(win64Nonvolatile) + winSaved]uint16 // the registers row has rules for (some twice)
	nset int
	expr [winSaved + 1][winExprSize]byte // expressions: one per saved register and the CFA
}

// nonvolatile is how many of win64Nonvolatile apply: none on ARM64,
// whose convention preserves what AAPCS64 does (a walker knows those).
func nonvolatile(arm64 bool) int {
	if arm64 {
		return 0
	}
	return len(win64Nonvolatile)
}

// win64Nonvolatile are the DWARF numbers of the registers the Microsoft
// x64 calling convention preserves: rbx rsi rdi rbp r12-r15 xmm6-xmm15.
var win64Nonvolatile = [...]uint16{3, 4, 5, 6, 12, 13, 14, 15, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32}

const (
	winSaved    = 34 // rip, 16 integer and 16 xmm registers, and one spare
	winExprSize = 12 // DW_OP_bregN, an SLEB128 offset (at most 10 bytes), DW_OP_deref
)

// dwOpBreg0 and dwOpDeref are the DWARF operations the expressions use.
const (
	dwOpBreg0 = 0x70
	dwOpDeref = 0x06
)

// bregExpr writes DW_OP_bregN off (and DW_OP_deref when deref) into buf.
func bregExpr(buf *[winExprSize]byte, l winunwind.Loc, deref bool) []byte {
	b := buf[:0]
	b = append(b, dwOpBreg0+byte(l.Reg))
	v := l.Offset
	for {
		c := byte(v & 0x7f)
		v >>= 7
		if (v == 0 && c&0x40 == 0) || (v == -1 && c&0x40 != 0) {
			b = append(b, c)
			break
		}
		b = append(b, c|0x80)
	}
	if deref {
		b = append(b, dwOpDeref)
	}
	return b
}

// pdataRow answers pc from the .pdata table: instruction says pc is an
// instruction about to run (epilogs are then recognized), not a return
// address minus 1.
func (t *Table) pdataRow(pc uint64, rva uint32, instruction bool, ctx *Context) (*Row, error) {
	w := &ctx.win
	var err error
	if t.pdataARM64 != nil {
		// Every ARM64 unwind code is one instruction: the instruction
		// index says where pc is, for a return address minus 1 too.
		err = t.pdataARM64.RuleAt(rva, &w.rule)
	} else {
		err = t.pdata.RuleAt(rva, instruction, &w.rule)
	}
	if err != nil {
		return nil, &Error{Table: KindPData, PC: pc, Err: err}
	}
	r := &ctx.row
	r.Table, r.FunctionStart = KindPData, pc-uint64(rva)+uint64(w.rule.Function.Begin)
	r.Rules, r.Windows = w.rules(pc, t.pdataARM64 != nil), &w.rule
	return r, nil
}

// rules states w.rule as DWARF rules in w.row.
func (w *winCtx) rules(pc uint64, arm64 bool) *cfi.Row {
	row, rule := &w.row, &w.rule
	for _, reg := range w.set[:w.nset] {
		row.Regs[reg] = cfi.Rule{}
	}
	w.nset = 0
	row.Start, row.End, row.RAReg = pc, pc+1, winunwind.DwarfRIP
	if arm64 {
		row.RAReg = winunwind.DwarfX30
	}
	if rule.CFALoaded {
		row.CFA = cfi.CFARule{Kind: cfi.CFAExpression, Expr: bregExpr(&w.expr[0], rule.CFA, true)}
	} else {
		row.CFA = cfi.CFARule{Kind: cfi.CFARegOffset, Reg: rule.CFA.Reg, Offset: rule.CFA.Offset}
	}
	// The registers the Microsoft x64 convention preserves keep their
	// value unless the rule restores them: same value, which a walker
	// following the SysV convention (rsi, rdi and xmm6-xmm15 are
	// volatile there) would otherwise drop.
	for _, reg := range win64Nonvolatile[:nonvolatile(arm64)] {
		row.Regs[reg] = cfi.Rule{Kind: cfi.RuleSameValue}
		w.set[w.nset] = reg
		w.nset++
	}
	nexpr := 1
	at := func(reg uint16, l winunwind.Loc) {
		if reg >= cfi.MaxRegs || w.nset >= len(w.set) || nexpr >= len(w.expr) {
			return
		}
		if !rule.CFALoaded && l.Reg == rule.CFA.Reg {
			row.Regs[reg] = cfi.Rule{Kind: cfi.RuleOffset, Offset: l.Offset - rule.CFA.Offset}
		} else {
			row.Regs[reg] = cfi.Rule{Kind: cfi.RuleExpression, Expr: bregExpr(&w.expr[nexpr], l, false)}
			nexpr++
		}
		w.set[w.nset] = reg
		w.nset++
	}
	if !arm64 { // ARM64: lr is among the saved registers, or keeps its value
		at(winunwind.DwarfRIP, rule.ReturnAddress)
	}
	for _, s := range rule.Saved() {
		at(s.Reg, s.At)
	}
	return row
}

// pdataRVA turns an address into an RVA of the .pdata table, false when
// it is outside the 4 GiB from the base.
func (t *Table) pdataRVA(pc uint64) (uint32, bool) {
	if pc < t.pdataBase || pc-t.pdataBase >= 1<<32 {
		return 0, false
	}
	return uint32(pc - t.pdataBase), true
}

// RowForFrame returns the row of a frame at pc: returnAddress says pc is
// a return address (the frame is suspended in a call), looked up at
// LookupPC(pc, true); otherwise pc is the instruction the frame was
// interrupted at. It is RowAt(LookupPC(pc, returnAddress)), except in
// Windows unwind data, where an interrupted frame's pc may be in an
// epilog: the instructions there are read and emulated, as the Windows
// unwinder does, which RowAt (whose pc may be a return address minus 1,
// inside a call instruction) does not do.
func (t *Table) RowForFrame(pc uint64, returnAddress bool, ctx *Context) (*Row, error) {
	at := LookupPC(pc, returnAddress)
	if t.pdata == nil || returnAddress || t.hasDWARF() { // ARM64: RowAt is exact
		return t.RowAt(at, ctx)
	}
	t.resetRow(at, ctx)
	rva, ok := t.pdataRVA(at)
	if !ok || t.pdataSections != nil {
		return t.RowAt(at, ctx)
	}
	return t.pdataRow(at, rva, true, ctx)
}

func (t *Table) hasDWARF() bool { return t.dwarf[0] != nil || t.dwarf[1] != nil }

// pdataAt answers RowAt from the .pdata table (pc a return address minus
// 1 or an instruction outside an epilog; see RowForFrame).
func (t *Table) pdataAt(pc uint64, ctx *Context) (*Row, error) {
	if t.pdataSections != nil {
		return nil, &AmbiguousError{Addr: pc, What: ".pdata entries"}
	}
	rva, ok := t.pdataRVA(pc)
	if !ok {
		return nil, &Error{Table: KindPData, PC: pc, What: "address outside the image", Err: ErrNotFound}
	}
	return t.pdataRow(pc, rva, false, ctx)
}

// pdataInSection answers RowInSection from an object's .pdata table.
func (t *Table) pdataInSection(section int, pc uint64, ctx *Context) (*Row, error) {
	base, ok := t.pdataSections(section)
	if !ok || pc >= 1<<32 || uint64(base)+pc >= 1<<32 {
		return nil, &Error{Table: KindPData, PC: pc, What: "no unwind data for the code section", Err: ErrNotFound}
	}
	t.resetRow(pc, ctx)
	return t.pdataRow(pc, base+uint32(pc), false, ctx)
}
