package main

import (
	"encoding/binary"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/stackmaps/stackmaps/stackmap"
)

func init() {
	register(command{name: "dump", summary: "print the stack maps of object files, binaries or raw sections", run: runDump})
}

// dumpInput is one file's stack map sections, located and decoded.
type dumpInput struct {
	File     string
	Sections []*stackmap.SectionData // one per Mach-O slice; otherwise one
	Parsed   []*stackmap.Section     // Parsed[i] decodes Sections[i]
}

// dumpOptions are the dump command's flags that formats consult.
type dumpOptions struct {
	format string
}

// formatter writes one file's stack maps in one output format.
type formatter func(w io.Writer, in *dumpInput, opts *dumpOptions) error

// formats maps --format names to their writers; each lives in its own
// format_*.go file.
var formats = map[string]formatter{}

func formatNames() string {
	var names []string
	for n := range formats {
		names = append(names, n)
	}
	sort.Strings(names)
	return strings.Join(names, ", ")
}

const dumpUsage = `Usage: stackmaps dump [flags] FILE...

Print the stack maps in each FILE: an ELF, Mach-O (thin or universal) or COFF
object, executable or shared library, or with --raw the bytes of a section
dumped from memory. A section that holds several tables (a linked binary) is
printed table after table.

Formats:
  llvm   exactly what "llvm-readobj --stackmap FILE" prints from its line
         "LLVM StackMap Version: ..." on, for each table in turn

Examples:
  stackmaps dump --format=llvm testdata/objects/llvm14/x86_64-elf/kinds.o
  stackmaps dump --raw --big-endian --format=llvm section.bin

Exit status: 0 success, 1 a file could not be read or decoded (the message
names the byte offset), 2 bad usage.

Flags:
`

func runDump(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("dump", dumpUsage, stderr)
	format := fs.String("format", "llvm", "output format: "+"llvm")
	raw := fs.Bool("raw", false, "each FILE is a raw stack map section, not an object file")
	bigEndian := fs.Bool("big-endian", false, "with --raw: the section is big-endian (default little-endian)")
	files, status, ok := parseCommandLine(fs, args, stdout)
	if !ok {
		return status
	}
	write, known := formats[*format]
	if !known {
		fmt.Fprintf(stderr, "stackmaps dump: unknown format %q (known: %s)\n", *format, formatNames())
		return exitUsage
	}
	if len(files) == 0 {
		fmt.Fprintln(stderr, "stackmaps dump: no FILE given (see stackmaps dump --help)")
		return exitUsage
	}
	if *bigEndian && !*raw {
		fmt.Fprintln(stderr, "stackmaps dump: --big-endian needs --raw (object files say their own byte order)")
		return exitUsage
	}
	var order binary.ByteOrder = binary.LittleEndian
	if *bigEndian {
		order = binary.BigEndian
	}
	opts := &dumpOptions{format: *format}
	status = exitOK
	for _, name := range files {
		in, err := loadDumpInput(name, *raw, order)
		if err != nil {
			fmt.Fprintf(stderr, "stackmaps dump: %v\n", err)
			status = exitFail
			continue
		}
		if err := write(stdout, in, opts); err != nil {
			fmt.Fprintf(stderr, "stackmaps dump: %s: %v\n", name, err)
			status = exitFail
		}
	}
	return status
}

// loadDumpInput locates and decodes the stack map sections of one file.
func loadDumpInput(name string, raw bool, order binary.ByteOrder) (*dumpInput, error) {
	sds, err := openSections(name, raw, order)
	if err != nil {
		return nil, err
	}
	in := &dumpInput{File: name, Sections: sds}
	for _, sd := range sds {
		sec, err := sd.Parse()
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		in.Parsed = append(in.Parsed, sec)
	}
	return in, nil
}
