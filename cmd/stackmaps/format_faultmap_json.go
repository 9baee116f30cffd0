package main

import (
	"io"

	"github.com/stackmaps/stackmaps/faultmap"
	"github.com/stackmaps/stackmaps/internal/textout"
)

// writeFaultMapJSON writes one JSON document per file (one a line, or
// indented with --pretty):
//
//	{"file": ..., "sections": [{"format", "arch", "section", "slice"?,
//	  "tables": [{"section_offset", "version", "functions": [{"index" (in the table),
//	  "symbol"?, "addend"?, "code_section"?, "address", "address_hex",
//	  "stored_address", "faults": [{"kind", "kind_name", "section_offset",
//	  "faulting_pc_offset", "faulting_pc", "faulting_pc_hex",
//	  "handler_pc_offset", "handler_pc", "handler_pc_hex"}]}]}]}]}
//
// Numbers are JSON numbers (exact: integers), with _hex strings beside
// the addresses.
func writeFaultMapJSON(w io.Writer, in *faultMapInput, pretty bool) error {
	bw := textout.NewBuffer(w)
	j := &textout.JSON{W: bw, Pretty: pretty}
	j.OpenObject()
	j.Name("file", in.File)
	j.Key("sections")
	j.OpenArray()
	for i, s := range in.Parsed {
		sd := in.Sections[i]
		j.Elem()
		j.OpenObject()
		j.Key("format")
		j.String(string(sd.Format))
		j.Key("arch")
		j.String(sd.Arch.String())
		j.Name("section", sd.Name)
		if sd.Slice != "" {
			j.Name("slice", sd.Slice)
		}
		j.Key("tables")
		j.OpenArray()
		for t := range s.NumTables() {
			tb := s.Table(t)
			j.Elem()
			j.OpenObject()
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
		j.CloseArray()
		j.CloseObject()
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
	if name, addend := fn.Symbol(); name != "" {
		j.Name("symbol", name)
		j.Key("addend")
		j.Int(addend)
	}
	if idx, sec := fn.CodeSection(); idx != 0 {
		j.Key("code_section")
		j.OpenObject()
		j.Key("index")
		j.Int(int64(idx))
		j.Name("name", sec)
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
