package main

import (
	"fmt"
	"strings"
)

// finding is one problem check reports, with where it is.
type finding struct {
	Slice    string // Mach-O universal slice, or ""
	Table    int
	Function string // function label ("#2 foo"), or ""
	Record   int    // record index, or -1
	ID       uint64 // the record's ID, when Record >= 0
	Location int    // location (or live-out, see What) index, or -1
	What     string // "location" or "live-out": what Location counts
	Offset   int    // byte offset in the section
	Code     string // short name of the check, e.g. "reserved"
	Message  string
}

// String formats the finding on one line:
// "table 0, function #2 foo, record 3 (ID 0x64), location 1, offset 0x1a4: ... [reserved]".
func (f finding) String() string {
	var b strings.Builder
	if f.Slice != "" {
		fmt.Fprintf(&b, "slice %s, ", f.Slice)
	}
	fmt.Fprintf(&b, "table %d", f.Table)
	if f.Function != "" {
		fmt.Fprintf(&b, ", function %s", f.Function)
	}
	if f.Record >= 0 {
		fmt.Fprintf(&b, ", record %d (ID %#x)", f.Record, f.ID)
	}
	if f.Location >= 0 {
		what := f.What
		if what == "" {
			what = "location"
		}
		fmt.Fprintf(&b, ", %s %d", what, f.Location)
	}
	fmt.Fprintf(&b, ", offset %#x: %s [%s]", f.Offset, f.Message, f.Code)
	return b.String()
}

// at starts a finding about a whole table.
func (tv *tableView) at(off int, code, format string, args ...any) finding {
	return finding{Slice: tv.SD.Slice, Table: tv.Table.Index(), Record: -1, Location: -1,
		Offset: off, Code: code, Message: fmt.Sprintf(format, args...)}
}

// atRecord starts a finding about a record.
func (tv *tableView) atRecord(rv recordView, off int, code, format string, args ...any) finding {
	f := tv.at(off, code, format, args...)
	f.Record, f.ID = rv.R.Index(), rv.R.ID()
	if rv.Func >= 0 {
		f.Function = tv.funcLabel(rv.Func)
	}
	return f
}

// atFunc starts a finding about a function record.
func (tv *tableView) atFunc(i, off int, code, format string, args ...any) finding {
	f := tv.at(off, code, format, args...)
	f.Function = tv.funcLabel(i)
	return f
}
