package main

import (
	"errors"
	"fmt"

	"github.com/stackmaps/stackmaps/stackmap"
	"github.com/stackmaps/stackmaps/unwind"
)

// unwindSource is the unwind table of one stack map section's file (one
// Mach-O slice): what dump --unwind reads each record's row from.
type unwindSource struct {
	table  *unwind.Table
	ctx    unwind.Context
	format stackmap.Format // names the tables' sections (unwind.Kind.SectionName)
	err    error           // the first malformed-table error met, reported after the file
}

// unwindRow is a record's row (valid until the next lookup) and the name
// of the section it came from.
type unwindRow struct {
	*unwind.Row
	section string
}

// openUnwind reads the unwind tables of every section of in
// (objfile.File.Unwind: ELF .eh_frame and .debug_frame, Mach-O __eh_frame,
// __unwind_info and __compact_unwind, relocated in objects as stack map
// function addresses are; x64 COFF and PE .pdata). Raw sections have no
// unwind support: objfile.File.Unwind refuses them.
func openUnwind(in *dumpInput) ([]*unwindSource, error) {
	out := make([]*unwindSource, len(in.Sections))
	for i, sd := range in.Sections {
		img := in.image(sd)
		if img == nil {
			return nil, fmt.Errorf("no file to read unwind tables from")
		}
		t, err := img.Unwind()
		if err != nil {
			if sd.Slice != "" {
				err = fmt.Errorf("slice %s: %w", sd.Slice, err)
			}
			return nil, err
		}
		out[i] = &unwindSource{table: t, format: sd.Format}
		if err := t.HdrErr(); err != nil {
			// The rows still come (through an index of the FDEs), but a
			// runtime's unwinder searching the table would miss them.
			out[i].err = fmt.Errorf(".eh_frame_hdr not used, its FDEs were indexed instead: %w", err)
		}
	}
	return out, nil
}

// rowFor returns the unwind row of a record (unwind.Table.RowForRecord:
// a statepoint's at its call, other records' at their address, in the
// record's own code section), and false when no table of the file covers
// it (or its table is malformed: s.err says so).
func (s *unwindSource) rowFor(rv recordView) (unwindRow, bool) {
	if !rv.HasAddress() {
		return unwindRow{}, false
	}
	r, err := s.table.RowForRecord(rv.R, &s.ctx)
	if err != nil {
		if !errors.Is(err, unwind.ErrNotFound) && s.err == nil {
			var ue *unwind.Error
			if errors.As(err, &ue) {
				err = ue.Err
				if ue.What != "" {
					err = fmt.Errorf("%s: %w", ue.What, ue.Err)
				}
				err = fmt.Errorf("%s: %w", ue.Table.SectionName(s.format), err)
			}
			s.err = fmt.Errorf("record at %#x: %w", rv.Address, err)
		}
		return unwindRow{}, false
	}
	return unwindRow{Row: r, section: r.RulesFrom().SectionName(s.format)}, true
}
