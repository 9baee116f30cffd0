package main

import (
	"errors"
	"fmt"
	"io"

	"github.com/stackmaps/stackmaps/internal/textout"
)

const lookupUsage = `Usage: stackmaps lookup [flags] FILE [ADDR...]

Answer each code address ADDR of FILE on its own, as addr2line does for
line numbers: the function symbol that holds it (SYMBOL+0xOFF, from the
symbol table for any function, with or without stack maps) and the stack
map record(s) there, with their locations. With no ADDR, the addresses are
read from standard input, one a line, so that a backtrace can be piped in.
A FILE without stack maps (a shared library, any program) is answered
from its symbols alone: "no record in SYMBOL+0xOFF" for every address
(exit status 1), as addr2line answers "??" without debug information;
--skip-missing skips such a FILE instead.

An ADDR is one of:
  0x401237, 4198967     a number, hex with 0x or decimal
  main+3, la_hidden     SYMBOL or SYMBOL+OFF: OFF bytes into the function
                        of that symbol (any function symbol; Mach-O's
                        leading underscore may be left out)
  .text.f:0x1c          SECTION:ADDR, in objects with several code sections
                        (see below)

A line of standard input is answered from its address: a line that starts
with gdb's frame number ("#3  0x0000000000401237 in f (x=1) at f.c:9") or
lldb's ("frame #3: 0x0000000100003f5c a.out` + "`" + `f + 12") by the address after
it (a gdb frame without one, "#0  f () at f.c:9" or "<signal handler
called>", is answered "no address": the line has none to look up); any
other line by its first word. Blank lines are skipped, and so are the
lines that are not frames once a frame line has come (a thread's header
in "thread apply all bt", "Backtrace stopped: ...").

An address where a record is (a statepoint's return address, a stackmap
call's) matches exactly; otherwise the nearest record before it in the
same function matches (a patchpoint's record is at the start of its
patchable region). Several records at one address are all printed. Every
address gets its answer, in order: one that cannot be looked up (a
symbol no function has, a negative number, a line longer than 64 KiB) is
answered "error", said on standard error, and the rest go on.

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
         prints it; "ADDR: no record in SYMBOL+0xOFF" where there is none
  line   one line per address, for scripts, five fields:
           ADDR RECORD exact|preceding|none|no-address|error SYMBOL+0xOFF IDS
         ADDR as given; RECORD the records' runtime address (SECTION:ADDR
         in objects with several code sections); SYMBOL+0xOFF the function
         symbol that holds ADDR and ADDR's offset in it (#N+0xOFF for a
         function with stack maps but no symbol); IDS the records' IDs in
         hex, comma-separated; "-" for each part an address has not. In a
         universal file RECORD and the function name their slice first:
         [x86_64]0x7, [x86_64]_f+0x7.
  json   one compact JSON document per address, one a line (JSON Lines):
         {"input", "query", "query_hex", "bias", "function_symbol",
          "function_offset", "exact", "address", "address_hex",
          "matches": [{"table", "function", "symbol", "record"}]}
         "input" is ADDR as given (the address a line of standard input
         gave), "function_symbol" and "function_offset" the symbol that
         holds the address and the offset in it (null when none does),
         with "query_section" (SECTION as given) after "query_hex" for a
         SECTION:ADDR query, and "code_section" ({"index", "name"}) after
         "symbol" in objects with several code sections
         where "record" is the record object of "dump --format=json" and
         "address" is the records' link-time address (null, with an empty
         "matches", when nothing matches); an address that cannot be looked
         up is {"input", "error"}, a frame line without an address
         {"input", "no_address": true} ("input" its frame number, "#0")

Examples:
  stackmaps lookup testdata/linked/x86_64-elf/exe 0x401237
  stackmaps lookup --format=line testdata/linked/x86_64-elf/exe main+3 la_internal+7 0x401237
  cat testdata/backtrace/bt.gdb.txt | stackmaps lookup --format=line testdata/backtrace/bt
  (a PIE's addresses in a backtrace are runtime addresses: give --bias)
  stackmaps lookup --bias 0x7f0000000000 --format=json testdata/linked/x86_64-elf/exe 0x7f0000401237
  stackmaps lookup testdata/fsections/llvm22/x86_64/kinds.o .text.kinds_indirect:0xcc

Exit status: 0 every address had a record, 1 some address had none (or a
frame line had no address) and none was an error, 2 an address could not
be looked up, FILE could not be read, or bad usage.

Flags:
`

// lookupStatus is the exit status of lookup: 0 every address matched a
// record, 1 some matched none, 2 an error (lookup's statuses are addr2line's
// and grep's, not the other commands').
type lookupStatus struct {
	unmatched, failed bool
}

