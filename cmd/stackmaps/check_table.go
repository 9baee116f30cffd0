package main

import "github.com/stackmaps/stackmaps/stackmap"

// tableChecker runs every check on the tables of one file, in one pass
// over each table's records. What it needs from table to table (the
// functions seen so far, scratch space) is kept and reused.
type tableChecker struct {
	opts      *checkOptions
	seen      map[funcKey]funcSeen // functions of earlier tables, for duplicate-function
	placement placementSweep
	constants constantUse
}

// check appends the findings of one table to out, grouped by check in
// the order the checks are documented: reserved fields, duplicate
// functions, record placement, unused constants, statepoints; each group
// in section order.
func (c *tableChecker) check(tv *tableView, out []finding) []finding {
	t := tv.Table
	locSize := locationSize(t)
	reserved := checkHeaderReserved(tv)
	var statepoints []finding
	c.placement.start(tv)
	c.constants.start(t)
	for _, r := range t.Records() {
		reserved = checkRecordReserved(tv, r, locSize, reserved)
		c.placement.add(r)
		c.constants.mark(r)
		if isStatepointCandidate(r, c.opts) {
			statepoints = checkStatepoint(tv, r, statepoints)
		}
	}
	out = append(out, reserved...)
	out = checkDuplicateFunctions(tv, c.seen, out)
	out = c.placement.finish(out)
	out = c.constants.report(tv, out)
	return append(out, statepoints...)
}

// locationSize returns the byte size of one location in the table's
// version.
func locationSize(t *stackmap.Table) int {
	if t.Version() == stackmap.Version3 {
		return 12
	}
	return 8
}
