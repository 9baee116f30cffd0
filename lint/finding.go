package lint

import (
	"fmt"
	"strconv"
	"strings"
)

// Finding is one problem a rule found, with where it is.
type Finding struct {
	Rule         string // the rule's name, e.g. "unused-constant"
	Slice        string // Mach-O universal slice, or ""
	Table        int    // table index in the section
	Function     int    // function index in the table, or -1
	FunctionName string // the function's symbol name, "" when unknown
	Record       int    // record index in the table, or -1
	ID           uint64 // the record's ID, when Record >= 0
	Location     int    // location (or live-out, see LiveOut) index, or -1
	LiveOut      bool   // Location counts the record's live-outs
	Offset       int    // byte offset in the section
	Message      string // what is wrong
}

// FunctionLabel names the finding's function for people: "#2 foo", "#2"
// when no symbol names it, or "" when the finding has no function.
func (f Finding) FunctionLabel() string {
	if f.Function < 0 {
		return ""
	}
	if f.FunctionName != "" {
		return "#" + strconv.Itoa(f.Function) + " " + f.FunctionName
	}
	return "#" + strconv.Itoa(f.Function)
}

// String formats the finding on one line: "table 0, function #2 foo,
// record 3 (ID 0x64), location 1, offset 0x1a4: message [rule]".
func (f Finding) String() string {
	var b strings.Builder
	if f.Slice != "" {
		fmt.Fprintf(&b, "slice %s, ", f.Slice)
	}
	fmt.Fprintf(&b, "table %d", f.Table)
	if l := f.FunctionLabel(); l != "" {
		fmt.Fprintf(&b, ", function %s", l)
	}
	if f.Record >= 0 {
		fmt.Fprintf(&b, ", record %d (ID %#x)", f.Record, f.ID)
	}
	if f.Location >= 0 {
		what := "location"
		if f.LiveOut {
			what = "live-out"
		}
		fmt.Fprintf(&b, ", %s %d", what, f.Location)
	}
	fmt.Fprintf(&b, ", offset %#x: %s [%s]", f.Offset, f.Message, f.Rule)
	return b.String()
}
