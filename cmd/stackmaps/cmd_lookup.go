package main

import (
	"io"
	"iter"

	"github.com/stackmaps/stackmaps/internal/textout"
	"github.com/stackmaps/stackmaps/stackmap"
)

const lookupUsage = `Usage: stackmaps lookup [flags] FILE ADDR...

Print the function and stack map record(s) at each code address ADDR
(decimal, or hex with 0x) of FILE, with their locations. An address where a
record is (a statepoint's return address, a stackmap call's) matches
exactly; otherwise the nearest record before it in the same function
matches (a patchpoint's record is at the start of its patchable region).
Several records at one address are all printed.

In a relocatable object built with function sections every function is at
offset 0 of a code section of its own, and records print their addresses
as SECTION:ADDR; give ADDR the same way (".text.f:0x1c") to look it up in
that section only. SECTION is a section name, or NAME[N] or N, N being the
section's number, where several sections share a name. A plain ADDR there
matches in every code section (a note on stderr says so).

ADDR is a runtime address: the link-time address plus --bias, the load bias
(ASLR slide) of the module. Without --bias, addresses are link-time
addresses, as "stackmaps dump" prints them.

Formats (--format):
  text   (default) "ADDR: exact|preceding ..." then each record as dump
         prints it
  json   one compact JSON document per address, one a line (JSON Lines):
         {"query", "query_hex", "bias", "exact", "address", "address_hex",
          "matches": [{"table", "function", "symbol", "record"}]}
         with "query_section" (SECTION as given) after "query_hex" for a
         SECTION:ADDR query, and "code_section" ({"index", "name"}) after
         "symbol" in objects with several code sections
         where "record" is the record object of "dump --format=json" and
         "address" is the records' link-time address (null, with an empty
         "matches", when nothing matches)

Examples:
  stackmaps lookup testdata/linked/x86_64-elf/exe 0x401237
  stackmaps lookup --bias 0x7f0000000000 --format=json testdata/linked/x86_64-elf/exe 0x7f0000401237
  stackmaps lookup testdata/fsections/llvm22/x86_64/kinds.o .text.kinds_indirect:0xcc

Exit status: 0 every address matched, 1 an address matched no record (or
FILE could not be read), 2 bad usage.

Flags:
`

// runLookup implements "stackmaps lookup".
func runLookup(args []string, stdout, stderr io.Writer) int {
	c := newFileCommand("lookup", lookupUsage, []string{"text", "json", "line"}, stderr)
	c.withBias("load bias: each ADDR is a runtime address")
	pos, status, ok := c.parse(args, stdout, stderr)
	if !ok {
		return status
	}
	bias := c.bias
	if len(pos) < 2 {
		say(stderr, "stackmaps lookup: want FILE and at least one ADDR (see stackmaps lookup --help)\n")
		return exitUsage
	}
	addrs := make([]codeAddr, 0, len(pos)-1)
	for _, s := range pos[1:] {
		a, ok := parseCodeAddr(s)
		if !ok {
			say(stderr, "stackmaps lookup: address %q: want a number (decimal or 0x hex), SECTION:ADDR or SYMBOL+0xOFF\n", s)
			return exitUsage
		}
		addrs = append(addrs, a)
	}
	unmatched := false
	status = c.run(pos[:1], stdout, stderr, func(out io.Writer, din *dumpInput) error {
		finder := newAddrFinder(din, bias, c.filter, stderr)
		w := textout.NewBuffer(out)
		for _, q := range addrs {
			found, q, err := finder.find(q)
			if err != nil {
				return err
			}
			if found.Len() == 0 {
				say(stderr, "stackmaps lookup: %s: no record at or before %s (bias %#x) in a function%s\n", din.File, q.text, bias, filterNote(c.filter))
				unmatched = true
			}
			switch *c.format {
			case "json":
				writeLookupJSON(w, q, bias, found, c.prettyJSON())
			case "line":
				writeLookupLine(w, q, bias, found)
			default:
				writeLookupText(w, q, bias, found)
			}
			if err := w.Flush(); err != nil {
				return err
			}
		}
		return nil
	})
	if unmatched && status == exitOK {
		status = exitFail
	}
	return status
}

