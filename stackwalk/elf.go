package stackwalk

import (
	"debug/elf"
	"errors"
	"fmt"

	"github.com/stackmaps/stackmaps/cfi"
	"github.com/stackmaps/stackmaps/elfsection"
	"github.com/stackmaps/stackmaps/objfile"
	"github.com/stackmaps/stackmaps/stackmap"
)

// OpenELF describes the ELF executable or shared library at path, loaded
// with the given bias (runtime address - link-time address; 0 for a
// non-PIE executable): its code range (the executable PT_LOAD segments),
// its .eh_frame (searched through .eh_frame_hdr when there is one, an
// index otherwise), its .debug_frame if any, and its stack maps
// (relocated; nil when it has none). The stack map section stays
// memory-mapped: Close the module when done.
func OpenELF(path string, bias uint64) (*Module, error) {
	// The locator checks every header against the file before debug/elf
	// reads it, and reads the CFI sections.
	frames, err := elfsection.OpenFrames(path)
	if err != nil {
		return nil, err
	}
	ef, err := elf.Open(path)
	if err != nil {
		return nil, err
	}
	defer ef.Close()
	m, err := elfModule(ef, frames, path, bias)
	if err != nil {
		return nil, err
	}
	of, err := objfile.Open(path)
	switch {
	case errors.Is(err, objfile.ErrNoSection):
		return m, nil
	case err != nil:
		return nil, err
	}
	ix, err := stackmapIndex(of.Sections[0], path)
	if err != nil {
		of.Close()
		return nil, err
	}
	m.Stackmaps, m.closer = ix, of
	return m, nil
}

// FromELF is OpenELF for an ELF file already open; the stack map section
// is read into memory (nothing to Close). name names the module in errors.
func FromELF(ef *elf.File, name string, bias uint64) (*Module, error) {
	frames, err := elfsection.FramesFromFile(ef)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	m, err := elfModule(ef, frames, name, bias)
	if err != nil {
		return nil, err
	}
	sd, err := elfsection.FromFile(ef).StackMaps()
	switch {
	case errors.Is(err, stackmap.ErrNoSection):
		return m, nil
	case err != nil:
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if m.Stackmaps, err = stackmapIndex(sd, name); err != nil {
		return nil, err
	}
	return m, nil
}

// stackmapIndex parses a stack map section and indexes it.
func stackmapIndex(sd *stackmap.SectionData, name string) (*stackmap.Index, error) {
	sec, err := sd.Parse()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return stackmap.NewIndex(sec), nil
}

// elfModule fills a Module's architecture, code range and CFI.
func elfModule(ef *elf.File, frames elfsection.FrameSections, name string, bias uint64) (*Module, error) {
	a := elfsection.Arch(ef.Machine, ef.Class, ef.Data)
	if _, err := newABI(a); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	m := &Module{Name: name, Arch: a, Bias: bias}
	lo, hi := ^uint64(0), uint64(0)
	for _, p := range ef.Progs {
		if p.Type == elf.PT_LOAD && p.Flags&elf.PF_X != 0 && p.Memsz > 0 {
			lo, hi = min(lo, p.Vaddr), max(hi, p.Vaddr+p.Memsz)
		}
	}
	if lo >= hi {
		return nil, fmt.Errorf("%s: no executable PT_LOAD segment", name)
	}
	m.Start, m.End = lo+bias, hi+bias
	var err error
	if frames.EHFrame.Data != nil {
		if m.CFI, err = frameTable(frames.EHFrame, name); err != nil {
			return nil, err
		}
	}
	if frames.DebugFrame.Data != nil {
		if m.DebugFrame, err = frameTable(frames.DebugFrame, name); err != nil {
			return nil, err
		}
	}
	if m.CFI == nil {
		m.CFI, m.DebugFrame = m.DebugFrame, nil
	}
	if m.CFI == nil {
		return nil, fmt.Errorf("%s: no .eh_frame or .debug_frame section", name)
	}
	return m, nil
}

// frameTable decodes a CFI section: searched through its .eh_frame_hdr
// when it has a usable one, otherwise through an index built now
// (cfi.Section.NewFinder).
func frameTable(cfg cfi.Config, name string) (FrameTable, error) {
	sec, err := cfi.New(cfg)
	if err != nil {
		return nil, fmt.Errorf("%s: %v: %w", name, cfg.Kind, err)
	}
	fd, err := sec.NewFinder()
	if err != nil {
		return nil, fmt.Errorf("%s: %v: %w", name, cfg.Kind, err)
	}
	return fd, nil
}
