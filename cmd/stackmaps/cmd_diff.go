package main

import (
	"fmt"
	"io"
	"iter"

	"github.com/stackmaps/stackmaps/internal/textout"
	"github.com/stackmaps/stackmaps/regs"
	"github.com/stackmaps/stackmaps/stackmap"
	"github.com/stackmaps/stackmaps/stackmapdiff"
)

const diffUsage = `Usage: stackmaps diff [flags] OLD NEW

Compare the stack maps of two builds of the same code (an LLVM upgrade, a
fork, other flags): the functions and records one has and the other has
not, and for each record both have, what changed in it. Functions are
matched by symbol (and code section, in objects built with function
sections), records by ID and order within their function (the second
record with ID 7 with the second). Only what differs is shown.

For each record both builds have, diff compares its instruction offset,
flags, every location (kind, register, offset, size, constant: a
ConstantIndex by its value), its live-outs, and for statepoints the parts
(calling convention, flags, deopt count, each deopt value, each GC pair's
base and derived pointer); for each function, its stack size. In a
universal file each slice is compared with the other file's slice of the
same architecture, and a thin file with the universal file's slice of its
architecture.

Formats (--format):
  text   (default) "--- OLD", "+++ NEW", then per function that differs
         "function NAME: changed|added|removed", its stack size and each
         record that differs, "  record ID 0xN: ...", with one line per
         changed part "    PART: OLD -> NEW"; a summary line last
  json   one document: {"old", "new", "equal", "summary": {"functions":
         {"same", "changed", "added", "removed"}, "records": {...}},
         "functions": [{"name", "section", "nth", "status", "old", "new",
         "stack_size_changed", "records": [{"id", "id_hex", "nth",
         "status", "old", "new", "changes": [{"part", "index", "old",
         "new"}]}]}]}; "old"/"new" of a function are {"table", "index",
         "stack_size"} and of a record {"instruction_offset",
         "locations", "live_outs"} (counts), null where that build has
         none; a change's "old"/"new" is a location object of "dump
         --format=json" (null where absent), a number for
         instruction_offset and flags, an array of live-out objects for
         live_outs

Examples:
  stackmaps diff testdata/objects/llvm19/x86_64-elf/statepoints.o testdata/objects/llvm22/x86_64-elf/statepoints.o
  stackmaps diff --format=json testdata/objects/llvm14/aarch64-elf/patchpoints.o testdata/objects/llvm19/aarch64-elf/patchpoints.o

Exit status: 0 no difference, 1 the stack maps differ, 2 a file could not
be read, or bad usage.

Flags:
`

// runDiff implements "stackmaps diff".
func runDiff(args []string, stdout, stderr io.Writer) int {
	c := newFileCommand("diff", diffUsage, []string{"text", "json"}, stderr)
	pos, status, ok := c.parse(args, stdout, stderr)
	if !ok {
		return status
	}
	if len(pos) != 2 {
		say(stderr, "stackmaps diff: want OLD and NEW (see stackmaps diff --help)\n")
		return exitUsage
	}
	if pos[0] == "-" && pos[1] == "-" {
		say(stderr, "stackmaps diff: OLD and NEW cannot both be standard input\n")
		return exitUsage
	}
	var ins [2]*dumpInput
	for i, name := range pos {
		in, err := c.input.load(name, stderr)
		if err != nil {
			say(stderr, "stackmaps diff: %v\n", err)
			return exitUsage
		}
		defer in.Close()
		ins[i] = in
	}
	pairs, err := pairSections(ins[0], ins[1])
	if err != nil {
		say(stderr, "stackmaps diff: %v\n", err)
		return exitUsage
	}
	w, err := c.openOutput(stdout)
	if err != nil {
		say(stderr, "stackmaps diff: -o: %v\n", err)
		return exitUsage
	}
	b := textout.NewBuffer(w)
	equal := true
	if c.json() {
		equal = writeDiffJSON(b, ins, pairs, c.filter, c.prettyJSON())
	} else {
		equal = writeDiffText(b, ins, pairs, c.filter)
	}
	werr := b.Flush()
	if cerr := w.Close(); werr == nil {
		werr = cerr
	}
	if werr != nil {
		say(stderr, "stackmaps diff: %v\n", werr)
		return exitUsage
	}
	if !equal {
		return exitFail
	}
	return exitOK
}

// sectionPair is a section of OLD with the section of NEW it is compared
// with, and their diff.
type sectionPair struct {
	slice string
	arch  [2]regs.Arch
	diff  *stackmapdiff.Diff
}

