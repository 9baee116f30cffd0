package unwind

import (
	"fmt"
	"math"

	"github.com/stackmaps/stackmaps/cfi"
	"github.com/stackmaps/stackmaps/compactunwind"
)

// compactRow answers pc from the compact unwind entries (__unwind_info in
// an image, __compact_unwind in an object). An entry with encoding 0 says
// the function has no unwind information: ErrNotFound. A DWARF-mode entry
// takes the row of the __eh_frame FDE it names; in an object, where the
// entries carry offset 0 (the linker fills it in), the FDE covering pc.
func (t *Table) compactRow(pc uint64, ctx *Context) (*Row, error) {
	r := &ctx.row
	switch {
	case t.info != nil:
		if pc < t.textAddr || pc-t.textAddr > math.MaxUint32 {
			return nil, &Error{Table: KindUnwindInfo, PC: pc, What: "address outside __TEXT", Err: ErrNotFound}
		}
		e, ok := t.info.Lookup(uint32(pc - t.textAddr))
		if !ok {
			return nil, &Error{Table: KindUnwindInfo, PC: pc, Err: ErrNotFound}
		}
		r.Table, r.Encoding, r.FunctionStart = KindUnwindInfo, e.Encoding, t.textAddr+uint64(e.FunctionOffset)
	default:
		e, ok := t.object.Lookup(pc)
		if !ok {
			return nil, &Error{Table: KindCompactUnwind, PC: pc, Err: ErrNotFound}
		}
		r.Table, r.Encoding, r.FunctionStart = KindCompactUnwind, e.Encoding, e.Function
	}
	if r.Encoding == 0 {
		return nil, &Error{Table: r.Table, PC: pc, What: "encoding 0 (no unwind information)", Err: ErrNotFound}
	}
	rule, err := compactunwind.Interpret(t.arch, r.Encoding)
	if err != nil {
		return nil, &Error{Table: r.Table, PC: pc, Err: err}
	}
	r.Compact, r.Rule = true, rule
	switch rule.Kind {
	case compactunwind.KindDWARF:
		return t.dwarfModeRow(pc, ctx)
	case compactunwind.KindStackIndirect:
		if t.code != nil {
			code := ctx.code[:] // in ctx: a local array would escape through the interface
			at := r.FunctionStart + uint64(rule.StackSizeCodeOffset)
			if at <= math.MaxInt64 {
				if n, _ := t.code.ReadAt(code, int64(at)); n == len(code) {
					// The code holds the immediate at the offset: hand
					// ResolveStackIndirect the 4 bytes as if at offset 0.
					rule.StackSizeCodeOffset = 0
					if res, err := rule.ResolveStackIndirect(code); err == nil {
						res.StackSizeCodeOffset = r.Rule.StackSizeCodeOffset
						r.Rule = res
					}
				}
			}
		}
		if r.Rule.Kind == compactunwind.KindStackIndirect {
			return r, nil // Rules nil: the CFA is unknown
		}
	}
	r.Rules = ctx.compactRules(&r.Rule, pc, t.raReg)
	return r, nil
}

// dwarfModeRow gives a DWARF-mode compact entry's row: the FDE at the
// entry's offset in __eh_frame, or in an object (offset 0 in every entry,
// __eh_frame relocated) the FDE covering pc.
func (t *Table) dwarfModeRow(pc uint64, ctx *Context) (*Row, error) {
	r := &ctx.row
	what := fmt.Sprintf("encoding %#08x", uint32(r.Encoding))
	if t.eh == nil {
		return nil, &Error{Table: r.Table, PC: pc, What: what,
			Err: fmt.Errorf("names the %[1]s FDE at %#[2]x, but the image has no %[1]s", compactunwind.SectionEHFrame, r.Rule.DWARFOffset)}
	}
	var (
		row *cfi.Row
		err error
	)
	if r.Table == KindCompactUnwind && r.Rule.DWARFOffset == 0 {
		row, err = t.dwarf[0].RowAt(pc, &ctx.u)
		ctx.fde = *ctx.u.FDE()
	} else {
		ctx.fde, err = t.eh.ParseFDE(uint64(r.Rule.DWARFOffset))
		if err == nil {
			row, err = t.eh.FDERow(&ctx.fde, pc, &ctx.u)
		}
	}
	// An FDE that does not reach pc (ErrNotFound) is no malformed table:
	// a compact entry reaches up to the next function, and the padding
	// between functions is in no FDE.
	if err != nil {
		return nil, &Error{Table: r.Table, PC: pc, What: what + ": " + compactunwind.SectionEHFrame, Err: err}
	}
	r.Rules, r.HasFDE, r.FDEOffset, r.FunctionStart, r.SignalFrame = row, true, ctx.fde.Offset, ctx.fde.PCBegin, ctx.fde.CIE.SignalFrame
	return r, nil
}

// compactRules states a resolved compact rule as DWARF rules in c.compact.
func (c *Context) compactRules(rule *compactunwind.Rule, pc uint64, ra uint16) *cfi.Row {
	row := &c.compact
	for _, reg := range c.set[:c.nset] {
		row.Regs[reg] = cfi.Rule{}
	}
	c.nset = 0
	row.Start, row.End = pc, pc+1
	row.CFA = cfi.CFARule{Kind: cfi.CFARegOffset, Reg: rule.CFAReg, Offset: rule.CFAOffset}
	row.RAReg = ra
	for _, s := range rule.Saved() {
		if s.Reg < cfi.MaxRegs && c.nset < len(c.set) {
			row.Regs[s.Reg] = cfi.Rule{Kind: cfi.RuleOffset, Offset: s.Offset}
			c.set[c.nset] = s.Reg
			c.nset++
		}
	}
	return row
}
