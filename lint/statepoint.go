package lint

import (
	"errors"
	"slices"
	"strings"

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

// checkStatepoint appends to out what is malformed in a statepoint
// record's leading constants: fewer than three locations, the first three
// not Constants, a deopt count larger than the locations that follow, an
// odd number of GC pointer locations, flags other than 0-3, a calling
// convention outside 0-1023, or an instruction offset of 0 (the record is
// at a return address, which follows a call).
func checkStatepoint(tv *tableView, r stackmap.Record, out []Finding) []Finding {
	rv := tv.recordOf(r)
	sp, err := r.Statepoint()
	if err != nil {
		msg := err.Error()
		var cut string
		if errors.Is(err, stackmap.ErrNotStatepoint) {
			cut = stackmap.ErrNotStatepoint.Error() + ": "
		}
		if i := strings.Index(msg, cut); cut != "" && i >= 0 {
			msg = msg[i+len(cut):]
		}
		return append(out, tv.atRecord(rv, r.Offset(), "statepoint", "malformed statepoint: %s", msg))
	}
	locOff := func(i int) int { return r.Offset() + 16 + i*locationSize(tv.Table) }
	if fl := sp.Flags(); fl < 0 || fl&^stackmap.StatepointFlagsMask != 0 {
		f := tv.atRecord(rv, locOff(1), "statepoint", "malformed statepoint: flags are %d, want 0 to 3", fl)
		f.Location = 1
		out = append(out, f)
	}
	if cc := sp.CallingConv(); cc < 0 || cc > stackmap.MaxCallingConv {
		f := tv.atRecord(rv, locOff(0), "statepoint", "malformed statepoint: calling convention %d is not 0 to 1023", cc)
		f.Location = 0
		out = append(out, f)
	}
	if rv.InstOffset == 0 {
		out = append(out, tv.atRecord(rv, r.Offset()+8, "statepoint", "malformed statepoint: instruction offset 0 cannot be a return address"))
	}
	return out
}
