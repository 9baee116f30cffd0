package lint

import (
	"fmt"

	"github.com/stackmaps/stackmaps/stackmap"
)

// tableView is one table with its function records (small next to the
// records, which are read from the section one at a time).
type tableView struct {
	SD    *stackmap.SectionData
	Table *stackmap.Table
	Funcs []stackmap.Function
}

// at starts a finding about a whole table.
func (tv *tableView) at(off int, rule, format string, args ...any) Finding {
	return Finding{Rule: rule, Slice: tv.SD.Slice, Table: tv.Table.Index(), Function: -1, Record: -1,
		Location: -1, Offset: off, Message: fmt.Sprintf(format, args...)}
}

// atFunc starts a finding about a function record.
func (tv *tableView) atFunc(i, off int, rule, format string, args ...any) Finding {
	f := tv.at(off, rule, format, args...)
	f.Function, f.FunctionName = i, tv.Funcs[i].Name()
	return f
}

// atRecord starts a finding about a record.
func (tv *tableView) atRecord(r stackmap.Record, off int, rule, format string, args ...any) Finding {
	f := tv.at(off, rule, format, args...)
	f.Record, f.ID = r.Index(), r.ID()
	if fn := r.Function(); fn >= 0 && fn < len(tv.Funcs) {
		f.Function, f.FunctionName = fn, tv.Funcs[fn].Name()
	}
	return f
}

// atLocation starts a finding about location i of a record.
func (tv *tableView) atLocation(r stackmap.Record, i int, rule, format string, args ...any) Finding {
	f := tv.atRecord(r, r.LocationOffset(i), rule, format, args...)
	f.Location = i
	return f
}

// Check runs the rules opts choose on every table of a section, which sd
// located and sec is the parsed form of (sec = sd.Parse()). sd may be nil
// for bare bytes: then no symbol or architecture is known, and the
// register rules are skipped. Findings come grouped by table, then by rule
// in the order of Rules, each group in section order. Unknown rule names in
// opts are ignored; see Options.Validate.
func Check(sd *stackmap.SectionData, sec *stackmap.Section, opts Options) []Finding {
	if sd == nil {
		sd = &stackmap.SectionData{}
	}
	c := &checker{on: opts.selected(), statepointIDs: opts.StatepointIDs}
	var out []Finding
	var tv tableView
	for _, t := range sec.Tables() {
		tv = tableView{SD: sd, Table: t, Funcs: tv.Funcs[:0]}
		for _, f := range t.Functions() {
			tv.Funcs = append(tv.Funcs, f)
		}
		out = c.check(&tv, out)
	}
	return out
}

// checker runs the chosen rules on one table after another, reusing its
// scratch space.
type checker struct {
	on            ruleSet
	statepointIDs []uint64
	placement     placementSweep
	constants     constantUse
	regs          registerRules
}

// check appends the findings of one table to out, in the order of rules.
func (c *checker) check(tv *tableView, out []Finding) []Finding {
	t := tv.Table
	var statepoints []Finding
	placement := c.on.on(RuleOutsideFunction) || c.on.on(RuleDuplicateAddress)
	c.placement.start(tv)
	c.constants.start(t)
	c.regs.start(tv, &c.on)
	for _, r := range t.Records() {
		if placement {
			c.placement.add(r)
		}
		c.constants.mark(r)
		if c.on.on(RuleStatepoint) {
			statepoints = checkStatepoint(tv, r, isStatepointID(r, c.statepointIDs), statepoints)
		}
		c.regs.check(r)
	}
	if c.on.on(RuleDuplicateFunction) {
		out = checkDuplicateFunctions(tv, out)
	}
	if placement {
		out = c.placement.finish(out, &c.on)
	}
	if c.on.on(RuleUnusedConstant) {
		out = c.constants.report(tv, out)
	}
	out = append(out, statepoints...)
	return c.regs.report(out)
}