// pairSections pairs the sections of two files: the one section of each;
// in universal files the slices of the same name; a thin file with the
// slice of its architecture.
func pairSections(o, n *dumpInput) ([]sectionPair, error) {
	pair := func(i, j int) sectionPair {
		osd, nsd := o.Sections[i], n.Sections[j]
		slice := osd.Slice
		if slice == "" {
			slice = nsd.Slice
		}
		return sectionPair{slice: slice, arch: [2]regs.Arch{osd.Arch, nsd.Arch}, diff: stackmapdiff.Compare(o.Parsed[i], n.Parsed[j])}
	}
	if len(o.Parsed) == 1 && len(n.Parsed) == 1 {
		return []sectionPair{pair(0, 0)}, nil
	}
	if thin, fat := o.Sections[0].Slice == "", n.Sections[0].Slice == ""; thin || fat {
		// One file is thin: compare it with the other's slice of its
		// architecture.
		t, u := o, n
		if fat {
			t, u = n, o
		}
		arch := t.Sections[0].Arch
		for k, sd := range u.Sections {
			if sd.Arch == arch {
				if fat {
					return []sectionPair{pair(k, 0)}, nil
				}
				return []sectionPair{pair(0, k)}, nil
			}
		}
		return nil, fmt.Errorf("%s: no slice of %s, the architecture of %s", u.File, arch, t.File)
	}
	var out []sectionPair
	for i, osd := range o.Sections {
		j := sliceIndex(n, osd.Slice)
		if j < 0 {
			return nil, fmt.Errorf("%s: slice %s has no slice of its name in %s", o.File, osd.Slice, n.File)
		}
		out = append(out, pair(i, j))
	}
	for _, nsd := range n.Sections {
		if sliceIndex(o, nsd.Slice) < 0 {
			return nil, fmt.Errorf("%s: slice %s has no slice of its name in %s", n.File, nsd.Slice, o.File)
		}
	}
	return out, nil
}

// sliceIndex returns the index of the section of in from slice name, -1.
func sliceIndex(in *dumpInput, name string) int {
	for i, sd := range in.Sections {
		if sd.Slice == name {
			return i
		}
	}
	return -1
}

// diffCounts counts functions or records by status.
type diffCounts [4]int

// keepDiffFunction reports whether --function keeps a function of the diff.
func keepDiffFunction(f *dumpFilter, fd *stackmapdiff.Function) bool {
	if f.funcName == "" {
		return true
	}
	for _, fn := range []stackmap.Function{fd.Old, fd.New} {
		if fn.Table() != nil && fn.Named(f.funcName) {
			return true
		}
	}
	return false
}

// keepDiffRecord reports whether --id keeps a record of the diff.
func keepDiffRecord(f *dumpFilter, rd *stackmapdiff.Record) bool {
	return !f.hasID || rd.ID == f.id
}

// shownRecords returns the records of fd that the filters keep and that
// differ, and whether the function differs in what is shown (its stack
// size, an added or removed function with such records, or such a
// record).
func shownRecords(f *dumpFilter, fd *stackmapdiff.Function) ([]*stackmapdiff.Record, bool) {
	var out []*stackmapdiff.Record
	any := false
	for i := range fd.Records {
		rd := &fd.Records[i]
		if !keepDiffRecord(f, rd) {
			continue
		}
		any = true
		if rd.Status != stackmapdiff.Same {
			out = append(out, rd)
		}
	}
	switch {
	case fd.Status == stackmapdiff.Added || fd.Status == stackmapdiff.Removed:
		return out, !f.hasID || any
	case fd.StackSize && !f.hasID:
		return out, true
	}
	return out, len(out) > 0
}

// writeDiffText writes the diff as text; it returns whether the builds
// are equal in what the filters keep.
func writeDiffText(w *textout.Buffer, ins [2]*dumpInput, pairs []sectionPair, filter *dumpFilter) bool {
	w.WriteString("--- ")
	w.Name(ins[0].File)
	w.WriteString("\n+++ ")
	w.Name(ins[1].File)
	w.WriteByte('\n')
	var fc, rc diffCounts
	for sh := range shownFunctions(pairs, filter, &fc, &rc) {
		writeDiffFunctionHead(w, sh.p, sh.fd)
		for _, rd := range sh.recs {
			writeDiffRecordText(w, sh.p, rd)
		}
		w.FlushIfFull()
	}
	writeDiffSummary(w, fc, rc)
	return fc[stackmapdiff.Changed]+fc[stackmapdiff.Added]+fc[stackmapdiff.Removed] == 0
}

