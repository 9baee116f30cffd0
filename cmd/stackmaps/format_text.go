package main

import (
	"fmt"
	"io"

	"github.com/stackmaps/stackmaps/internal/textout"
	"github.com/stackmaps/stackmaps/regs"
	"github.com/stackmaps/stackmaps/stackmap"
)

// writeText prints one file's stack maps for people: per table its
// constants, per function its symbol, address and stack size, then the
// function's records with their locations in words and named registers.
// Records of version 1 tables with several functions (which do not say
// their function) follow the functions.
//
// Records are read from the section as they are printed: memory does not
// grow with their number.
func writeText(w io.Writer, in *dumpInput, opts *dumpOptions) (matched bool, err error) {
	bw := textout.NewBuffer(w)
	code := in.Code // nil without --disasm
	fmt.Fprintf(bw, "%s: %s\n", textout.Escape(in.File), describeSections(in))
	shown := 0
	var sel tableSelection
	forEachTable(in, func(tv *tableView) {
		opts.filter.selectTable(tv, &sel)
		if !sel.any {
			return
		}
		shown++
		writeTextTable(bw, tv, &sel, code, opts)
	})
	if shown == 0 && opts.filter.active() {
		bw.WriteString("  (nothing matches the filters)\n")
	}
	return shown > 0, bw.Flush()
}

// describeSections summarizes where a file's stack maps are: format,
// architecture, section name and table count.
func describeSections(in *dumpInput) string {
	s := ""
	for i, sd := range in.Sections {
		if i > 0 {
			s += "; "
		}
		if sd.Slice != "" {
			s += "slice " + textout.Escape(sd.Slice) + ": "
		}
		n := 0
		if i < len(in.Parsed) {
			n = in.Parsed[i].NumTables()
		}
		s += fmt.Sprintf("%s %s, section %s, %d bytes, %s", sd.Format, sd.Arch, textout.Escape(sd.Name), len(sd.Data), textout.Plural(n, "table"))
	}
	return s
}

func writeTextTable(w *textout.Buffer, tv *tableView, sel *tableSelection, code *codeFile, opts *dumpOptions) {
	t := tv.Table
	w.WriteByte('\n')
	if tv.SD.Slice != "" {
		fmt.Fprintf(w, "[%s] ", textout.Escape(tv.SD.Slice))
	}
	fmt.Fprintf(w, "Table %d at section offset %#x (%d bytes): version %d, %s, %s, %s\n",
		t.Index(), t.Offset(), t.Size(), t.Version(),
		textout.Plural(t.NumFunctions(), "function"), textout.Plural(t.NumConstants(), "constant"), textout.Plural(t.NumRecords(), "record"))
	if t.NumConstants() > 0 {
		w.WriteString("  Constants:\n")
		for i := 0; i < t.NumConstants(); i++ {
			c, _ := t.Constant(i)
			fmt.Fprintf(w, "    #%d = %d (%#x)\n", i, c, c)
		}
	}
	keep := func(rv recordView) bool { return opts.filter.keepRecord(tv, rv) && sel.shows(rv.Func) }
	orphans := 0
	if tv.recordsInFunctionOrder() {
		// One pass: each function's header, then its records, which
		// follow one another in the table.
		next := 0
		for _, r := range t.Records() {
			rv := recordViewOf(r)
			if rv.Func < 0 {
				orphans++
				continue
			}
			for ; next <= rv.Func; next++ {
				if sel.shows(next) {
					writeTextFunction(w, tv, next)
				}
			}
			if keep(rv) {
				writeTextRecord(w, tv, rv, code)
			}
		}
		for ; next < len(tv.Funcs); next++ {
			if sel.shows(next) {
				writeTextFunction(w, tv, next)
			}
		}
	} else {
		// Records out of function order (no table LLVM writes): group
		// them by function first.
		byFunc := make([][]stackmap.Record, len(tv.Funcs))
		for _, r := range t.Records() {
			if rv := recordViewOf(r); rv.Func >= 0 {
				byFunc[rv.Func] = append(byFunc[rv.Func], r)
			} else {
				orphans++
			}
		}
		for i := range tv.Funcs {
			if !sel.shows(i) {
				continue
			}
			writeTextFunction(w, tv, i)
			for _, r := range byFunc[i] {
				if rv := recordViewOf(r); keep(rv) {
					writeTextRecord(w, tv, rv, code)
				}
			}
		}
	}
	if orphans == 0 {
		return
	}
	header := false
	for _, r := range t.Records() {
		rv := recordViewOf(r)
		if rv.Func >= 0 || !opts.filter.keepRecord(tv, rv) {
			continue
		}
		if !header {
			w.WriteString("  Records (version 1: the table does not say which function each belongs to):\n")
			header = true
		}
		writeTextRecord(w, tv, rv, code)
	}
}

