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
	sd, err := read(osf, func(s *elf.Section) ([]byte, func() error, error) {
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
func Read(r io.ReaderAt) (*stackmap.SectionData, error) { return read(r, readSection) }

// FromFile finds the stack map section in an ELF file already opened with
// debug/elf. The section's bytes are read into memory. Errors about the
// section headers give no file offset (-1): debug/elf does not keep it.
func FromFile(f *elf.File) (*stackmap.SectionData, error) {
	return fromFile(f, header{shoff: -1}, readSection)
}

// read checks the file's headers against its size, opens it with
// debug/elf and finds the section.
func read(r io.ReaderAt, load loader) (*stackmap.SectionData, error) {
	h, err := readHeader(r)
	if err != nil {
		return nil, err
	}
	f, err := elf.NewFile(r)
	if err != nil {
		return nil, fileError("ELF header", 0, fmt.Errorf("%w: %v", stackmap.ErrNotObject, err))
	}
	return fromFile(f, h, load)
}

// loader gets a section's bytes, and what releases them (nil if nothing).
type loader func(*elf.Section) ([]byte, func() error, error)

func readSection(s *elf.Section) ([]byte, func() error, error) {
	data, err := s.Data()
	return data, nil, err
}

func fromFile(f *elf.File, h header, load loader) (*stackmap.SectionData, error) {
	index := -1
	for i, s := range f.Sections {
		if s.Name == SectionName {
			index = i
			break
		}
	}
	if index < 0 {
		return nil, fileError("section headers", h.shoff, fmt.Errorf("%w named %s (was it linked with --gc-sections? keep the section with a linker script KEEP(*(.llvm_stackmaps)) or by referencing __LLVM_StackMaps)", stackmap.ErrNoSection, SectionName))
	}
	s := f.Sections[index]
	what := fmt.Sprintf("section %d (%s)", index, SectionName)
	if s.Type == elf.SHT_NOBITS {
		return nil, fileError(what, h.sectionHeader(index), errors.New("the section has no bytes in the file (SHT_NOBITS)"))
	}
	data, release, err := load(s)
	if err != nil {
		return nil, fileError(what, int64(s.Offset), err)
	}
	info := stackmap.SectionData{
		Format:    stackmap.FormatELF,
		Arch:      regs.ArchFromELF(f.Machine, f.Class, f.Data),
		ByteOrder: f.ByteOrder,
		Name:      SectionName,
		Addr:      s.Addr,
		Offset:    int64(s.Offset),
		Data:      data,
	}
	rel, err := relocate(f, data, index)
	if err != nil {
		if release != nil {
			release()
		}
		return nil, err
	}
	return stackmap.NewSectionData(info, rel, release), nil
}

// relocate reads what the file says about the section: its fixups,
// function symbols and, on PowerPC ELFv1, code entries.
func relocate(f *elf.File, data []byte, index int) (stackmap.Relocations, error) {
	var rel stackmap.Relocations
	object := f.Type == elf.ET_REL
	addr := func(s *elf.Section) uint64 {
		if object {
			return 0 // r_offset and symbol values are section offsets
		}
		return s.Addr
	}
	sm := newTarget(f, index, addr(f.Sections[index]), data, true)
	var opd *target
	opdIndex := opdSection(f)
	if opdIndex != 0 {
		s := f.Sections[opdIndex]
		data, err := s.Data()
		if err != nil {
			return rel, fileError(".opd", int64(s.Offset), err)
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
			return rel, err
		}
		if err := applyAll(relocs, object, targets...); err != nil {
			return rel, err
		}
	}
	rel.Fixups = sm.fixups()
	syms, inOPD, err := functionSymbols(f, elf.SectionIndex(opdIndex))
	if err != nil {
		return rel, err
	}
	rel.Symbols = syms
	if opd != nil {
		rel.Entries = opd.entries(inOPD)
	}
	return rel, nil
}