// diffShown is one function a diff shows: its section pair, its
// comparison and the records shown.
type diffShown struct {
	p    sectionPair
	fd   *stackmapdiff.Function
	recs []*stackmapdiff.Record
}

// shownFunctions calls yield for each function the filters keep that
// differs (with the records shown), in section and function order, and
// counts every kept function and record by status in fc and rc: the walk
// the text and JSON writers share.
func shownFunctions(pairs []sectionPair, filter *dumpFilter, fc, rc *diffCounts) iter.Seq[diffShown] {
	return func(yield func(diffShown) bool) {
		for _, p := range pairs {
			for i := range p.diff.Functions {
				fd := &p.diff.Functions[i]
				if !keepDiffFunction(filter, fd) {
					continue
				}
				recs, differs := shownRecords(filter, fd)
				countRecords(rc, filter, fd)
				if !differs {
					fc[stackmapdiff.Same]++
					continue
				}
				fc[fd.Status]++
				if !yield(diffShown{p, fd, recs}) {
					return
				}
			}
		}
	}
}

// countRecords counts the records of fd the filters keep, by status.
func countRecords(rc *diffCounts, filter *dumpFilter, fd *stackmapdiff.Function) {
	for i := range fd.Records {
		if keepDiffRecord(filter, &fd.Records[i]) {
			rc[fd.Records[i].Status]++
		}
	}
}

// writeDiffSummary writes the last line: the functions and records by
// status, or "no differences".
func writeDiffSummary(w *textout.Buffer, fc, rc diffCounts) {
	if fc[stackmapdiff.Changed]+fc[stackmapdiff.Added]+fc[stackmapdiff.Removed] == 0 {
		w.WriteString("no differences: ")
	}
	w.WriteString("functions: ")
	writeCounts(w, fc)
	w.WriteString("; records: ")
	writeCounts(w, rc)
	w.WriteByte('\n')
}

func writeCounts(w *textout.Buffer, c diffCounts) {
	for i, s := range []stackmapdiff.Status{stackmapdiff.Same, stackmapdiff.Changed, stackmapdiff.Added, stackmapdiff.Removed} {
		if i > 0 {
			w.WriteString(", ")
		}
		w.Int(int64(c[s]))
		w.WriteByte(' ')
		w.WriteString(s.String())
	}
}

// writeDiffFunctionLabel writes a function as the diff names it: NAME,
// "in SECTION" when known, "[N]" for the n-th of a name, "#I of table T"
// for a function without a symbol, and "[SLICE]" in universal files.
func writeDiffFunctionLabel(w *textout.Buffer, p sectionPair, fd *stackmapdiff.Function) {
	if p.slice != "" {
		w.WriteByte('[')
		w.Name(p.slice)
		w.WriteString("] ")
	}
	if fd.Name != "" {
		w.Name(fd.Name)
	} else {
		fn := fd.Old
		if fn.Table() == nil {
			fn = fd.New
		}
		w.WriteByte('#')
		w.Int(int64(fn.Index()))
		w.WriteString(" of table ")
		w.Int(int64(fn.Table().Index()))
	}
	if fd.Section != "" {
		w.WriteString(" in ")
		w.Name(fd.Section)
	}
	if fd.Nth > 0 {
		w.WriteByte('[')
		w.Int(int64(fd.Nth))
		w.WriteByte(']')
	}
}

func writeDiffFunctionHead(w *textout.Buffer, p sectionPair, fd *stackmapdiff.Function) {
	w.WriteString("function ")
	writeDiffFunctionLabel(w, p, fd)
	w.WriteString(": ")
	w.WriteString(fd.Status.String())
	switch fd.Status {
	case stackmapdiff.Added, stackmapdiff.Removed:
		w.WriteString(", ")
		w.Plural(len(fd.Records), "record")
	}
	w.WriteByte('\n')
	if fd.StackSize {
		w.WriteString("  stack size: ")
		writeStackSize(w, fd.Old)
		w.WriteString(" -> ")
		writeStackSize(w, fd.New)
		w.WriteByte('\n')
	}
}

func writeStackSize(w *textout.Buffer, f stackmap.Function) {
	if f.DynamicStack() {
		w.WriteString("dynamic")
		return
	}
	w.Uint(f.StackSize())
}

