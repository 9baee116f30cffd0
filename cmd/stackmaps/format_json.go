package main

import (
	"io"

	"github.com/stackmaps/stackmaps/regs"
	"github.com/stackmaps/stackmaps/stackmap"
)

// writeJSON writes one JSON document for the file followed by a newline:
// compact on one line (so that several files make JSON Lines), or with
// opts.pretty in the layout encoding/json's Encoder gives with two-space
// indentation. It is written as the records are read so that memory does
// not grow with the section. Integers are written exactly, so IDs and
// constants up to 2^64-1 survive, and 64-bit IDs, addresses and constants
// are repeated as hex strings. See jsonHelp for every field.
func writeJSON(w io.Writer, in *dumpInput, opts *dumpOptions) error {
	bw := newOutBuf(w)
	j := newCompactJSONWriter(bw)
	j.pretty = opts.pretty
	j.openObject()
	format, arch := "", ""
	if len(in.Sections) > 0 {
		format = string(in.Sections[0].Format)
		arch = in.Sections[0].Arch.String()
	}
	if len(in.Sections) > 1 {
		arch = "universal"
	}
	j.key("file")
	j.string(in.File)
	j.key("format")
	j.string(format)
	j.key("arch")
	j.string(arch)
	j.key("tables")
	j.openArray()
	var sel tableSelection
	forEachTable(in, func(tv *tableView) {
		opts.filter.selectTable(tv, &sel)
		if sel.any {
			opts.matched = true
			j.elem()
			writeJSONTable(j, tv, &sel, opts.filter)
		}
	})
	j.closeArray()
	j.closeObject()
	bw.WriteByte('\n')
	return bw.Flush()
}

func writeJSONTable(j *jsonWriter, tv *tableView, sel *tableSelection, filter *dumpFilter) {
	t := tv.Table
	j.openObject()
	j.key("slice")
	j.stringOrNull(tv.SD.Slice, tv.SD.Slice != "")
	j.key("section")
	j.string(tv.SD.Name)
	j.key("section_offset")
	j.int(int64(t.Offset()))
	j.key("version")
	j.int(int64(t.Version()))
	j.key("functions")
	j.openArray()
	for i := range tv.Funcs {
		if sel.shows(i) {
			j.elem()
			writeJSONFunction(j, tv, i)
			j.w.flushIfFull()
		}
	}
	j.closeArray()
	j.key("constants")
	j.openArray()
	for i := 0; i < t.NumConstants(); i++ {
		c, _ := t.Constant(i)
		j.elem()
		j.uint(c)
	}
	j.closeArray()
	j.key("constants_hex")
	j.openArray()
	for i := 0; i < t.NumConstants(); i++ {
		c, _ := t.Constant(i)
		j.elem()
		j.hex(c)
	}
	j.closeArray()
	j.key("records")
	j.openArray()
	for _, r := range t.Records() {
		rv := recordViewOf(r)
		if filter.keepRecord(tv, rv) {
			j.elem()
			writeJSONRecord(j, tv, rv)
			j.w.flushIfFull()
		}
	}
	j.closeArray()
	j.closeObject()
}

func writeJSONFunction(j *jsonWriter, tv *tableView, i int) {
	f := &tv.Funcs[i]
	j.openObject()
	j.key("index")
	j.int(int64(i))
	j.key("address")
	j.uint(f.Address())
	j.key("address_hex")
	j.hex(f.Address())
	j.key("entry")
	j.uint(f.Entry())
	j.key("entry_hex")
	j.hex(f.Entry())
	j.key("symbol")
	j.stringOrNull(f.Symbol(), f.Symbol() != "")
	j.key("addend")
	j.int(f.Addend())
	j.key("stack_size")
	j.uint(f.StackSize())
	j.key("dynamic_stack")
	j.bool(f.DynamicStack())
	j.key("record_count")
	if f.HasRecordCount() {
		j.uint(f.RecordCount())
	} else {
		j.null()
	}
	writeJSONCodeSection(j, tv, i)
	j.closeObject()
}

// writeJSONCodeSection writes "code_section": {"index", "name"}, the
// section function fn's code is in, when the table's section has several
// code sections (objects built with function sections: addresses are
// offsets in it); nothing otherwise.
func writeJSONCodeSection(j *jsonWriter, tv *tableView, fn int) {
	if tv.SD.NumCodeSections() < 2 || fn < 0 || fn >= len(tv.Funcs) {
		return
	}
	c := tv.Funcs[fn].CodeSection()
	j.key("code_section")
	if !c.Known() {
		j.null()
		return
	}
	j.openObject()
	j.key("index")
	j.int(int64(c.Index))
	j.key("name")
	j.string(c.Name)
	j.closeObject()
}

func writeJSONRecord(j *jsonWriter, tv *tableView, rv recordView) {
	r := rv.R
	j.openObject()
	j.key("id")
	j.uint(r.ID())
	j.key("id_hex")
	j.hex(r.ID())
	j.key("function")
	if rv.HasAddress() {
		j.int(int64(rv.Func))
	} else {
		j.null()
	}
	j.key("instruction_offset")
	j.uint(uint64(rv.InstOffset))
	j.key("address")
	if rv.HasAddress() {
		j.uint(rv.Address)
	} else {
		j.null()
	}
	j.key("address_hex")
	if rv.HasAddress() {
		j.hex(rv.Address)
	} else {
		j.null()
	}
	j.key("flags")
	j.uint(uint64(r.Flags()))
	arch := tv.SD.Arch
	j.key("locations")
	j.openArray()
	for _, l := range r.Locations() {
		j.elem()
		j.openObject()
		j.key("kind")
		j.string(l.Kind.String())
		j.key("size")
		j.uint(uint64(l.Size))
		j.key("dwarf_reg")
		j.uint(uint64(l.Reg))
		j.key("reg")
		if l.InRegister() {
			j.stringOrNull(regs.PreferredName(arch, l.Reg))
		} else {
			j.null()
		}
		j.key("offset")
		j.int(int64(l.Offset))
		v, hasValue := locationValue(r, l)
		j.key("value")
		switch {
		case !hasValue:
			j.null()
		case l.Kind == stackmap.Constant:
			j.int(int64(v))
		default:
			j.uint(v)
		}
		j.key("value_hex")
		if hasValue {
			j.hex(v)
		} else {
			j.null()
		}
		j.closeObject()
	}
	j.closeArray()
	j.key("live_outs")
	j.openArray()
	for _, lo := range r.LiveOuts() {
		j.elem()
		j.openObject()
		j.key("dwarf_reg")
		j.uint(uint64(lo.Reg))
		j.key("reg")
		j.stringOrNull(regs.PreferredName(arch, lo.Reg))
		j.key("size")
		j.uint(uint64(lo.Size))
		j.closeObject()
	}
	j.closeArray()
	writeJSONStatepoint(j, rv)
	if tv.UW != nil {
		writeJSONUnwind(j, tv, rv)
	}
	j.closeObject()
}

// locationValue returns the value a Constant (sign-extended to 64 bits)
// or ConstantIndex location (the pool entry) stands for, and false for
// other kinds or a pool index out of range.
func locationValue(r stackmap.Record, l stackmap.Location) (uint64, bool) {
	switch l.Kind {
	case stackmap.Constant:
		return uint64(l.SmallConstant()), true
	case stackmap.ConstantIndex:
		return r.ConstantValue(l)
	}
	return 0, false
}
