package main

import (
	"debug/macho"
	"errors"
	"fmt"
	"io"

	"github.com/stackmaps/stackmaps/cfi"
	"github.com/stackmaps/stackmaps/compactunwind"
	"github.com/stackmaps/stackmaps/elfsection"
	"github.com/stackmaps/stackmaps/machosection"
	"github.com/stackmaps/stackmaps/regs"
	"github.com/stackmaps/stackmaps/stackmap"
)

// unwindSource is the call frame information of one stack map section's
// file (one Mach-O slice): what dump --unwind reads each record's row
// from. A file without CFI has no tables, and every record's unwind is
// null.
type unwindSource struct {
	tables []frameTable // .eh_frame first
	u      cfi.Unwinder
	err    error // the first malformed-CFI error met, reported after the file

	// Mach-O: compact unwind, used where no FDE covers a record (see
	// compactRow), the __eh_frame its DWARF-mode entries point into, and
	// the function code that x86_64 STACK_IND entries read their stack
	// size from.
	arch    regs.Arch
	compact machosection.CompactUnwind
	eh      *cfi.Section
	code    *codeReader
}

// frameTable is one call frame section and how its FDEs are found: its
// .eh_frame_hdr table, or an index built when it is opened
// (cfi.Section.NewFinder), since a linear scan per record would make
// --unwind quadratic in the number of functions.
type frameTable struct {
	name string // ".eh_frame", "__eh_frame" or ".debug_frame"
	find cfi.Finder
}

// unwindRow is a record's row: the rules at pc, from the FDE at fdeOffset
// of section, or (row nil) the rule of a compact unwind entry.
type unwindRow struct {
	row       *cfi.Row // points into the source's Unwinder: valid until the next lookup
	pc        uint64   // the address looked up (see rowFor)
	section   string
	fdeOffset uint64

	// hasEncoding: the row comes from compact unwind (section
	// "__unwind_info" or "__compact_unwind" with rule, or "__eh_frame"
	// with row for a DWARF-mode entry).
	hasEncoding bool
	encoding    compactunwind.Encoding
	rule        compactunwind.Rule
}

// openUnwind reads the call frame information of every section of in:
// ELF .eh_frame and .debug_frame (relocated in objects, as stack map
// function addresses are: elfsection.OpenFramesRelocated) and Mach-O
// __TEXT,__eh_frame (each slice of a universal file). COFF, PE and raw
// sections have no CFI support: an error.
func openUnwind(in *dumpInput) ([]*unwindSource, error) {
	out := make([]*unwindSource, len(in.Sections))
	for i, sd := range in.Sections {
		src := &unwindSource{}
		switch sd.Format {
		case stackmap.FormatELF:
			fs, err := elfsection.OpenFramesRelocated(in.File)
			if err != nil {
				return nil, err
			}
			if err := src.set(".eh_frame", fs.EHFrame, fs.DebugFrame); err != nil {
				return nil, err
			}
		case stackmap.FormatMachO:
			c, cu, err := machoFrames(in.File, sd)
			if err != nil {
				return nil, err
			}
			if err := src.set("__eh_frame", c, cfi.Config{}); err != nil {
				return nil, err
			}
			src.arch, src.compact, src.code = sd.Arch, cu, &codeReader{name: in.File, slice: sd.Slice}
		default:
			return nil, fmt.Errorf("--unwind: %s files have no call frame information support (only ELF and Mach-O)", sd.Format)
		}
		out[i] = src
	}
	return out, nil
}

// set builds the tables of the sections whose bytes the configs hold.
// A section whose FDEs do not all decode has no index and is scanned per
// record: the records it covers before its first malformed entry are
// found, and the error is reported for the first record that meets it.
func (s *unwindSource) set(ehName string, eh, debug cfi.Config) error {
	for _, c := range [2]struct {
		name string
		cfg  cfi.Config
	}{{ehName, eh}, {".debug_frame", debug}} {
		if c.cfg.Data == nil {
			continue
		}
		sec, err := cfi.New(c.cfg)
		if err != nil {
			return fmt.Errorf("%s: %w", c.name, err)
		}
		if c.name == "__eh_frame" {
			s.eh = sec
		}
		fd, err := sec.NewFinder()
		if err != nil {
			fd = sec
		}
		s.tables = append(s.tables, frameTable{c.name, fd})
	}
	return nil
}

// machoFrames reads __eh_frame and the compact unwind information of a
// thin Mach-O file, or of the slice of a universal file that sd was read
// from.
func machoFrames(name string, sd *stackmap.SectionData) (cfi.Config, machosection.CompactUnwind, error) {
	// Errors name the slice, not the file: dump puts the file's name
	// before every error of it.
	var (
		f      *macho.File
		closer io.Closer
		where  string
		err    error
	)
	if sd.Slice == "" {
		f, err = macho.Open(name)
		closer = f
	} else {
		f, closer, err = openSlice(name, sd.Slice)
		where = "slice " + sd.Slice + ": "
	}
	if err != nil {
		return cfi.Config{}, machosection.CompactUnwind{}, err
	}
	defer closer.Close()
	c, err := machosection.FramesFromFile(f)
	if err != nil {
		return c, machosection.CompactUnwind{}, fmt.Errorf("%s%w", where, err)
	}
	cu, err := machosection.CompactUnwindFromFile(f)
	if err != nil {
		return c, cu, fmt.Errorf("%s%w", where, err)
	}
	return c, cu, nil
}

// openSlice opens the slice of a universal Mach-O file named as
// machosection names slices (regs.Arch.String()).
func openSlice(name, slice string) (*macho.File, io.Closer, error) {
	ff, err := macho.OpenFat(name)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", name, err)
	}
	for _, a := range ff.Arches {
		if regs.ArchFromMachO(a.Cpu).String() == slice {
			return a.File, ff, nil
		}
	}
	ff.Close()
	return nil, nil, fmt.Errorf("%s: no slice %s", name, slice)
}

// rowFor returns the unwind row of a record, and false when no FDE of
// the file covers it (or its CFI is malformed: s.err says so). Mach-O
// records no FDE covers get the row of their compact unwind entry.
//
// Which address: a statepoint record's address is the return address of
// its call, and the row looked up is the one at address-1, the call
// instruction, as unwinders do for a return address (libgcc, libunwind):
// while the callee runs, the caller is inside its call, and a call that
// ends its function (to a noreturn callee) has its return address at the
// next function, outside its FDE. Since a call changes no rule of its own
// frame, the row at the return address is otherwise the same one (on the
// checked-in objects it always is; the test says how many records end
// their function). A stackmap or patchpoint record's address is the start
// of its instruction sequence, not yet executed: the row at the address
// itself, which already holds the effect of the prologue instruction just
// before it (at address-1, a register pushed by that instruction would not
// be saved yet).
func (s *unwindSource) rowFor(rv recordView) (unwindRow, bool) {
	if !rv.HasAddress() {
		return unwindRow{}, false
	}
	pc := rv.Address
	if _, ok := rv.R.AsStatepoint(); ok && pc > 0 {
		pc--
	}
	for _, ft := range s.tables {
		row, err := ft.find.RowAt(pc, &s.u)
		if errors.Is(err, cfi.ErrNotFound) {
			continue
		}
		if err != nil {
			if s.err == nil {
				s.err = fmt.Errorf("--unwind: record at %#x: %s: %w", rv.Address, ft.name, err)
			}
			return unwindRow{}, false
		}
		return unwindRow{row: row, pc: pc, section: ft.name, fdeOffset: s.u.FDE().Offset}, true
	}
	return s.compactRow(rv, pc)
}
