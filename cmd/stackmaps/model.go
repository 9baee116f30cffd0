package main

import (
	"github.com/stackmaps/stackmaps/internal/textout"
	"github.com/stackmaps/stackmaps/stackmap"
)

// tableView is one decoded table with what relocations and symbols say
// about its functions: the shared model of the text, JSON, check and
// disasm code. It holds the table's function records (one per function,
// small next to the records) but never the records themselves: those are
// read from the section as they are written out, one at a time (see
// recordOf), so that memory does not grow with the number of records.
type tableView struct {
	SD    *stackmap.SectionData // the section (Mach-O slice) the table is in
	Table *stackmap.Table
	Funcs []stackmap.Function
	UW    *unwindSource // the file's CFI with dump --unwind, else nil
	Code  *codeFile     // the file's code with dump --disasm, else nil
	Bias  uint64        // --bias: added to every code address shown

	labels map[int]string // code section labels (see codeLabel), built on first use
}

// recordView is a call site record with what the text and JSON output
// print beside it, each asked of the record once (Record.Function,
// Record.InstructionOffset, Record.Address): the formatters read fields.
type recordView struct {
	R          stackmap.Record
	Func       int    // index of the owning function, -1 when unknown (v1)
	InstOffset uint32 // instruction offset once relocations are applied
	Address    uint64 // the record's address (Record.Address); valid if Func >= 0
}

// recordViewOf returns the view of a record.
func recordViewOf(r stackmap.Record) recordView {
	rv := recordView{R: r, Func: -1, InstOffset: r.InstructionOffset()}
	if addr, ok := r.Address(); ok {
		rv.Func, rv.Address = r.Function(), addr
	}
	return rv
}

// HasAddress reports whether the record's address is known.
func (r recordView) HasAddress() bool { return r.Func >= 0 }

// forEachTable calls fn with the model of every table of every section of
// a file, in order, reusing one function slice.
func forEachTable(in *dumpInput, fn func(tv *tableView)) {
	var tv tableView
	for si, sec := range in.Parsed {
		sd := in.Sections[si]
		for _, t := range sec.Tables() {
			tv = tableView{SD: sd, Table: t, Funcs: tv.Funcs[:0]}
			if si < len(in.Unwind) {
				tv.UW = in.Unwind[si]
			}
			tv.Code, tv.Bias = in.Code, in.Bias
			for _, f := range t.Functions() {
				tv.Funcs = append(tv.Funcs, f)
			}
			fn(&tv)
		}
	}
}

// recordsInFunctionOrder reports whether every record with a known function
// comes after the records of lower-numbered functions, as the record counts
// of versions 2 and 3 make them (and as a version 1 table with one function
// trivially does), so that one pass over the records meets each function's
// records together.
func (tv *tableView) recordsInFunctionOrder() bool {
	last := -1
	for _, r := range tv.Table.Records() {
		f := r.Function()
		if f < 0 || f >= len(tv.Funcs) {
			continue
		}
		if f < last {
			return false
		}
		last = f
	}
	return true
}

// writeFuncLabel names function i for people: "#i name", or "#i" when
// no symbol names it ("?" for an unknown function).
func (tv *tableView) writeFuncLabel(w *textout.Buffer, i int) {
	if i < 0 || i >= len(tv.Funcs) {
		w.WriteByte('?')
		return
	}
	w.WriteByte('#')
	w.Int(int64(i))
	if s := tv.Funcs[i].Name(); s != "" {
		w.WriteByte(' ')
		w.Name(s)
	}
}