// filterNote names the filters in a message, when some are set.
func filterNote(f *dumpFilter) string {
	if !f.active() {
		return ""
	}
	return " matching " + f.String()
}

// lookupHit is one record found at a looked-up address.
type lookupHit struct {
	tv    *tableView
	rv    recordView
	exact bool
}

// sectionMatch is the match of one section's index (one universal slice).
type sectionMatch struct {
	si int
	m  stackmap.Match
}

// lookupResult is what a lookup of one address found: the matches of the
// sections that have records there, read one record at a time as they
// are printed, so that memory does not grow with their number.
type lookupResult struct {
	in      *dumpInput
	views   tableViews
	matches []sectionMatch
	n       int         // records in all
	filter  *dumpFilter // --function, --id: the records shown
}

// Len returns the number of records found (that the filters keep).
func (lr *lookupResult) Len() int {
	if !lr.filter.active() {
		return lr.n
	}
	n := 0
	for range lr.Hits() {
		n++
	}
	return n
}

// Hits iterates over the records found, with each table's model.
func (lr *lookupResult) Hits() iter.Seq[lookupHit] {
	return func(yield func(lookupHit) bool) {
		for _, sm := range lr.matches {
			for _, r := range sm.m.Records() {
				h := lookupHit{tv: lr.views.of(lr.in.Sections[sm.si], r.Table()), rv: recordViewOf(r), exact: sm.m.Exact()}
				if lr.filter.active() && !lr.filter.keepRecord(h.tv, h.rv) {
					continue
				}
				if !yield(h) {
					return
				}
			}
		}
	}
}

// First returns the first record found; ok is false when there is none.
func (lr *lookupResult) First() (lookupHit, bool) {
	for h := range lr.Hits() {
		return h, true
	}
	return lookupHit{}, false
}

// lookupAll finds the records at pc in every section (one per universal
// slice) by the index's one policy (stackmap.Index.At): the exact matches
// of every section that has some, or else the preceding ones. Each
// table's model is built once, in views, however many records and
// addresses match in it: the cost stays linear in the output.
func lookupAll(in *dumpInput, ixs []*stackmap.Index, views tableViews, pc, bias uint64) *lookupResult {
	exact := &lookupResult{in: in, views: views}
	preceding := &lookupResult{in: in, views: views}
	for si, ix := range ixs {
		m, ok := ix.At(pc, bias)
		if !ok || m.Len() == 0 {
			continue
		}
		lr := preceding
		if m.Exact() {
			lr = exact
		}
		lr.matches = append(lr.matches, sectionMatch{si: si, m: m})
		lr.n += m.Len()
	}
	if exact.n > 0 {
		return exact
	}
	return preceding
}

// tableViews holds the model of each table a lookup met, built once.
type tableViews map[*stackmap.Table]*tableView

// of returns the model of table t of section sd.
func (vs tableViews) of(sd *stackmap.SectionData, t *stackmap.Table) *tableView {
	if tv, ok := vs[t]; ok {
		return tv
	}
	tv := &tableView{SD: sd, Table: t}
	for _, f := range t.Functions() {
		tv.Funcs = append(tv.Funcs, f)
	}
	vs[t] = tv
	return tv
}

func writeLookupText(w *textout.Buffer, q codeAddr, bias uint64, hits *lookupResult) {
	writeQuery(w, q)
	first, ok := hits.First()
	if !ok {
		w.WriteString(": no record\n")
		return
	}
	if first.exact {
		w.WriteString(": exact, ")
	} else {
		w.WriteString(": preceding record at ")
		writeCodeAddr(w, first.tv, first.rv.Func, first.rv.Address+bias)
		w.WriteString(", ")
	}
	w.Plural(hits.Len(), "record")
	w.WriteByte('\n')
	for h := range hits.Hits() {
		w.WriteString("  ")
		if h.tv.SD.Slice != "" {
			w.WriteString("[" + textout.Escape(h.tv.SD.Slice) + "] ")
		}
		w.Name(hits.in.File)
		w.WriteString(": section ")
		w.Name(h.tv.SD.Name)
		w.WriteString(", table ")
		w.Int(int64(h.tv.Table.Index()))
		w.WriteString(", function ")
		h.tv.writeFuncLabel(w, h.rv.Func)
		w.WriteString(", at ")
		writeFuncOffset(w, h.tv, h.rv)
		w.WriteByte('\n')
		writeTextRecord(w, h.tv, h.rv, nil)
		w.FlushIfFull()
	}
}

