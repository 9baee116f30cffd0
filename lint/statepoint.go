package lint

import (
	"errors"
	"slices"

	"github.com/stackmaps/stackmaps/stackmap"
)

// isStatepointCandidate reports whether a record is checked as a
// statepoint: its ID is 0xABCDEF00 (the default every front end leaves
// unless it chooses its own) or one of Options.StatepointIDs.
//
// A shape test ("the first three locations are Constants") is not used: a
// stackmap call whose first live values are constants has that shape too,
// and its "deopt count" is then any number.
func isStatepointCandidate(r stackmap.Record, ids []uint64) bool {
	id := r.ID()
	if id == stackmap.DefaultStatepointID {
		return true
	}
	return slices.Contains(ids, id)
}

// checkStatepoint appends to out why a record checked as a statepoint
// breaks the statepoint rule (see stackmap.Record.Statepoint): fewer than
// three locations, the first three not Constants, a calling convention
// outside 0-1023, flags other than 0-3, a deopt count larger than the
// locations that follow, an odd number of GC pointer locations, or an
// instruction offset of 0 (the record is at a return address, which
// follows a call). The finding points at the field at fault.
func checkStatepoint(tv *tableView, r stackmap.Record, out []Finding) []Finding {
	_, err := r.Statepoint()
	var se *stackmap.StatepointError
	if !errors.As(err, &se) {
		return out
	}
	f := tv.atRecord(r, se.Offset, "statepoint", "malformed statepoint: %s", se.Detail)
	f.Location = se.Location
	return append(out, f)
}
