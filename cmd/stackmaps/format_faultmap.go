package main

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"os"

	"github.com/stackmaps/stackmaps/faultmap"
	"github.com/stackmaps/stackmaps/internal/textout"
	"github.com/stackmaps/stackmaps/objfile"
	"github.com/stackmaps/stackmaps/stackmap"
)

// faultMapInput is one file's fault map sections, located and decoded.
type faultMapInput struct {
	File     string
	Obj      *objfile.File           // nil for raw bytes
	Sections []*stackmap.SectionData // one per Mach-O slice that has one; otherwise one
	Parsed   []*faultmap.Section     // Parsed[i] decodes Sections[i]
}

func (in *faultMapInput) Close() {
	if in.Obj != nil {
		in.Obj.Close()
	}
}

// faultMapFormats maps --format names to the fault map writers.
var faultMapFormats = map[string]func(w io.Writer, in *faultMapInput, pretty bool) error{
	"json": writeFaultMapJSON,
	"llvm": writeFaultMapLLVM,
	"text": writeFaultMapText,
}

// runDumpFaultMap is dump --faultmap: each FILE's fault maps in format.
func runDumpFaultMap(files []string, format string, pretty bool, input *inputFlags, stdout, stderr io.Writer) int {
	write, ok := faultMapFormats[format]
	if !ok {
		say(stderr, "stackmaps dump: unknown format \"%s\" (known: json, llvm, text)\n", format)
		return exitUsage
	}
	if len(files) == 0 {
		say(stderr, "stackmaps dump: no FILE given (see stackmaps dump --help)\n")
		return exitUsage
	}
	status := exitOK
	for _, name := range files {
		in, err := loadFaultMapInput(name, *input.raw, input.order())
		if err != nil {
			say(stderr, "stackmaps dump: %v\n", err)
			status = exitFail
			continue
		}
		if err := write(stdout, in, pretty); err != nil {
			say(stderr, "stackmaps dump: %s: %v\n", name, err)
			status = exitFail
		}
		in.Close()
	}
	return status
}

// loadFaultMapInput locates and decodes one file's fault map sections
// ("-": standard input). With raw set the file is one bare section, in
// order (little-endian when nil: LLVM writes fault maps for x86_64 and
// AArch64).
func loadFaultMapInput(name string, raw bool, order binary.ByteOrder) (*faultMapInput, error) {
	in := &faultMapInput{File: name}
	var data []byte
	if name == "-" || raw {
		var err error
		if name == "-" {
			data, err = io.ReadAll(stdin)
		} else {
			data, err = os.ReadFile(name)
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
	}
	if raw {
		if order == nil {
			order = binary.LittleEndian
		}
		sd := stackmap.NewSectionData(stackmap.SectionData{Format: stackmap.FormatRaw, ByteOrder: order, Name: "(raw)", Data: data}, stackmap.Relocations{}, nil)
		in.Sections = []*stackmap.SectionData{sd}
	} else {
		var (
			obj *objfile.File
			err error
		)
		opts := objfile.Options{AllowNoSection: true}
		if name == "-" {
			obj, err = objfile.NewFileOptions(bytes.NewReader(data), opts)
		} else {
			obj, err = objfile.OpenOptions(name, opts)
		}
		if err != nil {
			return nil, err
		}
		in.Obj = obj
		if in.Sections, err = obj.FaultMaps(); err != nil {
			obj.Close()
			return nil, fmt.Errorf("%s: %w", name, err)
		}
	}
	for _, sd := range in.Sections {
		s, err := faultmap.NewSection(sd)
		if err != nil {
			in.Close()
			return nil, fmt.Errorf("%s: section %s: %w", name, sd.Name, err)
		}
		in.Parsed = append(in.Parsed, s)
	}
	return in, nil
}

// writeFaultMapText prints the fault maps for people: per table its
// functions, per function its faults with absolute and relative pcs.
//
//	Table 0 at section offset 0x0 (132 bytes): version 1, 4 functions, 5 faults
//	  Function #3 two_checks at 0x40 (.text), 2 faults
//	    FaultingLoad at 0x42 (+0x2), resume at 0x4b (+0xb)
func writeFaultMapText(w io.Writer, in *faultMapInput, _ bool) error {
	bw := textout.NewBuffer(w)
	bw.WriteString(textout.Escape(in.File))
	bw.WriteString(": ")
	for i, sd := range in.Sections {
		if i > 0 {
			bw.WriteString("; ")
		}
		if sd.Slice != "" {
			bw.WriteString("slice " + sd.Slice + ": ")
		}
		fmt.Fprintf(bw, "%s %s, section %s, %d bytes, %s", sd.Format, sd.Arch, sd.Name, len(sd.Data), textout.Plural(in.Parsed[i].NumTables(), "fault map table"))
	}
	bw.WriteByte('\n')
	for i, s := range in.Parsed {
		for t := range s.NumTables() {
			tb := s.Table(t)
			faults := 0
			for j := range tb.NumFunctions() {
				faults += tb.Function(j).NumFaults()
			}
			bw.WriteByte('\n')
			if sl := in.Sections[i].Slice; sl != "" {
				bw.WriteString("[" + sl + "] ")
			}
			fmt.Fprintf(bw, "Table %d at section offset %#x (%d bytes): version %d, %s, %s\n",
				t, tb.Offset(), tb.Size(), tb.Version(), textout.Plural(tb.NumFunctions(), "function"), textout.Plural(faults, "fault"))
			for j := range tb.NumFunctions() {
				writeFaultMapFunction(bw, tb.Function(j), j)
			}
		}
		bw.FlushIfFull()
	}
	return bw.Flush()
}

func writeFaultMapFunction(w *textout.Buffer, fn faultmap.Function, j int) {
	w.WriteString("  Function #")
	w.Int(int64(j))
	if name := fn.Name(); name != "" {
		w.WriteByte(' ')
		w.WriteString(textout.Escape(name))
		if addend := fn.Addend(); addend != 0 {
			w.SignedHex(addend)
		}
	}
	w.WriteString(" at ")
	w.Hex(fn.Address())
	if cs := fn.CodeSection(); cs.Name != "" {
		w.WriteString(" (" + textout.Escape(cs.Name) + ")")
	}
	w.WriteString(", ")
	w.Plural(fn.NumFaults(), "fault")
	w.WriteByte('\n')
	for k := range fn.NumFaults() {
		ft := fn.Fault(k)
		w.WriteString("    ")
		w.WriteString(ft.Kind.String())
		w.WriteString(" at ")
		w.Hex(fn.Address() + uint64(ft.FaultingPCOffset))
		w.WriteString(" (+")
		w.Hex(uint64(ft.FaultingPCOffset))
		w.WriteString("), resume at ")
		w.Hex(fn.Address() + uint64(ft.HandlerPCOffset))
		w.WriteString(" (+")
		w.Hex(uint64(ft.HandlerPCOffset))
		w.WriteString(")\n")
	}
}
