package main

import (
	"bufio"
	"fmt"
	"io"

	"github.com/stackmaps/stackmaps/internal/textout"
	"github.com/stackmaps/stackmaps/stackmap"
)

const statsUsage = `Usage: stackmaps stats [flags] FILE...

Show what the stack maps in each FILE cost: per table the number of
functions, records, locations by kind, live-outs and constants, and the
bytes each part takes; then the totals for the file when it has several
tables.

Example:
  $ stackmaps stats testdata/objects/llvm19/x86_64-elf/kinds.o
  testdata/objects/llvm19/x86_64-elf/kinds.o: elf x86_64, section .llvm_stackmaps, 1056 bytes, 1 table
  Table 0 at section offset 0x0: version 3
    bytes         1056  (header 16, functions 144, constants 24, records 872)
    functions        6  (0 with a dynamic stack size)
    records          6  (largest: 24 locations)
    locations       60  (Register 15, Direct 3, Indirect 33, Constant 6, ConstantIndex 3)
    live-outs        0
    constants        3

--format=json prints one JSON document per file per line (JSON Lines):
{"file", "format", "arch", "error" (null unless unreadable), "tables":
[{"slice", "index", "section_offset", "section_offset_hex", "version",
"bytes", "header_bytes", "function_bytes", "constant_bytes",
"record_bytes", "functions", "dynamic_stack", "records", "max_locations",
"locations", "locations_by_kind": {"Register", ...}, "live_outs",
"constants"}], "total": {the same counts, "tables"}}.

Exit status: 0 success, 1 a file could not be read or decoded, 2 bad usage.

Flags:
`

// tableStats are the counts and sizes of one table (or a sum of tables).
type tableStats struct {
	tables        int
	bytes         int
	functions     int
	dynamic       int
	records       int
	maxLocations  int
	locations     int
	byKind        [6]int // indexed by stackmap.Kind; 0 counts invalid kinds
	liveOuts      int
	constants     int
	functionBytes int
	constantBytes int
	recordBytes   int
	headerBytes   int
}

func statsOf(t *stackmap.Table) tableStats {
	s := tableStats{tables: 1, bytes: t.Size(), functions: t.NumFunctions(), records: t.NumRecords(),
		constants: t.NumConstants(), headerBytes: stackmap.HeaderSize, functionBytes: t.FunctionsSize(),
		constantBytes: t.ConstantsSize()}
	for _, f := range t.Functions() {
		if f.DynamicStack() {
			s.dynamic++
		}
	}
	for _, r := range t.Records() {
		s.recordBytes += r.Size()
		s.locations += r.NumLocations()
		s.maxLocations = max(s.maxLocations, r.NumLocations())
		s.liveOuts += r.NumLiveOuts()
		for _, l := range r.Locations() {
			if l.Kind.Valid() {
				s.byKind[l.Kind]++
			} else {
				s.byKind[0]++
			}
		}
	}
	return s
}

// add sums o into s.
func (s *tableStats) add(o tableStats) {
	s.tables += o.tables
	s.bytes += o.bytes
	s.functions += o.functions
	s.dynamic += o.dynamic
	s.records += o.records
	s.maxLocations = max(s.maxLocations, o.maxLocations)
	s.locations += o.locations
	for i := range s.byKind {
		s.byKind[i] += o.byKind[i]
	}
	s.liveOuts += o.liveOuts
	s.constants += o.constants
	s.functionBytes += o.functionBytes
	s.constantBytes += o.constantBytes
	s.recordBytes += o.recordBytes
	s.headerBytes += o.headerBytes
}

func (s *tableStats) write(w *bufio.Writer) {
	fmt.Fprintf(w, "  bytes     %8d  (header %d, functions %d, constants %d, records %d)\n",
		s.bytes, s.headerBytes, s.functionBytes, s.constantBytes, s.recordBytes)
	fmt.Fprintf(w, "  functions %8d  (%d with a dynamic stack size)\n", s.functions, s.dynamic)
	fmt.Fprintf(w, "  records   %8d  (largest: %s)\n", s.records, textout.Plural(s.maxLocations, "location"))
	fmt.Fprintf(w, "  locations %8d  (", s.locations)
	for k := stackmap.Register; k <= stackmap.ConstantIndex; k++ {
		if k > stackmap.Register {
			w.WriteString(", ")
		}
		fmt.Fprintf(w, "%v %d", k, s.byKind[k])
	}
	w.WriteString(")\n")
	fmt.Fprintf(w, "  live-outs %8d\n", s.liveOuts)
	fmt.Fprintf(w, "  constants %8d\n", s.constants)
}

func runStats(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("stats", statsUsage, stderr)
	input := addInputFlags(fs)
	format := fs.String("format", "text", "output format: text or json (one JSON document per file per line)")
	files, status, ok := parseCommandLine(fs, args, stdout)
	if !ok {
		return status
	}
	if *format != "text" && *format != "json" {
		say(stderr, "stackmaps stats: unknown format %q (text, json)\n", *format)
		return exitUsage
	}
	if len(files) == 0 {
		say(stderr, "stackmaps stats: no FILE given (see stackmaps stats --help)\n")
		return exitUsage
	}
	if status, ok := input.validate("stats", stderr); !ok {
		return status
	}
	status = exitOK
	w := bufio.NewWriter(stdout)
	defer w.Flush()
	for _, name := range files {
		in, err := input.load(name, stderr)
		if err != nil {
			w.Flush()
			say(stderr, "stackmaps stats: %v\n", err)
			if *format == "json" {
				writeStatsJSON(w, &dumpInput{File: name}, err)
			}
			status = exitFail
			continue
		}
		if *format == "json" {
			writeStatsJSON(w, in, nil)
		} else {
			writeStats(w, in)
		}
		in.Close()
	}
	return status
}

// writeStatsTo is writeStats on any writer.
func writeStatsTo(w io.Writer, in *dumpInput) {
	bw := bufio.NewWriter(w)
	writeStats(bw, in)
	bw.Flush()
}

// writeStats prints the stats of every table of a file and, when there are
// several, their totals.
func writeStats(w *bufio.Writer, in *dumpInput) {
	fmt.Fprintf(w, "%s: %s\n", textout.Escape(in.File), describeSections(in))
	var total tableStats
	for si, sec := range in.Parsed {
		for ti := range sec.Tables() {
			t := sec.Table(ti)
			if sl := in.Sections[si].Slice; sl != "" {
				fmt.Fprintf(w, "[%s] ", textout.Escape(sl))
			}
			fmt.Fprintf(w, "Table %d at section offset %#x: version %d\n", t.Index(), t.Offset(), t.Version())
			s := statsOf(t)
			s.write(w)
			total.add(s)
		}
	}
	if total.tables > 1 {
		fmt.Fprintf(w, "Total (%s)\n", textout.Plural(total.tables, "table"))
		total.write(w)
	}
}
