package main

import (
	"github.com/stackmaps/stackmaps/stackmap"
)

// tableView is one decoded table with what relocations and symbols say
// about it: the shared model of the text, JSON, check and stats commands.
type tableView struct {
	SD      *stackmap.SectionData // the section (Mach-O slice) the table is in
	Table   *stackmap.Table
	Funcs   []funcView
	Records []recordView
}

// funcView is a function record, relocated and named.
type funcView struct {
	F stackmap.Function
}

// recordView is a call site record with its owning function and address.
type recordView struct {
	R          stackmap.Record
	Func       int    // index of the owning function, -1 when unknown (v1)
	InstOffset uint32 // instruction offset once relocations are applied
	Address    uint64 // Entry of the function + InstOffset; valid if Func >= 0
}

// HasAddress reports whether the record's address is known.
func (r recordView) HasAddress() bool { return r.Func >= 0 }

// buildViews builds the model of every table of every section of a file.
func buildViews(in *dumpInput) []tableView {
	var out []tableView
	for si, sec := range in.Parsed {
		sd := in.Sections[si]
		for ti := range sec.Tables() {
			out = append(out, buildTableView(sd, sec.Table(ti)))
		}
	}
	return out
}

func buildTableView(sd *stackmap.SectionData, t *stackmap.Table) tableView {
	tv := tableView{SD: sd, Table: t}
	for _, f := range t.Functions() {
		tv.Funcs = append(tv.Funcs, funcView{F: f})
	}
	for _, r := range t.Records() {
		rv := recordView{R: r, Func: r.Function(), InstOffset: r.InstructionOffset()}
		if rv.Func >= 0 && rv.Func < len(tv.Funcs) {
			rv.Address = tv.Funcs[rv.Func].F.Entry + uint64(rv.InstOffset)
		} else {
			rv.Func = -1
		}
		tv.Records = append(tv.Records, rv)
	}
	return tv
}

// funcLabel names function i for people: "#i name", or "#i" when no
// symbol names it.
func (tv *tableView) funcLabel(i int) string {
	if i < 0 || i >= len(tv.Funcs) {
		return "?"
	}
	if s := tv.Funcs[i].F.Name; s != "" {
		return "#" + itoa(i) + " " + s
	}
	return "#" + itoa(i)
}
