package main

import (
	"bufio"
	"fmt"
	"io"

	"github.com/stackmaps/stackmaps/regs"
	"github.com/stackmaps/stackmaps/stackmap"
)

func init() { formats["text"] = writeText }

// writeText prints one file's stack maps for people: per table its
// constants, per function its symbol, address and stack size, then the
// function's records with their locations in words and named registers.
// Records of version 1 tables with several functions (which do not say
// their function) follow the functions.
func writeText(w io.Writer, in *dumpInput, opts *dumpOptions) error {
	bw := bufio.NewWriter(w)
	views := opts.filter.apply(buildViews(in))
	var code *codeFile
	if opts.disasm {
		var err error
		if code, err = openCode(in.File); err != nil {
			return err
		}
		defer code.Close()
	}
	fmt.Fprintf(bw, "%s: %s\n", in.File, describeSections(in))
	if len(views) == 0 && opts.filter.active() {
		bw.WriteString("  (nothing matches the filters)\n")
	}
	for i := range views {
		writeTextTable(bw, &views[i], code, opts)
	}
	return bw.Flush()
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
			s += "slice " + sd.Slice + ": "
		}
		n := 0
		if i < len(in.Parsed) {
			n = in.Parsed[i].NumTables()
		}
		s += fmt.Sprintf("%s %s, section %s, %d bytes, %s", sd.Format, sd.Arch, sd.Name, len(sd.Data), plural(n, "table"))
	}
	return s
}

func writeTextTable(w *bufio.Writer, tv *tableView, code *codeFile, opts *dumpOptions) {
	t := tv.Table
	w.WriteByte('\n')
	if tv.SD.Slice != "" {
		fmt.Fprintf(w, "[%s] ", tv.SD.Slice)
	}
	fmt.Fprintf(w, "Table %d at section offset %#x (%d bytes): version %d, %s, %s, %s\n",
		t.Index(), t.Offset(), t.Size(), t.Version(),
		plural(t.NumFunctions(), "function"), plural(t.NumConstants(), "constant"), plural(t.NumRecords(), "record"))
	if t.NumConstants() > 0 {
		w.WriteString("  Constants:\n")
		for i := 0; i < t.NumConstants(); i++ {
			c, _ := t.Constant(i)
			fmt.Fprintf(w, "    #%d = %d (%#x)\n", i, c, c)
		}
	}
	byFunc := make([][]recordView, len(tv.Funcs))
	var orphans []recordView
	for _, r := range tv.Records {
		if r.Func >= 0 {
			byFunc[r.Func] = append(byFunc[r.Func], r)
		} else {
			orphans = append(orphans, r)
		}
	}
	for i := range tv.Funcs {
		if opts.filter.active() && !opts.filter.keepFunc(tv, i) {
			continue
		}
		writeTextFunction(w, tv, i)
		for _, r := range byFunc[i] {
			writeTextRecord(w, tv, r, code)
		}
	}
	if len(orphans) > 0 {
		w.WriteString("  Records (version 1: the table does not say which function each belongs to):\n")
		for _, r := range orphans {
			writeTextRecord(w, tv, r, code)
		}
	}
}

func writeTextFunction(w *bufio.Writer, tv *tableView, i int) {
	fv := tv.Funcs[i]
	fmt.Fprintf(w, "  Function %s", tv.funcLabel(i))
	if fv.F.Symbol != "" && fv.F.Addend != 0 {
		fmt.Fprintf(w, "%+#x", fv.F.Addend)
	}
	fmt.Fprintf(w, " at %#x", fv.F.Address)
	if fv.F.Entry != fv.F.Address {
		fmt.Fprintf(w, " (entry %#x)", fv.F.Entry)
	}
	if fv.F.DynamicStack() {
		w.WriteString(", stack size dynamic")
	} else {
		fmt.Fprintf(w, ", stack size %d", fv.F.StackSize)
	}
	if fv.F.HasRecordCount {
		fmt.Fprintf(w, ", %s", plural(int(min(fv.F.RecordCount, 1<<31)), "record"))
	}
	w.WriteByte('\n')
}

func writeTextRecord(w *bufio.Writer, tv *tableView, rv recordView, code *codeFile) {
	r := rv.R
	id := r.ID()
	fmt.Fprintf(w, "    Record ID %d (%#x)", id, id)
	if rv.HasAddress() {
		fmt.Fprintf(w, " at %#x (+%#x)", rv.Address, rv.InstOffset)
	} else {
		fmt.Fprintf(w, " at function offset %#x", rv.InstOffset)
	}
	fmt.Fprintf(w, ", %s", plural(r.NumLocations(), "location"))
	if r.NumLiveOuts() > 0 {
		fmt.Fprintf(w, ", %s", plural(r.NumLiveOuts(), "live-out"))
	}
	w.WriteByte('\n')
	if code != nil {
		writeDisasm(w, tv, rv, code)
	}
	arch := tv.SD.Arch
	for i, l := range r.Locations() {
		fmt.Fprintf(w, "      #%d %s\n", i, describeLocation(arch, r, l))
	}
	if r.NumLiveOuts() > 0 {
		w.WriteString("      live-outs:")
		for i, lo := range r.LiveOuts() {
			if i > 0 {
				w.WriteByte(',')
			}
			fmt.Fprintf(w, " %s (%s)", regDisplay(arch, lo.Reg, int(lo.Size)), plural(int(lo.Size), "byte"))
		}
		w.WriteByte('\n')
	}
}

// describeLocation says in words where a location's value is:
// "Register rbx, 8 bytes", "Indirect [rbp - 8], 8 bytes", "Direct [rsp +
// 16]", "Constant -1", "ConstantIndex #0 = 10000000000".
func describeLocation(arch regs.Arch, r stackmap.Record, l stackmap.Location) string {
	switch l.Kind {
	case stackmap.Register:
		return fmt.Sprintf("Register %s, %s", regDisplay(arch, l.Reg, int(l.Size)), plural(int(l.Size), "byte"))
	case stackmap.Direct:
		return "Direct " + addressExpr(arch, l)
	case stackmap.Indirect:
		return fmt.Sprintf("Indirect %s, %s", addressExpr(arch, l), plural(int(l.Size), "byte"))
	case stackmap.Constant:
		return fmt.Sprintf("Constant %d", l.SmallConstant())
	case stackmap.ConstantIndex:
		v, ok := r.ConstantValue(l)
		if !ok {
			return fmt.Sprintf("ConstantIndex #%d (out of range)", l.ConstantIndex())
		}
		if int64(v) < 0 {
			return fmt.Sprintf("ConstantIndex #%d = %d (signed %d)", l.ConstantIndex(), v, int64(v))
		}
		return fmt.Sprintf("ConstantIndex #%d = %d", l.ConstantIndex(), v)
	}
	return fmt.Sprintf("%v (reg %d, offset %d, size %d)", l.Kind, l.Reg, l.Offset, l.Size)
}

// addressExpr writes Reg + Offset as "[rbp - 8]", "[rsp + 16]" or "[rsp]".
func addressExpr(arch regs.Arch, l stackmap.Location) string {
	base := regBase(arch, l.Reg)
	switch {
	case l.Offset < 0:
		return fmt.Sprintf("[%s - %d]", base, -int64(l.Offset))
	case l.Offset > 0:
		return fmt.Sprintf("[%s + %d]", base, l.Offset)
	}
	return "[" + base + "]"
}

// plural writes "1 record", "2 records".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return itoa(n) + " " + noun + "s"
}