// runLookup implements "stackmaps lookup".
func runLookup(args []string, stdout, stderr io.Writer) int {
	c := newFileCommand("lookup", lookupUsage, []string{"text", "json", "line"}, stderr)
	c.withBias("load bias: each ADDR is a runtime address")
	pos, status, ok := c.parse(args, stdout, stderr)
	if !ok {
		return status
	}
	c.input.symbolsOnly = !*c.skipMissing
	if len(pos) == 0 {
		say(stderr, "stackmaps lookup: want FILE and its addresses, as arguments or on standard input (see stackmaps lookup --help)\n")
		return exitUsage
	}
	if len(pos) == 1 && pos[0] == "-" {
		say(stderr, "stackmaps lookup: FILE - (standard input) needs its addresses as arguments: without them they are read from standard input\n")
		return exitUsage
	}
	var st lookupStatus
	status = c.run(pos[:1], stdout, stderr, func(out io.Writer, din *dumpInput) error {
		finder := newAddrFinder(din, c.bias, c.filter, stderr)
		w := textout.NewBuffer(out)
		queries := argQueries(pos[1:])
		in := &flushingReader{r: stdin, w: w}
		if len(pos) == 1 {
			queries = lineQueries(in)
		}
		for text, qerr := range queries {
			ans := finder.answer(text, qerr)
			switch {
			case ans.err != nil:
				if err := w.Flush(); err != nil {
					return err
				}
				say(stderr, "stackmaps lookup: %s: %v\n", din.File, ans.err)
				st.failed = true
			case ans.noAddr || ans.found.Len() == 0:
				st.unmatched = true
			}
			switch *c.format {
			case "json":
				writeLookupJSON(w, ans, c.bias, c.prettyJSON())
			case "line":
				writeLookupLine(w, ans, c.bias)
			default:
				writeLookupText(w, ans, c.bias)
			}
			w.FlushIfFull()
		}
		if in.err != nil {
			return in.err
		}
		return w.Flush()
	})
	switch {
	case status != exitOK || st.failed:
		return exitUsage
	case st.unmatched:
		return exitFail
	}
	return exitOK
}

// flushingReader reads standard input for lookup, handing the answers
// gathered in w on before each read, which may wait for the next line:
// a backtrace piped in line by line gets each answer as its line comes,
// and a long list of addresses is answered in large writes. A failed write
// ends the input (err keeps the write's error).
type flushingReader struct {
	r   io.Reader
	w   *textout.Buffer
	err error
}

func (fr *flushingReader) Read(p []byte) (int, error) {
	if fr.err = fr.w.Flush(); fr.err != nil {
		return 0, io.EOF
	}
	return fr.r.Read(p)
}

// lookupAnswer is the answer to one address: the records found, or the
// error that kept it from being looked up, and the function symbol that
// holds it.
type lookupAnswer struct {
	q      codeAddr
	found  *lookupResult // nil after an error
	err    error
	sym    string // the function symbol that holds the address, "" if none
	symOff uint64 // the address's offset from the symbol
	fnNum  int    // with sym "": the number of the records' function, -1 if none
	slice  string // in a universal file: the slice sym (or fnNum) is of
	noAddr bool   // a backtrace's frame line without an address (q.text is its frame number)
}

// answer looks up one address given as text (or says the error qerr that
// reading it met), each on its own: an error answers that address only.
func (f *addrFinder) answer(text string, qerr error) lookupAnswer {
	ans := lookupAnswer{q: codeAddr{text: text}, fnNum: -1}
	if errors.Is(qerr, errNoAddress) {
		ans.noAddr = true
		return ans
	}
	if qerr != nil {
		ans.err = qerr
		return ans
	}
	if len(text) > 1 && text[0] == '-' && text[1] >= '0' && text[1] <= '9' {
		ans.err = fmt.Errorf("address \"%s\": negative: an address is 0 or more", text)
		return ans
	}
	q, ok := parseCodeAddr(text)
	if !ok {
		ans.err = fmt.Errorf("address \"%s\": want a number (decimal or 0x hex), SECTION:ADDR or SYMBOL+OFF", text)
		return ans
	}
	ans.found, ans.q, ans.err = f.find(q)
	if ans.err != nil {
		ans.found = nil
		return ans
	}
	ans.sym, ans.symOff, ans.fnNum, ans.slice = f.functionAt(ans.q, ans.found)
	return ans
}

