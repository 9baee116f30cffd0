package main

import (
	"fmt"

	"github.com/stackmaps/stackmaps/internal/textout"
	"github.com/stackmaps/stackmaps/lint"
	"github.com/stackmaps/stackmaps/stackmap"
)

// dumpFilter selects functions and records for dump's --function and --id.
type dumpFilter struct {
	funcName string // symbol name, display or raw; "" for any
	hasID    bool
	id       uint64
}

// String describes the filters as given: "--function f --id 0x67".
func (f *dumpFilter) String() string {
	s := ""
	if f.funcName != "" {
		s = "--function " + f.funcName
	}
	if f.hasID {
		if s != "" {
			s += " "
		}
		s += "--id " + textout.HexString(f.id)
	}
	return s
}

// active reports whether any filter is set.
func (f *dumpFilter) active() bool { return f != nil && (f.funcName != "" || f.hasID) }

// setID parses an --id value: decimal, or hexadecimal with 0x.
func (f *dumpFilter) setID(s string) error {
	v, ok := textout.ParseUint(s)
	if !ok {
		return fmt.Errorf("--id \"%s\": want a decimal number or 0x followed by hex digits, up to 2^64-1", s)
	}
	f.id, f.hasID = v, true
	return nil
}

// nameMatches reports whether function i of tv is the one --function names.
func (f *dumpFilter) nameMatches(tv *tableView, i int) bool {
	if f.funcName == "" {
		return true
	}
	if i < 0 || i >= len(tv.Funcs) {
		return false
	}
	return tv.Funcs[i].Named(f.funcName)
}

// keepRecord reports whether a record passes both filters.
func (f *dumpFilter) keepRecord(tv *tableView, r recordView) bool {
	if !f.active() {
		return true
	}
	if f.hasID && r.R.ID() != f.id {
		return false
	}
	return f.funcName == "" || f.nameMatches(tv, r.Func)
}

// tableSelection is what the filters keep of one table.
type tableSelection struct {
	any      bool   // whether the table has anything to show
	showFunc []bool // per function: whether it is shown; nil shows all
}

// selectTable works out which functions of a table are printed: a
// function is when its name matches and, with --id, it has a record that
// passes the filters. The table is printed when a function or a record is
// kept. Without filters everything is. sel's slice is reused.
func (f *dumpFilter) selectTable(tv *tableView, sel *tableSelection) {
	if !f.active() {
		sel.any, sel.showFunc = true, nil
		return
	}
	show := sel.showFunc[:0]
	for range tv.Funcs {
		show = append(show, false)
	}
	any := false
	if f.hasID {
		for _, r := range tv.Table.Records() {
			rv := recordViewOf(r)
			if f.keepRecord(tv, rv) {
				any = true
				if rv.Func >= 0 {
					show[rv.Func] = true
				}
			}
		}
	}
	for i := range show {
		show[i] = f.nameMatches(tv, i) && (!f.hasID || show[i])
		any = any || show[i]
	}
	sel.any, sel.showFunc = any, show
}

// shows reports whether function i is printed.
func (sel *tableSelection) shows(i int) bool {
	return sel.showFunc == nil || (i >= 0 && i < len(sel.showFunc) && sel.showFunc[i])
}

// keepFinding reports whether a check finding passes the filters: with
// --id, a finding about a record with that ID; with --function, a finding
// about that function (its name with or without Mach-O's underscore).
func (f *dumpFilter) keepFinding(fd lint.Finding) bool {
	if f.hasID && (fd.Record < 0 || fd.ID != f.id) {
		return false
	}
	if f.funcName != "" && (fd.FunctionName == "" ||
		fd.FunctionName != f.funcName && fd.FunctionName != stackmap.FormatMachO.DisplayName(f.funcName)) {
		return false
	}
	return true
}