func writeTextFunction(w *textout.Buffer, tv *tableView, i int) {
	f := &tv.Funcs[i]
	w.WriteString("  Function #")
	w.Int(int64(i))
	if f.Name() != "" {
		w.WriteByte(' ')
		w.Name(f.Name())
	}
	if f.Symbol() != "" && f.Addend() != 0 {
		w.SignedHex(f.Addend())
	}
	w.WriteString(" at ")
	// A PowerPC ELFv1 descriptor's address is in .opd, its entry in code.
	if _, desc := tv.SD.Entry(f.Address()); f.Entry() != f.Address() || desc && tv.codeLabel(i) != "" {
		w.Hex(f.Address() + tv.Bias)
		w.WriteString(" (entry ")
		writeCodeAddr(w, tv, i, f.Entry())
		w.WriteByte(')')
	} else {
		writeCodeAddr(w, tv, i, f.Address())
	}
	if f.DynamicStack() {
		w.WriteString(", stack size dynamic")
	} else {
		w.WriteString(", stack size ")
		w.Uint(f.StackSize())
	}
	if f.HasRecordCount() {
		w.WriteString(", ")
		w.Plural(int(min(f.RecordCount(), 1<<31)), "record")
	}
	w.WriteByte('\n')
	w.FlushIfFull()
}

func writeTextRecord(w *textout.Buffer, tv *tableView, rv recordView, code *codeFile) {
	r := rv.R
	id := r.ID()
	w.WriteString("    Record ID ")
	w.Uint(id)
	w.WriteString(" (")
	w.Hex(id)
	w.WriteByte(')')
	if rv.HasAddress() {
		w.WriteString(" at ")
		writeCodeAddr(w, tv, rv.Func, rv.Address)
		w.WriteString(" (+")
		w.Hex(uint64(rv.InstOffset))
		w.WriteByte(')')
	} else {
		w.WriteString(" at function offset ")
		w.Hex(uint64(rv.InstOffset))
	}
	w.WriteString(", ")
	w.Plural(r.NumLocations(), "location")
	if r.NumLiveOuts() > 0 {
		w.WriteString(", ")
		w.Plural(r.NumLiveOuts(), "live-out")
	}
	w.WriteByte('\n')
	if code != nil {
		writeDisasm(w, tv, rv, code)
	}
	if tv.UW != nil {
		writeTextUnwind(w, tv, rv)
	}
	arch := tv.SD.Arch
	for i, l := range r.Locations() {
		w.WriteString("      #")
		w.Int(int64(i))
		w.WriteByte(' ')
		writeLocation(w, arch, r, l)
		w.WriteByte('\n')
	}
	if sp, ok := rv.R.AsStatepoint(); ok {
		writeTextStatepoint(w, tv, sp)
	}
	if r.NumLiveOuts() > 0 {
		w.WriteString("      live-outs:")
		for i, lo := range r.LiveOuts() {
			if i > 0 {
				w.WriteByte(',')
			}
			w.WriteByte(' ')
			writeRegDisplay(w, arch, lo.Reg, int(lo.Size))
			w.WriteString(" (")
			w.Plural(int(lo.Size), "byte")
			w.WriteByte(')')
		}
		w.WriteByte('\n')
	}
	w.FlushIfFull()
}

// writeLocation says in words where a location's value is:
// "Register rbx, 8 bytes", "Indirect [rbp - 8], 8 bytes", "Direct [rsp +
// 16]", "Constant -1", "ConstantIndex #0 = 10000000000".
func writeLocation(w *textout.Buffer, arch regs.Arch, r stackmap.Record, l stackmap.Location) {
	switch l.Kind {
	case stackmap.Register:
		w.WriteString("Register ")
		writeRegDisplay(w, arch, l.Reg, int(l.Size))
		w.WriteString(", ")
		w.Plural(int(l.Size), "byte")
	case stackmap.Direct:
		w.WriteString("Direct ")
		writeAddressExpr(w, arch, l)
	case stackmap.Indirect:
		w.WriteString("Indirect ")
		writeAddressExpr(w, arch, l)
		w.WriteString(", ")
		w.Plural(int(l.Size), "byte")
	case stackmap.Constant:
		w.WriteString("Constant ")
		w.Int(l.SmallConstant())
	case stackmap.ConstantIndex:
		w.WriteString("ConstantIndex #")
		w.Int(int64(l.ConstantIndex()))
		v, ok := r.ConstantValue(l)
		switch {
		case !ok:
			w.WriteString(" (out of range)")
		case int64(v) < 0:
			w.WriteString(" = ")
			w.Uint(v)
			w.WriteString(" (signed ")
			w.Int(int64(v))
			w.WriteByte(')')
		default:
			w.WriteString(" = ")
			w.Uint(v)
		}
	default:
		fmt.Fprintf(w, "%v (reg %d, offset %d, size %d)", l.Kind, l.Reg, l.Offset, l.Size)
	}
}

// writeAddressExpr writes Reg + Offset as "[rbp - 8]", "[rsp + 16]" or
// "[rsp]".
func writeAddressExpr(w *textout.Buffer, arch regs.Arch, l stackmap.Location) {
	w.WriteByte('[')
	writeRegBase(w, arch, l.Reg)
	switch {
	case l.Offset < 0:
		w.WriteString(" - ")
		w.Int(-int64(l.Offset))
	case l.Offset > 0:
		w.WriteString(" + ")
		w.Int(int64(l.Offset))
	}
	w.WriteByte(']')
}
