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
{"file", "format", "arch", "tables":
[{"slice", "index", "section_offset", "section_offset_hex", "version",
"bytes", "header_bytes", "function_bytes", "constant_bytes",
"record_bytes", "functions", "dynamic_stack", "records", "max_locations",
"locations", "locations_by_kind": {"Register", ...}, "live_outs",
"constants"}], "total": {"tables", and the same counts}}. With --function
or --id the counts are of what they keep (the header, function and
constant bytes stay the table's). A file that cannot be read is
{"file", "error"}, as in every command.

Exit status: 0 success, 1 a file could not be read or decoded, 2 bad usage.

Flags:
`

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
	c := newFileCommand("stats", statsUsage, []string{"text", "json"}, stderr)
	files, status, ok := c.parse(args, stdout, stderr)
	if !ok {
		return status
	}
	return c.run(files, stdout, stderr, func(w io.Writer, in *dumpInput) error {
		if c.json() {
			writeStatsJSON(w, in, c.filter, c.prettyJSON())
			return nil
		}
		bw := bufio.NewWriter(w)
		writeStats(bw, in, c.filter)
		return bw.Flush()
	})
}

// writeStatsTo is writeStats on any writer, without filters.
func writeStatsTo(w io.Writer, in *dumpInput) {
	bw := bufio.NewWriter(w)
	writeStats(bw, in, nil)
	bw.Flush()
}

// writeStats prints the stats of every table of a file and, when there are
// several, their totals; with --function or --id only of what they keep.
func writeStats(w *bufio.Writer, in *dumpInput, filter *dumpFilter) {
	fmt.Fprintf(w, "%s: %s\n", textout.Escape(in.File), describeSections(in))
	var total tableStats
	forEachTable(in, func(tv *tableView) {
		t := tv.Table
		if tv.SD.Slice != "" {
			fmt.Fprintf(w, "[%s] ", textout.Escape(tv.SD.Slice))
		}
		fmt.Fprintf(w, "Table %d at section offset %#x: version %d\n", t.Index(), t.Offset(), t.Version())
		s := statsOfSelected(tv, filter)
		s.write(w)
		total.add(s)
	})
	if total.tables > 1 {
		fmt.Fprintf(w, "Total (%s)\n", textout.Plural(total.tables, "table"))
		total.write(w)
	}
}