func writeLookupJSON(w *textout.Buffer, q codeAddr, bias uint64, hits *lookupResult, pretty bool) {
	first, found := hits.First()
	j := textout.NewJSON(w)
	j.Pretty = pretty
	j.OpenObject()
	j.Key("query")
	j.Uint(q.pc)
	j.Key("query_hex")
	j.Hex(q.pc)
	if q.sectioned {
		j.Name("query_section", q.section)
	}
	j.Key("bias")
	j.Uint(bias)
	j.Key("exact")
	j.Bool(found && first.exact)
	j.Key("address")
	if found {
		j.Uint(first.rv.Address)
	} else {
		j.Null()
	}
	j.Key("address_hex")
	if found {
		j.Hex(first.rv.Address)
	} else {
		j.Null()
	}
	j.Key("matches")
	j.OpenArray()
	for h := range hits.Hits() {
		j.Elem()
		j.OpenObject()
		j.NameOrNull("slice", h.tv.SD.Slice, h.tv.SD.Slice != "")
		j.Key("table")
		j.Int(int64(h.tv.Table.Index()))
		j.Key("function")
		j.Int(int64(h.rv.Func))
		sym := ""
		if h.rv.Func >= 0 {
			sym = h.tv.Funcs[h.rv.Func].Symbol()
		}
		j.NameOrNull("symbol", sym, sym != "")
		writeJSONCodeSection(j, h.tv, h.rv.Func)
		j.Key("record")
		writeJSONRecord(j, h.tv, h.rv)
		j.CloseObject()
		w.FlushIfFull()
	}
	j.CloseArray()
	j.CloseObject()
	w.WriteByte('\n')
}

// writeLookupLine writes one line for an address, for scripts: the query
// as given, the records' address (runtime, in hex), "exact", "preceding"
// or "none", the function as SYMBOL+0xOFF (its index "#N" without a
// symbol), and the records' IDs in hex, comma-separated; "-" for each
// part an unmatched address has not.
func writeLookupLine(w *textout.Buffer, q codeAddr, bias uint64, hits *lookupResult) {
	w.Name(q.text)
	first, ok := hits.First()
	if !ok {
		w.WriteString(" - none - -\n")
		return
	}
	w.WriteByte(' ')
	writeCodeAddr(w, first.tv, first.rv.Func, first.rv.Address+bias)
	if first.exact {
		w.WriteString(" exact ")
	} else {
		w.WriteString(" preceding ")
	}
	writeFuncOffset(w, first.tv, first.rv)
	sep := byte(' ')
	for h := range hits.Hits() {
		w.WriteByte(sep)
		w.Hex(h.rv.R.ID())
		sep = ','
	}
	w.WriteByte('\n')
}

// writeFuncOffset writes a record's place as SYMBOL+0xOFF: the offset from
// its function's start ("#N+0xOFF" for a function without a symbol, "?"
// when the function is unknown).
func writeFuncOffset(w *textout.Buffer, tv *tableView, rv recordView) {
	if rv.Func < 0 || rv.Func >= len(tv.Funcs) {
		w.WriteByte('?')
		return
	}
	f := &tv.Funcs[rv.Func]
	if f.Symbol() != "" {
		w.Name(f.Symbol())
	} else {
		w.WriteByte('#')
		w.Int(int64(rv.Func))
	}
	w.WriteByte('+')
	w.Hex(rv.Address - f.Address())
}