// writeDiffRecordText writes a record that differs: its key and status,
// then one line per changed part.
func writeDiffRecordText(w *textout.Buffer, p sectionPair, rd *stackmapdiff.Record) {
	w.WriteString("  record ID ")
	w.Hex(rd.ID)
	if rd.Nth > 0 {
		w.WriteString(" [")
		w.Int(int64(rd.Nth))
		w.WriteByte(']')
	}
	w.WriteString(": ")
	w.WriteString(rd.Status.String())
	switch rd.Status {
	case stackmapdiff.Added:
		writeRecordBrief(w, rd.New)
	case stackmapdiff.Removed:
		writeRecordBrief(w, rd.Old)
	}
	w.WriteByte('\n')
	for _, ch := range rd.Changes {
		w.WriteString("    ")
		writeChangeText(w, p, rd, ch)
		w.WriteByte('\n')
	}
}

// writeRecordBrief writes an added or removed record's place and size.
func writeRecordBrief(w *textout.Buffer, r stackmap.Record) {
	w.WriteString(" at +")
	w.Hex(uint64(r.InstructionOffset()))
	w.WriteString(", ")
	w.Plural(r.NumLocations(), "location")
	if r.NumLiveOuts() > 0 {
		w.WriteString(", ")
		w.Plural(r.NumLiveOuts(), "live-out")
	}
}

// writeChangeText writes one changed part: "PART: OLD -> NEW".
func writeChangeText(w *textout.Buffer, p sectionPair, rd *stackmapdiff.Record, ch stackmapdiff.Change) {
	switch ch.Part {
	case stackmapdiff.InstructionOffset:
		w.WriteString("instruction offset: +")
		w.Hex(uint64(rd.Old.InstructionOffset()))
		w.WriteString(" -> +")
		w.Hex(uint64(rd.New.InstructionOffset()))
		return
	case stackmapdiff.Flags:
		w.WriteString("flags: ")
		w.Hex(uint64(rd.Old.Flags()))
		w.WriteString(" -> ")
		w.Hex(uint64(rd.New.Flags()))
		return
	case stackmapdiff.LiveOuts:
		w.WriteString("live-outs: ")
		writeLiveOutList(w, p.arch[0], rd.Old)
		w.WriteString(" -> ")
		writeLiveOutList(w, p.arch[1], rd.New)
		return
	}
	switch ch.Part {
	case stackmapdiff.Location:
		w.WriteString("location #")
	case stackmapdiff.Deopt:
		w.WriteString("deopt #")
	case stackmapdiff.GCBase:
		w.WriteString("gc pair #")
	case stackmapdiff.GCDerived:
		w.WriteString("gc pair #")
	}
	w.Int(int64(ch.Index))
	switch ch.Part {
	case stackmapdiff.GCBase:
		w.WriteString(" base")
	case stackmapdiff.GCDerived:
		w.WriteString(" derived")
	}
	w.WriteString(": ")
	writeDiffLocation(w, p.arch[0], rd.Old, ch.OldLoc)
	w.WriteString(" -> ")
	writeDiffLocation(w, p.arch[1], rd.New, ch.NewLoc)
}

// writeDiffLocation writes location i of r as dump does ("none" when i
// is -1), a Constant's value in hex too (0xfefefefe is LLVM's undef).
func writeDiffLocation(w *textout.Buffer, arch regs.Arch, r stackmap.Record, i int) {
	l, ok := r.Location(i)
	if i < 0 || !ok {
		w.WriteString("none")
		return
	}
	writeLocation(w, arch, r, l)
	if l.Kind == stackmap.Constant {
		w.WriteString(" (")
		w.Hex(uint64(uint32(l.Offset)))
		w.WriteByte(')')
	}
}

// writeLiveOutList writes a record's live-outs: "N: reg, reg, ...".
func writeLiveOutList(w *textout.Buffer, arch regs.Arch, r stackmap.Record) {
	w.Int(int64(r.NumLiveOuts()))
	for i, lo := range r.LiveOuts() {
		if i == 0 {
			w.WriteString(" (")
		} else {
			w.WriteString(", ")
		}
		writeRegDisplay(w, arch, lo.Reg, int(lo.Size))
	}
	if r.NumLiveOuts() > 0 {
		w.WriteByte(')')
	}
}

// writeDiffJSON writes the diff as one JSON document; it returns whether
// the builds are equal in what the filters keep.
func writeDiffJSON(w *textout.Buffer, ins [2]*dumpInput, pairs []sectionPair, filter *dumpFilter, pretty bool) bool {
	j := textout.NewJSON(w)
	j.Pretty = pretty
	var fc, rc diffCounts
	j.OpenObject()
	j.Name("old", ins[0].File)
	j.Name("new", ins[1].File)
	j.Key("functions")
	j.OpenArray()
	for sh := range shownFunctions(pairs, filter, &fc, &rc) {
		j.Elem()
		writeDiffFunctionJSON(j, sh.p, sh.fd, sh.recs)
		w.FlushIfFull()
	}
	j.CloseArray()
	equal := fc[stackmapdiff.Changed]+fc[stackmapdiff.Added]+fc[stackmapdiff.Removed] == 0
	j.Key("equal")
	j.Bool(equal)
	j.Key("summary")
	j.OpenObject()
	j.Key("functions")
	writeCountsJSON(j, fc)
	j.Key("records")
	writeCountsJSON(j, rc)
	j.CloseObject()
	j.CloseObject()
	w.WriteByte('\n')
	return equal
}

