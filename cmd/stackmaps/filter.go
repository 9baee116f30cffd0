package main

import (
	"fmt"
	"strconv"
	"strings"
)

// dumpFilter selects functions and records for dump's --function and --id.
type dumpFilter struct {
	funcName string // symbol name, display or raw; "" for any
	hasID    bool
	id       uint64
}

// active reports whether any filter is set.
func (f *dumpFilter) active() bool { return f != nil && (f.funcName != "" || f.hasID) }

// setID parses an --id value: decimal, or hexadecimal with 0x.
func (f *dumpFilter) setID(s string) error {
	s = strings.TrimSpace(s)
	var v uint64
	var err error
	if h, ok := strings.CutPrefix(strings.ToLower(s), "0x"); ok {
		v, err = strconv.ParseUint(h, 16, 64)
	} else {
		v, err = strconv.ParseUint(s, 10, 64)
	}
	if err != nil {
		return fmt.Errorf("--id %q: want a decimal number or 0x followed by hex digits, up to 2^64-1", s)
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
	fn := tv.Funcs[i].F
	return fn.Symbol != "" && (fn.Symbol == f.funcName || fn.Name == f.funcName)
}

// keepFunc reports whether function i is printed: its name matches and,
// with --id, it has a matching record. Call it on filtered views.
func (f *dumpFilter) keepFunc(tv *tableView, i int) bool {
	if !f.nameMatches(tv, i) {
		return false
	}
	if !f.hasID {
		return true
	}
	for _, r := range tv.Records {
		if r.Func == i {
			return true
		}
	}
	return false
}

// keepRecord reports whether a record passes both filters.
func (f *dumpFilter) keepRecord(tv *tableView, r recordView) bool {
	if f.hasID && r.R.ID() != f.id {
		return false
	}
	return f.funcName == "" || f.nameMatches(tv, r.Func)
}

// apply keeps the records that pass the filters and the tables that still
// have something to show.
func (f *dumpFilter) apply(views []tableView) []tableView {
	if !f.active() {
		return views
	}
	var out []tableView
	for _, tv := range views {
		var kept []recordView
		for _, r := range tv.Records {
			if f.keepRecord(&tv, r) {
				kept = append(kept, r)
			}
		}
		tv.Records = kept
		any := len(kept) > 0
		for i := range tv.Funcs {
			any = any || f.keepFunc(&tv, i)
		}
		if any {
			out = append(out, tv)
		}
	}
	return out
}
