package main

import (
	"io"

	"github.com/stackmaps/stackmaps/faultmap"
	"github.com/stackmaps/stackmaps/internal/textout"
)

// writeFaultMapJSON writes one JSON document per file (one a line, or
// indented with --pretty), in the shape of dump's stack map document:
//
//	{"file", "format", "arch", "tables": [{"slice", "section",
//	  "section_offset", "version", "functions": [{"index" (in the table),
//	  "symbol", "addend", "code_section"?, "address", "address_hex",
//	  "stored_address", "faults": [{"kind", "kind_name", "section_offset",
//	  "faulting_pc_offset", "faulting_pc", "faulting_pc_hex",
//	  "handler_pc_offset", "handler_pc", "handler_pc_hex"}]}]}]}
//
// "arch" is "universal" for a Mach-O universal file, whose tables then say
// their slice; "slice" is null otherwise and "symbol" null when the file
// names no symbol. Numbers are JSON numbers (exact: integers), with _hex
// strings beside the addresses.
func writeFaultMapJSON(w io.Writer, in *faultMapInput, pretty bool) error {
	bw := textout.NewBuffer(w)
	j := &textout.JSON{W: bw, Pretty: pretty}
	j.OpenObject()
	j.Name("file", in.File)
	format, arch := "", ""
	if len(in.Sections) > 0 {
		format, arch = string(in.Sections[0].Format), in.Sections[0].Arch.String()
	}
	if len(in.Sections) > 1 {
		arch = "universal"
	}
	j.Key("format")
	j.String(format)
	j.Key("arch")
	j.String(arch)
	j.Key("tables")
	j.OpenArray()
	for i, s := range in.Parsed {
		sd := in.Sections[i]
		for t := range s.NumTables() {
			tb := s.Table(t)
			j.Elem()
			j.OpenObject()
			j.NameOrNull("slice", sd.Slice, sd.Slice != "")
			j.Name("section", sd.Name)
			j.Key("section_offset")
			j.Int(int64(tb.Offset()))
			j.Key("version")
			j.Int(int64(tb.Version()))
			j.Key("functions")
			j.OpenArray()
			for f := range tb.NumFunctions() {
				j.Elem()
				writeFaultMapJSONFunction(j, tb.Function(f), f)
			}
			j.CloseArray()
			j.CloseObject()
		}
	}
	j.CloseArray()
	j.CloseObject()
	bw.WriteByte('\n')
	return bw.Flush()
}

func writeFaultMapJSONFunction(j *textout.JSON, fn faultmap.Function, index int) {
	j.OpenObject()
	j.Key("index")
	j.Int(int64(index))
	j.NameOrNull("symbol", fn.Symbol(), fn.Symbol() != "")
	j.Key("addend")
	j.Int(fn.Addend())
	if cs := fn.CodeSection(); cs.Known() {
		j.Key("code_section")
		j.OpenObject()
		j.Key("index")
		j.Int(int64(cs.Index))
		j.Name("name", cs.Name)
		j.CloseObject()
	}
	j.Key("address")
	j.Uint(fn.Address())
	j.Key("address_hex")
	j.Hex(fn.Address())
	j.Key("stored_address")
	j.Uint(fn.StoredAddress())
	j.Key("faults")
	j.OpenArray()
	for k := range fn.NumFaults() {
		ft := fn.Fault(k)
		j.Elem()
		j.OpenObject()
		j.Key("kind")
		j.Uint(uint64(ft.Kind))
		j.Key("kind_name")
		j.String(ft.Kind.String())
		j.Key("section_offset")
		j.Int(int64(ft.Offset))
		j.Key("faulting_pc_offset")
		j.Uint(uint64(ft.FaultingPCOffset))
		j.Key("faulting_pc")
		j.Uint(fn.Address() + uint64(ft.FaultingPCOffset))
		j.Key("faulting_pc_hex")
		j.Hex(fn.Address() + uint64(ft.FaultingPCOffset))
		j.Key("handler_pc_offset")
		j.Uint(uint64(ft.HandlerPCOffset))
		j.Key("handler_pc")
		j.Uint(fn.Address() + uint64(ft.HandlerPCOffset))
		j.Key("handler_pc_hex")
		j.Hex(fn.Address() + uint64(ft.HandlerPCOffset))
		j.CloseObject()
	}
	j.CloseArray()
	j.CloseObject()
}
