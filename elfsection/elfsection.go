// Package elfsection finds the LLVM stack map section (.llvm_stackmaps) in
// ELF files, using debug/elf, together with what the file says about it:
// the relocations that fill its function addresses (static ones in
// relocatable objects, dynamic ones in PIE executables and shared
// libraries), the function symbols that name them and, on PowerPC64 ELFv1,
// the function descriptors in .opd. See stackmap.SectionData.
package elfsection

import (
	"debug/elf"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/stackmaps/stackmaps/internal/mapfile"
	"github.com/stackmaps/stackmaps/regs"
	"github.com/stackmaps/stackmaps/stackmap"
)

// SectionName is the name of the stack map section in ELF files.
const SectionName = ".llvm_stackmaps"

// ErrNoSection is returned (wrapped) when a file has no stack map section.
var ErrNoSection = errors.New("no " + SectionName + " section")

// Open finds the stack map section in the named ELF file. It reads only
// the headers, the section itself (memory-mapped where the platform
// allows: call Close on the result to release it) and the small tables
// that describe it (relocations, symbols, .opd).
//
// A mapping reflects the file: if another process truncates or rewrites the
// file while it is mapped, reading Data can fault (SIGBUS), which Go cannot
// recover from. For files that may change underneath you, use Read, which
// copies the section.
func Open(name string) (*stackmap.SectionData, error) {
	osf, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer osf.Close()
	f, err := elf.NewFile(osf)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	sd, err := fromFile(f, func(s *elf.Section) ([]byte, func() error, error) {
		if s.Flags&elf.SHF_COMPRESSED != 0 {
			data, err := s.Data()
			return data, nil, err
		}
		return mapfile.Section(osf, int64(s.Offset), int64(s.Size))
	})
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return sd, nil
}

// Read finds the stack map section in the ELF file read through r. The
// section's bytes are read into memory.
func Read(r io.ReaderAt) (*stackmap.SectionData, error) {
	f, err := elf.NewFile(r)
	if err != nil {
		return nil, err
	}
	return fromFile(f, readSection)
}

// FromFile finds the stack map section in an ELF file already opened with
// debug/elf. The section's bytes are read into memory.
func FromFile(f *elf.File) (*stackmap.SectionData, error) { return fromFile(f, readSection) }

// loader gets a section's bytes, and what releases them (nil if nothing).
type loader func(*elf.Section) ([]byte, func() error, error)

func readSection(s *elf.Section) ([]byte, func() error, error) {
	data, err := s.Data()
	return data, nil, err
}

func fromFile(f *elf.File, load loader) (*stackmap.SectionData, error) {
	index := -1
	for i, s := range f.Sections {
		if s.Name == SectionName {
			index = i
			break
		}
	}
	if index < 0 {
		return nil, fmt.Errorf("%w (was it linked with --gc-sections? keep the section with a linker script KEEP(*(.llvm_stackmaps)) or by referencing __LLVM_StackMaps)", ErrNoSection)
	}
	s := f.Sections[index]
	if s.Type == elf.SHT_NOBITS {
		return nil, fmt.Errorf("%s has no bytes in the file (SHT_NOBITS)", SectionName)
	}
	data, release, err := load(s)
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", SectionName, err)
	}
	sd := &stackmap.SectionData{
		Format:    "elf",
		Arch:      regs.ArchFromELF(f.Machine, f.Class, f.Data),
		ByteOrder: f.ByteOrder,
		Name:      SectionName,
		Addr:      s.Addr,
		Offset:    int64(s.Offset),
		Data:      data,
	}
	if release != nil {
		sd.SetRelease(release)
	}
	if err := relocate(f, sd, index); err != nil {
		sd.Close()
		return nil, err
	}
	return sd, nil
}

// relocate fills in sd's Fixups, Symbols and Entries.
func relocate(f *elf.File, sd *stackmap.SectionData, index int) error {
	object := f.Type == elf.ET_REL
	addr := func(s *elf.Section) uint64 {
		if object {
			return 0 // r_offset and symbol values are section offsets
		}
		return s.Addr
	}
	sm := newTarget(f, index, addr(f.Sections[index]), sd.Data, true)
	var opd *target
	opdIndex := opdSection(f)
	if opdIndex != 0 {
		s := f.Sections[opdIndex]
		data, err := s.Data()
		if err != nil {
			return fmt.Errorf("reading .opd: %w", err)
		}
		opd = newTarget(f, opdIndex, addr(s), data, false)
	}
	for _, rs := range f.Sections {
		if rs.Type != elf.SHT_RELA && rs.Type != elf.SHT_REL {
			continue
		}
		var targets []*target
		switch {
		case object && int(rs.Info) == index:
			targets = []*target{sm}
		case object && opd != nil && int(rs.Info) == opdIndex:
			targets = []*target{opd}
		case !object && rs.Flags&elf.SHF_ALLOC != 0:
			// Dynamic relocations (.rela.dyn): r_offset is an address.
			// Non-allocated relocation sections in linked files
			// (--emit-relocs) describe values already in place.
			targets = []*target{sm, opd}
		default:
			continue
		}
		relocs, err := readRelocs(f, rs)
		if err != nil {
			return err
		}
		if err := applyAll(relocs, object, targets...); err != nil {
			return err
		}
	}
	sd.Fixups = sm.fixups()
	syms, inOPD, err := functionSymbols(f, elf.SectionIndex(opdIndex))
	if err != nil {
		return err
	}
	sd.Symbols = syms
	if opd != nil {
		sd.Entries = opd.entries(inOPD)
	}
	return nil
}
