package lint

import (
	"errors"
	"slices"

	"github.com/stackmaps/stackmaps/stackmap"
)

// isStatepointID reports whether a record's ID says it is a statepoint:
// 0xABCDEF00 (the default every front end leaves unless it chooses its
// own) or one of Options.StatepointIDs. Such a record must pass the
// statepoint rule. Records with other IDs are still checked when the rule
// calls them statepoints (see checkStatepoint): the ID alone decides
// nothing, as stackmap.Record.Statepoint explains.
func isStatepointID(r stackmap.Record, ids []uint64) bool {
	id := r.ID()
	if id == stackmap.DefaultStatepointID {
		return true
	}
	return slices.Contains(ids, id)
}

// checkStatepoint appends to out what is wrong with r as a statepoint:
//
//   - r is a statepoint by the rule (stackmap.Record.Statepoint), whatever
//     its ID, and one of its GC pointers (base or derived) is a constant
//     other than 0: a collector can neither find an object there nor
//     update it (LLVM drops constant GC pointers, or keeps null);
//   - r's ID says statepoint (byID) and r breaks the rule: fewer than
//     three locations, the first three not Constants, a calling convention
//     outside 0-1023, flags other than 0-3, a deopt count larger than the
//     locations that follow, an odd number of GC pointer locations, or an
//     instruction offset of 0 (the record is at a return address, which
//     follows a call).
//
// The finding points at the field at fault.
func checkStatepoint(tv *tableView, r stackmap.Record, byID bool, out []Finding) []Finding {
	if sp, ok := r.AsStatepoint(); ok {
		for p := range sp.NumGCPairs() {
			b, d := sp.GCPairIndex(p)
			for k, i := range [2]int{b, d} {
				if k == 1 && d == b {
					break // one location for both: reported once
				}
				l, _ := r.Location(i)
				if l.Kind != stackmap.Constant && l.Kind != stackmap.ConstantIndex {
					continue
				}
				if v, ok := r.ConstantValue(l); ok && v != 0 {
					out = append(out, tv.atLocation(r, i, RuleStatepoint, "malformed statepoint: GC pointer #%d (pair %d) is the constant %#x, not a pointer a collector can update", i, p, v))
				}
			}
		}
		return out
	}
	if !byID {
		return out
	}
	_, err := r.Statepoint()
	var se *stackmap.StatepointError
	if !errors.As(err, &se) {
		return out
	}
	f := tv.atRecord(r, se.Offset, RuleStatepoint, "malformed statepoint: %s", se.Detail)
	f.Location = se.Location
	return append(out, f)
}
