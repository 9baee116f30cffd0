package main

import (
	"debug/macho"
	"errors"
	"fmt"

	"github.com/stackmaps/stackmaps/cfi"
	"github.com/stackmaps/stackmaps/elfsection"
	"github.com/stackmaps/stackmaps/machosection"
	"github.com/stackmaps/stackmaps/stackmap"
)

// unwindSource is the call frame information of one stack map section's
// file (one Mach-O slice): what dump --unwind reads each record's row
// from. A file without CFI has both sections nil, and every record's
// unwind is null.
type unwindSource struct {
	eh, debug frameSection // .eh_frame first
	ehName    string       // ".eh_frame" or "__eh_frame"
	u         cfi.Unwinder
	err       error // the first malformed-CFI error met, reported after the file
}

// frameSection is one call frame section with, when it has no
// .eh_frame_hdr table (objects, .debug_frame), an index of its FDEs built
// on the first lookup: a linear scan per record would make --unwind
// quadratic in the number of functions.
type frameSection struct {
	sec     *cfi.Section // nil when absent
	idx     *cfi.Index
	indexed bool // idx was tried (nil if building it failed: scan)
}

// find returns the FDE covering pc.
func (fs *frameSection) find(pc uint64) (cfi.FDE, error) {
	if !fs.sec.HasHdr() && !fs.indexed {
		fs.indexed = true
		fs.idx, _ = fs.sec.NewIndex() // on error, FindFDE's scan reports it
	}
	if fs.idx != nil {
		return fs.idx.FindFDE(pc)
	}
	return fs.sec.FindFDE(pc)
}

// unwindRow is a record's row: the rules at pc, from the FDE at fdeOffset
// of section.
type unwindRow struct {
	row       *cfi.Row // points into the source's Unwinder: valid until the next lookup
	pc        uint64   // the address looked up (see rowFor)
	section   string
	fdeOffset uint64
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
			src.ehName = ".eh_frame"
			if err := src.set(fs.EHFrame, fs.DebugFrame); err != nil {
				return nil, err
			}
		case stackmap.FormatMachO:
			c, err := machoFrames(in.File, sd)
			if err != nil {
				return nil, err
			}
			src.ehName = "__eh_frame"
			if err := src.set(c, cfi.Config{}); err != nil {
				return nil, err
			}
		default:
			return nil, fmt.Errorf("--unwind: %s files have no call frame information support (only ELF and Mach-O)", sd.Format)
		}
		out[i] = src
	}
	return out, nil
}

// set builds the sections whose bytes the configs hold.
func (s *unwindSource) set(eh, debug cfi.Config) error {
	var err error
	if eh.Data != nil {
		if s.eh.sec, err = cfi.New(eh); err != nil {
			return fmt.Errorf("%s: %w", s.ehName, err)
		}
	}
	if debug.Data != nil {
		if s.debug.sec, err = cfi.New(debug); err != nil {
			return fmt.Errorf(".debug_frame: %w", err)
		}
	}
	return nil
}

// machoFrames reads __eh_frame of a thin Mach-O file, or of the slice of
// a universal file that sd was read from.
func machoFrames(name string, sd *stackmap.SectionData) (cfi.Config, error) {
	if sd.Slice == "" {
		return machosection.OpenFrames(name)
	}
	ff, err := macho.OpenFat(name)
	if err != nil {
		return cfi.Config{}, fmt.Errorf("%s: %w", name, err)
	}
	defer ff.Close()
	for _, a := range ff.Arches {
		if sliceName(a.Cpu) == sd.Slice {
			return machosection.FramesFromFile(a.File)
		}
	}
	return cfi.Config{}, fmt.Errorf("%s: no slice %s", name, sd.Slice)
}

// sliceName names a universal file's slice as SectionData.Slice does.
func sliceName(c macho.Cpu) string {
	switch c {
	case macho.CpuAmd64:
		return "x86_64"
	case macho.CpuArm64:
		return "aarch64"
	}
	return c.String()
}

// rowFor returns the unwind row of a record, and false when no FDE of
// the file covers it (or its CFI is malformed: s.err says so).
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
	if _, ok := statepointOf(rv); ok && pc > 0 {
		pc--
	}
	for _, fs := range [2]*frameSection{&s.eh, &s.debug} {
		sec := fs.sec
		if sec == nil {
			continue
		}
		f, err := fs.find(pc)
		if errors.Is(err, cfi.ErrNotFound) {
			continue
		}
		if err == nil {
			var row *cfi.Row
			if row, err = sec.FDERow(&f, pc, &s.u); err == nil {
				name := ".debug_frame"
				if fs == &s.eh {
					name = s.ehName
				}
				return unwindRow{row: row, pc: pc, section: name, fdeOffset: f.Offset}, true
			}
		}
		if s.err == nil {
			s.err = fmt.Errorf("--unwind: record at %#x: %s: %w", rv.Address, sec.Kind(), err)
		}
		return unwindRow{}, false
	}
	return unwindRow{}, false
}
