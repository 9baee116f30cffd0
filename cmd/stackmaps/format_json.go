package main

import (
	"encoding/json"
	"io"
	"strconv"

	"github.com/stackmaps/stackmaps/stackmap"
)

func init() { formats["json"] = writeJSON }

// The JSON document: one per file. Integers are written exactly (uint64
// fields, json.Number for constant values), so IDs and constants up to
// 2^64-1 survive. See jsonHelp for the documentation of every field.
type jsonFile struct {
	File   string      `json:"file"`
	Format string      `json:"format"`
	Arch   string      `json:"arch"`
	Tables []jsonTable `json:"tables"`
}

type jsonTable struct {
	Slice         *string        `json:"slice"`
	Section       string         `json:"section"`
	SectionOffset int            `json:"section_offset"`
	Version       int            `json:"version"`
	Functions     []jsonFunction `json:"functions"`
	Constants     []uint64       `json:"constants"`
	Records       []jsonRecord   `json:"records"`
}

type jsonFunction struct {
	Index        int     `json:"index"`
	Address      uint64  `json:"address"`
	Entry        uint64  `json:"entry"`
	Symbol       *string `json:"symbol"`
	Addend       int64   `json:"addend"`
	StackSize    uint64  `json:"stack_size"`
	DynamicStack bool    `json:"dynamic_stack"`
	RecordCount  *uint64 `json:"record_count"`
}

type jsonRecord struct {
	ID                uint64         `json:"id"`
	Function          *int           `json:"function"`
	InstructionOffset uint32         `json:"instruction_offset"`
	Address           *uint64        `json:"address"`
	Flags             uint16         `json:"flags"`
	Locations         []jsonLocation `json:"locations"`
	LiveOuts          []jsonLiveOut  `json:"live_outs"`
}

type jsonLocation struct {
	Kind     string  `json:"kind"`
	Size     uint16  `json:"size"`
	DwarfReg uint16  `json:"dwarf_reg"`
	Reg      *string `json:"reg"`
	Offset   int32   `json:"offset"`
	Value    any     `json:"value"` // nil or json.Number
}

type jsonLiveOut struct {
	DwarfReg uint16  `json:"dwarf_reg"`
	Reg      *string `json:"reg"`
	Size     uint8   `json:"size"`
}

// writeJSON writes one JSON document for the file, indented, followed by
// a newline.
func writeJSON(w io.Writer, in *dumpInput, opts *dumpOptions) error {
	doc := buildJSON(in, opts)
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(doc)
}

func buildJSON(in *dumpInput, opts *dumpOptions) *jsonFile {
	doc := &jsonFile{File: in.File, Tables: []jsonTable{}}
	if len(in.Sections) > 0 {
		doc.Format = string(in.Sections[0].Format)
		doc.Arch = in.Sections[0].Arch.String()
	}
	if len(in.Sections) > 1 {
		doc.Arch = "universal"
	}
	views := opts.filter.apply(buildViews(in))
	for i := range views {
		doc.Tables = append(doc.Tables, jsonTableOf(&views[i], opts.filter))
	}
	return doc
}

func jsonTableOf(tv *tableView, filter *dumpFilter) jsonTable {
	t := tv.Table
	jt := jsonTable{
		Section:       tv.SD.Name,
		SectionOffset: t.Offset(),
		Version:       int(t.Version()),
		Functions:     []jsonFunction{},
		Constants:     []uint64{},
		Records:       []jsonRecord{},
	}
	if tv.SD.Slice != "" {
		s := tv.SD.Slice
		jt.Slice = &s
	}
	for i, fv := range tv.Funcs {
		if filter.active() && !filter.keepFunc(tv, i) {
			continue
		}
		jf := jsonFunction{
			Index:        i,
			Address:      fv.F.Address,
			Entry:        fv.F.Entry,
			Addend:       fv.F.Addend,
			StackSize:    fv.F.StackSize,
			DynamicStack: fv.F.DynamicStack(),
		}
		if fv.F.Symbol != "" {
			s := fv.F.Symbol
			jf.Symbol = &s
		}
		if fv.F.HasRecordCount {
			n := fv.F.RecordCount
			jf.RecordCount = &n
		}
		jt.Functions = append(jt.Functions, jf)
	}
	for i := 0; i < t.NumConstants(); i++ {
		c, _ := t.Constant(i)
		jt.Constants = append(jt.Constants, c)
	}
	for _, rv := range tv.Records {
		jt.Records = append(jt.Records, jsonRecordOf(tv, rv))
	}
	return jt
}

func jsonRecordOf(tv *tableView, rv recordView) jsonRecord {
	r := rv.R
	jr := jsonRecord{
		ID:                r.ID(),
		InstructionOffset: rv.InstOffset,
		Flags:             r.Flags(),
		Locations:         []jsonLocation{},
		LiveOuts:          []jsonLiveOut{},
	}
	if rv.HasAddress() {
		fn, addr := rv.Func, rv.Address
		jr.Function, jr.Address = &fn, &addr
	}
	arch := tv.SD.Arch
	for _, l := range r.Locations() {
		jl := jsonLocation{Kind: l.Kind.String(), Size: l.Size, DwarfReg: l.Reg, Offset: l.Offset}
		if l.InRegister() {
			if n, ok := regName(arch, l.Reg); ok {
				jl.Reg = &n
			}
		}
		switch l.Kind {
		case stackmap.Constant:
			jl.Value = json.Number(strconv.FormatInt(l.SmallConstant(), 10))
		case stackmap.ConstantIndex:
			if v, ok := r.ConstantValue(l); ok {
				jl.Value = json.Number(strconv.FormatUint(v, 10))
			}
		}
		jr.Locations = append(jr.Locations, jl)
	}
	for _, lo := range r.LiveOuts() {
		jlo := jsonLiveOut{DwarfReg: lo.Reg, Size: lo.Size}
		if n, ok := regName(arch, lo.Reg); ok {
			jlo.Reg = &n
		}
		jr.LiveOuts = append(jr.LiveOuts, jlo)
	}
	return jr
}
