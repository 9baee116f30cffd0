package main

import (
	"io"

	"github.com/stackmaps/stackmaps/internal/textout"
	"github.com/stackmaps/stackmaps/stackmap"
)

// statsJSONFile is the JSON Lines document stats --format=json writes for
// one file.
type statsJSONFile struct {
	File    string           `json:"file"`
	FileHex *string          `json:"file_hex,omitempty"` // file's bytes when not UTF-8
	Format  string           `json:"format"`
	Arch    string           `json:"arch"`
	Tables  []statsJSONTable `json:"tables"`
	Total   *statsJSONTotal  `json:"total"`
}

// statsJSONTable is one table's stats and where the table is.
type statsJSONTable struct {
	Slice     *string `json:"slice"`
	Index     int     `json:"index"`
	Offset    int     `json:"section_offset"`
	OffsetHex string  `json:"section_offset_hex"`
	Version   int     `json:"version"`
	statsJSONCounts
}

// statsJSONTotal is the sum over a file's tables.
type statsJSONTotal struct {
	Tables int `json:"tables"`
	statsJSONCounts
}

// statsJSONCounts are the counts and sizes of tableStats.
type statsJSONCounts struct {
	Bytes         int            `json:"bytes"`
	HeaderBytes   int            `json:"header_bytes"`
	FunctionBytes int            `json:"function_bytes"`
	ConstantBytes int            `json:"constant_bytes"`
	RecordBytes   int            `json:"record_bytes"`
	Functions     int            `json:"functions"`
	DynamicStack  int            `json:"dynamic_stack"`
	Records       int            `json:"records"`
	MaxLocations  int            `json:"max_locations"`
	Locations     int            `json:"locations"`
	ByKind        map[string]int `json:"locations_by_kind"`
	LiveOuts      int            `json:"live_outs"`
	Constants     int            `json:"constants"`
}

func (s *tableStats) json() statsJSONCounts {
	c := statsJSONCounts{Bytes: s.bytes, HeaderBytes: s.headerBytes, FunctionBytes: s.functionBytes,
		ConstantBytes: s.constantBytes, RecordBytes: s.recordBytes, Functions: s.functions, DynamicStack: s.dynamic,
		Records: s.records, MaxLocations: s.maxLocations, Locations: s.locations, LiveOuts: s.liveOuts,
		Constants: s.constants, ByKind: map[string]int{}}
	for k := stackmap.Register; k <= stackmap.ConstantIndex; k++ {
		c.ByKind[k.String()] = s.byKind[k]
	}
	if s.byKind[0] != 0 {
		c.ByKind["invalid"] = s.byKind[0]
	}
	return c
}

// writeStatsJSON writes the stats of every table of a file and their
// total: one line, or indented when pretty.
func writeStatsJSON(w io.Writer, in *dumpInput, filter *dumpFilter, pretty bool) {
	doc := statsJSONFile{File: in.File, FileHex: textout.HexIfNotUTF8(in.File), Tables: []statsJSONTable{}}
	doc.Format, doc.Arch = inputKind(in)
	var total tableStats
	forEachTable(in, func(tv *tableView) {
		t := tv.Table
		s := statsOfSelected(tv, filter)
		total.add(s)
		jt := statsJSONTable{Index: t.Index(), Offset: t.Offset(), OffsetHex: textout.HexString(uint64(t.Offset())),
			Version: int(t.Version()), statsJSONCounts: s.json()}
		if sl := tv.SD.Slice; sl != "" {
			jt.Slice = &sl
		}
		doc.Tables = append(doc.Tables, jt)
	})
	doc.Total = &statsJSONTotal{Tables: total.tables, statsJSONCounts: total.json()}
	writeJSONDoc(w, doc, pretty)
}
