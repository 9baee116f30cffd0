package main

import (
	"io"

	"github.com/stackmaps/stackmaps/internal/textout"
	"github.com/stackmaps/stackmaps/lint"
)

// checkJSONFile is the JSON Lines document check --format=json writes for
// one file.
type checkJSONFile struct {
	File     string             `json:"file"`
	FileHex  *string            `json:"file_hex,omitempty"` // file's bytes when not UTF-8
	Format   string             `json:"format"`
	Arch     string             `json:"arch"`
	OK       bool               `json:"ok"`
	Findings []checkJSONFinding `json:"findings"`
}

// checkJSONFinding is one lint.Finding; IDs and offsets also come as hex
// strings, for readers whose numbers are doubles.
type checkJSONFinding struct {
	Rule         string  `json:"rule"`
	Slice        *string `json:"slice"`
	Table        int     `json:"table"`
	Function     *int    `json:"function"`
	FunctionName *string `json:"function_name"`
	NameHex      *string `json:"function_name_hex,omitempty"` // the name's bytes when not UTF-8
	Record       *int    `json:"record"`
	ID           *uint64 `json:"id"`
	IDHex        *string `json:"id_hex"`
	Location     *int    `json:"location"`
	LiveOut      bool    `json:"live_out"`
	Offset       int     `json:"offset"`
	OffsetHex    string  `json:"offset_hex"`
	Message      string  `json:"message"`
}

// inputKind returns a file's format and architecture as dump's JSON
// names them.
func inputKind(in *dumpInput) (format, arch string) {
	if len(in.Sections) > 0 {
		format = string(in.Sections[0].Format)
		arch = in.Sections[0].Arch.String()
	}
	if len(in.Sections) > 1 {
		arch = "universal"
	}
	return format, arch
}

// writeCheckJSON writes the findings of a file: one line, or indented
// when pretty.
func writeCheckJSON(w io.Writer, in *dumpInput, fs []lint.Finding, pretty bool) {
	doc := checkJSONFile{File: in.File, FileHex: textout.HexIfNotUTF8(in.File), OK: len(fs) == 0, Findings: []checkJSONFinding{}}
	doc.Format, doc.Arch = inputKind(in)
	for _, f := range fs {
		jf := checkJSONFinding{Rule: f.Rule, Table: f.Table, LiveOut: f.LiveOut, Offset: f.Offset,
			OffsetHex: textout.HexString(uint64(f.Offset)), Message: f.Message}
		if f.Slice != "" {
			jf.Slice = &f.Slice
		}
		if f.Function >= 0 {
			jf.Function = &f.Function
			if f.FunctionName != "" {
				jf.FunctionName = &f.FunctionName
				jf.NameHex = textout.HexIfNotUTF8(f.FunctionName)
			}
		}
		if f.Record >= 0 {
			id, h := f.ID, textout.HexString(f.ID)
			jf.Record, jf.ID, jf.IDHex = &f.Record, &id, &h
		}
		if f.Location >= 0 {
			jf.Location = &f.Location
		}
		doc.Findings = append(doc.Findings, jf)
	}
	writeJSONDoc(w, doc, pretty)
}
