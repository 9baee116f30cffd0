package main

import (
	"io"

	"github.com/stackmaps/stackmaps/internal/textout"
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
func writeJSON(w io.Writer, in *dumpInput, opts *dumpOptions) (matched bool, err error) {
	bw := textout.NewBuffer(w)
	j := textout.NewJSON(bw)
	j.Pretty = opts.pretty
	j.OpenObject()
	format, arch := "", ""
	if len(in.Sections) > 0 {
		format = string(in.Sections[0].Format)
		arch = in.Sections[0].Arch.String()
	}
	if len(in.Sections) > 1 {
		arch = "universal"
	}
	j.Name("file", in.File)
	j.Key("format")
	j.String(format)
	j.Key("arch")
	j.String(arch)
	j.Key("tables")
	j.OpenArray()
	var sel tableSelection
	forEachTable(in, func(tv *tableView) {
		opts.filter.selectTable(tv, &sel)
		if sel.any {
			matched = true
			j.Elem()
			writeJSONTable(j, tv, &sel, opts.filter)
		}
	})
	j.CloseArray()
	j.CloseObject()
	bw.WriteByte('\n')
	return matched, bw.Flush()
}

func writeJSONTable(j *textout.JSON, tv *tableView, sel *tableSelection, filter *dumpFilter) {
	t := tv.Table
	j.OpenObject()
	j.NameOrNull("slice", tv.SD.Slice, tv.SD.Slice != "")
	j.Name("section", tv.SD.Name)
	j.Key("section_offset")
	j.Int(int64(t.Offset()))
	j.Key("version")
	j.Int(int64(t.Version()))
	j.Key("byte_order")
	j.String(orderName(t.ByteOrder()))
	j.Key("functions")
	j.OpenArray()
	for i := range tv.Funcs {
		if sel.shows(i) {
			j.Elem()
			writeJSONFunction(j, tv, i)
			j.W.FlushIfFull()
		}
	}
	j.CloseArray()
	j.Key("constants")
	j.OpenArray()
	for i := 0; i < t.NumConstants(); i++ {
		c, _ := t.Constant(i)
		j.Elem()
		j.Uint(c)
	}
	j.CloseArray()
	j.Key("constants_hex")
	j.OpenArray()
	for i := 0; i < t.NumConstants(); i++ {
		c, _ := t.Constant(i)
		j.Elem()
		j.Hex(c)
	}
	j.CloseArray()
	j.Key("records")
	j.OpenArray()
	for _, r := range t.Records() {
		rv := recordViewOf(r)
		if filter.keepRecord(tv, rv) {
			j.Elem()
			writeJSONRecord(j, tv, rv)
			j.W.FlushIfFull()
		}
	}
	j.CloseArray()
	j.CloseObject()
}

func writeJSONFunction(j *textout.JSON, tv *tableView, i int) {
	f := &tv.Funcs[i]
	j.OpenObject()
	j.Key("index")
	j.Int(int64(i))
	j.Key("address")
	j.Uint(f.Address() + tv.Bias)
	j.Key("address_hex")
	j.Hex(f.Address() + tv.Bias)
	j.Key("entry")
	j.Uint(f.Entry() + tv.Bias)
	j.Key("entry_hex")
	j.Hex(f.Entry() + tv.Bias)
	j.NameOrNull("symbol", f.Symbol(), f.Symbol() != "")
	j.Key("addend")
	j.Int(f.Addend())
	j.Key("stored_address")
	j.Uint(f.StoredAddress())
	j.Key("stack_size")
	j.Uint(f.StackSize())
	j.Key("dynamic_stack")
	j.Bool(f.DynamicStack())
	j.Key("record_count")
	if f.HasRecordCount() {
		j.Uint(f.RecordCount())
	} else {
		j.Null()
	}
	writeJSONCodeSection(j, tv, i)
	j.CloseObject()
}

// writeJSONCodeSection writes "code_section": {"index", "name"}, the
// section function fn's code is in, when the table's section has several
// code sections (objects built with function sections: addresses are
// offsets in it); nothing otherwise.
func writeJSONCodeSection(j *textout.JSON, tv *tableView, fn int) {
	if tv.SD.NumCodeSections() < 2 || fn < 0 || fn >= len(tv.Funcs) {
		return
	}
	c := tv.Funcs[fn].CodeSection()
	j.Key("code_section")
	if !c.Known() {
		j.Null()
		return
	}
	j.OpenObject()
	j.Key("index")
	j.Int(int64(c.Index))
	j.Name("name", c.Name)
	j.CloseObject()
}

func writeJSONRecord(j *textout.JSON, tv *tableView, rv recordView) {
	r := rv.R
	j.OpenObject()
	j.Key("id")
	j.Uint(r.ID())
	j.Key("id_hex")
	j.Hex(r.ID())
	j.Key("function")
	if rv.HasAddress() {
		j.Int(int64(rv.Func))
	} else {
		j.Null()
	}
	j.Key("instruction_offset")
	j.Uint(uint64(rv.InstOffset))
	j.Key("stored_instruction_offset")
	j.Uint(uint64(r.StoredInstructionOffset()))
	j.Key("address")
	if rv.HasAddress() {
		j.Uint(rv.Address + tv.Bias)
	} else {
		j.Null()
	}
	j.Key("address_hex")
	if rv.HasAddress() {
		j.Hex(rv.Address + tv.Bias)
	} else {
		j.Null()
	}
	j.Key("flags")
	j.Uint(uint64(r.Flags()))
	arch := tv.SD.Arch
	j.Key("locations")
	j.OpenArray()
	for _, l := range r.Locations() {
		j.Elem()
		writeJSONLocation(j, arch, r, l)
	}
	j.CloseArray()
	j.Key("live_outs")
	j.OpenArray()
	for _, lo := range r.LiveOuts() {
		j.Elem()
		writeJSONLiveOut(j, arch, lo)
	}
	j.CloseArray()
	writeJSONStatepoint(j, rv)
	if tv.UW != nil {
		writeJSONUnwind(j, tv, rv)
	}
	if tv.Code != nil {
		writeJSONDisasm(j, tv, rv)
	}
	j.CloseObject()
}

// writeJSONLocation writes a location of record r as an object: {"kind",
// "size", "dwarf_reg", "reg", "offset", "value", "value_hex"}.
func writeJSONLocation(j *textout.JSON, arch regs.Arch, r stackmap.Record, l stackmap.Location) {
	j.OpenObject()
	j.Key("kind")
	j.String(l.Kind.String())
	j.Key("size")
	j.Uint(uint64(l.Size))
	j.Key("dwarf_reg")
	j.Uint(uint64(l.Reg))
	j.Key("reg")
	if l.InRegister() {
		j.StringOrNull(regs.PreferredName(arch, l.Reg))
	} else {
		j.Null()
	}
	j.Key("offset")
	j.Int(int64(l.Offset))
	v, hasValue := r.ConstantValue(l)
	j.Key("value")
	switch {
	case !hasValue:
		j.Null()
	case l.Kind == stackmap.Constant:
		j.Int(int64(v))
	default:
		j.Uint(v)
	}
	j.Key("value_hex")
	if hasValue {
		j.Hex(v)
	} else {
		j.Null()
	}
	j.CloseObject()
}

// writeJSONLiveOut writes a live-out as an object: {"dwarf_reg", "reg",
// "size"}.
func writeJSONLiveOut(j *textout.JSON, arch regs.Arch, lo stackmap.LiveOut) {
	j.OpenObject()
	j.Key("dwarf_reg")
	j.Uint(uint64(lo.Reg))
	j.Key("reg")
	j.StringOrNull(regs.PreferredName(arch, lo.Reg))
	j.Key("size")
	j.Uint(uint64(lo.Size))
	j.CloseObject()
}