// functionAt names the function that holds q as addr2line -f does: the
// symbol of the records' function when some were found (the function's
// number when it has none), else the symbol table's function symbol; in
// a universal file, with the slice it is from (the first that has one).
func (f *addrFinder) functionAt(q codeAddr, found *lookupResult) (string, uint64, int, string) {
	if q.pc < f.bias {
		return "", 0, -1, ""
	}
	pc := q.pc - f.bias
	if h, ok := found.First(); ok && h.rv.Func >= 0 && h.rv.Func < len(h.tv.Funcs) {
		fn := &h.tv.Funcs[h.rv.Func]
		if fn.Symbol() != "" && pc >= fn.Address() {
			return fn.Symbol(), pc - fn.Address(), -1, h.tv.SD.Slice
		}
		if fn.Symbol() == "" && pc >= fn.Address() {
			return "", pc - fn.Address(), h.rv.Func, h.tv.SD.Slice
		}
	}
	if q.sectioned {
		return "", 0, -1, ""
	}
	for _, si := range f.images {
		if name, off, err := si.img.FunctionSymbol(pc); err == nil {
			return name, off, -1, si.slice
		}
	}
	return "", 0, -1, ""
}

func writeLookupText(w *textout.Buffer, ans lookupAnswer, bias uint64) {
	if ans.err != nil || ans.noAddr {
		w.Name(ans.q.text)
		if ans.noAddr {
			w.WriteString(": no address\n")
		} else {
			w.WriteString(": error\n")
		}
		return
	}
	hits := ans.found
	writeQuery(w, ans.q)
	first, ok := hits.First()
	if !ok {
		w.WriteString(": no record")
		if ans.sym != "" {
			w.WriteString(" in ")
			writeSymbolOffset(w, ans)
		}
		w.WriteByte('\n')
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

// writeSymbolOffset writes the function that holds an address as
// SYMBOL+0xOFF (#N+0xOFF for a function with stack maps but no symbol),
// "-" when none is known.
func writeSymbolOffset(w *textout.Buffer, ans lookupAnswer) {
	if ans.slice != "" && (ans.sym != "" || ans.fnNum >= 0) {
		w.WriteByte('[')
		w.Name(ans.slice)
		w.WriteByte(']')
	}
	switch {
	case ans.sym != "":
		w.Name(ans.sym)
	case ans.fnNum >= 0:
		w.WriteByte('#')
		w.Int(int64(ans.fnNum))
	default:
		w.WriteByte('-')
		return
	}
	w.WriteByte('+')
	w.Hex(ans.symOff)
}

func writeLookupJSON(w *textout.Buffer, ans lookupAnswer, bias uint64, pretty bool) {
	j := textout.NewJSON(w)
	j.Pretty = pretty
	j.OpenObject()
	j.Name("input", ans.q.text)
	if ans.err != nil || ans.noAddr {
		if ans.noAddr {
			j.Key("no_address")
			j.Bool(true)
		} else {
			j.Key("error")
			j.String(ans.err.Error())
		}
		j.CloseObject()
		w.WriteByte('\n')
		return
	}
	hits, q := ans.found, ans.q
	first, found := hits.First()
	j.Key("query")
	j.Uint(q.pc)
	j.Key("query_hex")
	j.Hex(q.pc)
	if q.sectioned {
		j.Name("query_section", q.section)
	}
	j.Key("bias")
	j.Uint(bias)
	j.NameOrNull("function_symbol", ans.sym, ans.sym != "")
	j.Key("function_offset")
	if ans.sym != "" || ans.fnNum >= 0 {
		j.Uint(ans.symOff)
	} else {
		j.Null()
	}
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
// as given, the records' address (runtime, in hex; [SLICE]ADDR in a
// universal file), "exact", "preceding", "none" or "error", the function
// that holds the address as SYMBOL+0xOFF, and the records' IDs in hex,
// comma-separated; "-" for each part an address has not.
func writeLookupLine(w *textout.Buffer, ans lookupAnswer, bias uint64) {
	w.Name(ans.q.text)
	switch {
	case ans.err != nil:
		w.WriteString(" - error - -\n")
		return
	case ans.noAddr:
		w.WriteString(" - no-address - -\n")
		return
	}
	hits := ans.found
	first, ok := hits.First()
	if !ok {
		w.WriteString(" - none ")
		writeSymbolOffset(w, ans)
		w.WriteString(" -\n")
		return
	}
	w.WriteByte(' ')
	if first.tv.SD.Slice != "" {
		w.WriteByte('[')
		w.Name(first.tv.SD.Slice)
		w.WriteByte(']')
	}
	writeCodeAddr(w, first.tv, first.rv.Func, first.rv.Address+bias)
	if first.exact {
		w.WriteString(" exact ")
	} else {
		w.WriteString(" preceding ")
	}
	writeSymbolOffset(w, ans)
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