func writeCountsJSON(j *textout.JSON, c diffCounts) {
	j.OpenObject()
	for _, s := range []stackmapdiff.Status{stackmapdiff.Same, stackmapdiff.Changed, stackmapdiff.Added, stackmapdiff.Removed} {
		j.Key(s.String())
		j.Int(int64(c[s]))
	}
	j.CloseObject()
}

func writeDiffFunctionJSON(j *textout.JSON, p sectionPair, fd *stackmapdiff.Function, recs []*stackmapdiff.Record) {
	j.OpenObject()
	j.NameOrNull("slice", p.slice, p.slice != "")
	j.NameOrNull("name", fd.Name, fd.Name != "")
	j.NameOrNull("section", fd.Section, fd.Section != "")
	j.Key("nth")
	j.Int(int64(fd.Nth))
	j.Key("status")
	j.String(fd.Status.String())
	for _, side := range []struct {
		key string
		f   stackmap.Function
	}{{"old", fd.Old}, {"new", fd.New}} {
		j.Key(side.key)
		if side.f.Table() == nil {
			j.Null()
			continue
		}
		j.OpenObject()
		j.Key("table")
		j.Int(int64(side.f.Table().Index()))
		j.Key("index")
		j.Int(int64(side.f.Index()))
		j.Key("stack_size")
		if side.f.DynamicStack() {
			j.Null()
		} else {
			j.Uint(side.f.StackSize())
		}
		j.CloseObject()
	}
	j.Key("stack_size_changed")
	j.Bool(fd.StackSize)
	j.Key("records")
	j.OpenArray()
	for _, rd := range recs {
		j.Elem()
		writeDiffRecordJSON(j, p, rd)
	}
	j.CloseArray()
	j.CloseObject()
}

func writeDiffRecordJSON(j *textout.JSON, p sectionPair, rd *stackmapdiff.Record) {
	j.OpenObject()
	j.Key("id")
	j.Uint(rd.ID)
	j.Key("id_hex")
	j.Hex(rd.ID)
	j.Key("nth")
	j.Int(int64(rd.Nth))
	j.Key("status")
	j.String(rd.Status.String())
	for _, side := range []struct {
		key string
		r   stackmap.Record
		ok  bool
	}{{"old", rd.Old, rd.Status != stackmapdiff.Added}, {"new", rd.New, rd.Status != stackmapdiff.Removed}} {
		j.Key(side.key)
		if !side.ok {
			j.Null()
			continue
		}
		j.OpenObject()
		j.Key("instruction_offset")
		j.Uint(uint64(side.r.InstructionOffset()))
		j.Key("locations")
		j.Int(int64(side.r.NumLocations()))
		j.Key("live_outs")
		j.Int(int64(side.r.NumLiveOuts()))
		j.CloseObject()
	}
	j.Key("changes")
	j.OpenArray()
	for _, ch := range rd.Changes {
		j.Elem()
		j.OpenObject()
		j.Key("part")
		j.String(ch.Part.String())
		j.Key("index")
		if ch.Index < 0 {
			j.Null()
		} else {
			j.Int(int64(ch.Index))
		}
		for k, side := range []struct {
			key string
			r   stackmap.Record
			loc int
		}{{"old", rd.Old, ch.OldLoc}, {"new", rd.New, ch.NewLoc}} {
			j.Key(side.key)
			switch ch.Part {
			case stackmapdiff.InstructionOffset:
				j.Uint(uint64(side.r.InstructionOffset()))
			case stackmapdiff.Flags:
				j.Uint(uint64(side.r.Flags()))
			case stackmapdiff.LiveOuts:
				j.OpenArray()
				for _, lo := range side.r.LiveOuts() {
					j.Elem()
					writeJSONLiveOut(j, p.arch[k], lo)
				}
				j.CloseArray()
			default:
				if l, ok := side.r.Location(side.loc); side.loc >= 0 && ok {
					writeJSONLocation(j, p.arch[k], side.r, l)
				} else {
					j.Null()
				}
			}
		}
		j.CloseObject()
	}
	j.CloseArray()
	j.CloseObject()
}
