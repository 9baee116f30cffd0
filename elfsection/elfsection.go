// Package elfsection reads what this library needs from ELF files, using
// debug/elf: File, opened once (Open, NewFile, FromFile), gives the LLVM
// stack map section (File.StackMaps) with what the file says about it (the
// relocations that fill its function addresses, static ones in
// relocatable objects, dynamic ones in PIE executables and shared
// libraries; the function symbols that name them; on PowerPC64 ELFv1 the
// function descriptors in .opd), the call frame information (File.Frames,
// relocated in objects), the function symbols (File.Symbols), the
// executable code ranges (File.TextRanges) and, for a disassembler, the
// functions' code and the names of branch targets (File.Code). See
// stackmap.SectionData.
//
// The section is found where users put it: under the names in
// SectionNames, or in linked files through the __start_llvm_stackmaps and
// __stop_llvm_stackmaps symbols or __LLVM_StackMaps, also in images
// without section headers (through the dynamic symbol table and the
// program headers).
//
// Every size and count the file's headers claim is checked against the
// file's size before anything is read or allocated, and a compressed
// (SHF_COMPRESSED) section is inflated only up to Options.MaxInflated:
// a hostile file is refused cheaply, with a *stackmap.FileError that names
// what was being read and its file offset.
package elfsection

import (
	"debug/elf"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"

	"github.com/stackmaps/stackmaps/internal/bounds"

	"github.com/stackmaps/stackmaps/internal/mapfile"
	"github.com/stackmaps/stackmaps/stackmap"
)

// SectionName is the name of the stack map section in ELF files, as llc
// writes it.
const SectionName = ".llvm_stackmaps"

// SectionNames are the names the stack map section is looked for under,
// in this order: as llc writes it; renamed to .data.rel.ro.llvm_stackmaps
// by runtimes that link position-independent executables (so that the
// section's absolute function addresses need no text relocations,
// llvm-project issue 55622); and the output section llvm_stackmaps of a
// linker script (whose name, a C identifier, gives it the
// __start_llvm_stackmaps and __stop_llvm_stackmaps symbols).
var SectionNames = [...]string{SectionName, ".data.rel.ro.llvm_stackmaps", "llvm_stackmaps"}

// The symbols that mark the stack maps in a linked file whose section is
// merged into another (.data.rel.ro) or whose section headers are gone
// (llvm-strip --strip-sections): StartSymbol and StopSymbol, which the
// linker defines around an output section named llvm_stackmaps, or
// StackMapsSymbol, which llc puts at the start of each object's section
// (a local symbol: a runtime that looks it up makes it global).
const (
	StartSymbol     = "__start_llvm_stackmaps"
	StopSymbol      = "__stop_llvm_stackmaps"
	StackMapsSymbol = "__LLVM_StackMaps"
)

// DefaultMaxInflated is the largest size, in bytes, a compressed section
// may declare (and inflate to) unless Options.MaxInflated says otherwise:
// 256 MiB.
const DefaultMaxInflated = 256 << 20

// Options tune how a file is read. The zero value is the default.
type Options struct {
	// MaxInflated bounds the size a compressed (SHF_COMPRESSED) section
	// may declare in its compression header (ch_size). A section that
	// declares more is refused, before anything is allocated, with an
	// error matching stackmap.ErrTooLarge; one whose data inflates past
	// what it declares is refused too. 0 means DefaultMaxInflated.
	MaxInflated int64
}

func (o Options) maxInflated() uint64 {
	if o.MaxInflated <= 0 {
		return DefaultMaxInflated
	}
	return uint64(o.MaxInflated)
}

// loader gets the n bytes at file offset off (checked to lie in the file),
// and what releases them (nil if nothing); a nil loader means reading
// through debug/elf into memory.
type loader func(off, n int64) ([]byte, func() error, error)

// file is an opened ELF file with what checking it needs.
type file struct {
	f   *elf.File
	h   header
	bf  *bounds.File // nil for FromFile: the size is not known
	max uint64       // Options.MaxInflated

	// kept is the symbol table markSymbols read while looking for the
	// marking symbols of a stack map section it did not find by name (a
	// file without stack maps, a shared library: all its .dynsym), kept
	// for functionSymbols, which reads the same table next when the
	// file's symbols are asked for, and which then drops it: read once,
	// not twice.
	keptMu sync.Mutex
	kept   keptSymbols
}

// keptSymbols is a symbol table read once, of type typ.
type keptSymbols struct {
	typ  elf.SectionType
	syms []elf.Symbol
}

// err returns a *stackmap.FileError.
func (x *file) err(what string, off int64, err error) error {
	return &stackmap.FileError{Format: stackmap.FormatELF, What: what, Offset: off, Err: err}
}

// what names section i.
func (x *file) what(i int) string {
	return fmt.Sprintf("section %d (%s)", i, x.f.Sections[i].Name)
}

// check checks that section i's bytes lie in the file and, for a
// compressed section, that it declares no more than the bound.
func (x *file) check(i int) error {
	s := x.f.Sections[i]
	if s.Type == elf.SHT_NOBITS {
		// debug/elf would hand out zeros, after allocating up to its
		// 10 MB read chunk whatever the size claimed.
		return x.err(x.what(i), x.h.sectionHeader(i), fmt.Errorf("%w: the section has no bytes in the file (SHT_NOBITS)", stackmap.ErrNotObject))
	}
	if s.Flags&elf.SHF_COMPRESSED != 0 && s.Size > x.max {
		return x.err(x.what(i), int64(s.Offset), fmt.Errorf("%w: compressed, it declares %d bytes inflated (ch_size), over the bound of %d (elfsection.Options.MaxInflated)", stackmap.ErrTooLarge, s.Size, x.max))
	}
	if x.bf == nil {
		return nil
	}
	return x.bf.Need(x.what(i), s.Offset, s.FileSize)
}

// data returns section i's bytes, checked first.
func (x *file) data(i int) ([]byte, error) {
	if err := x.check(i); err != nil {
		return nil, err
	}
	s := x.f.Sections[i]
	if s.Flags&elf.SHF_COMPRESSED != 0 {
		return x.inflate(i)
	}
	data, err := s.Data()
	if err != nil {
		return nil, x.wrap(x.what(i), int64(s.Offset), err)
	}
	return data, nil
}

// inflate returns the bytes of compressed section i, whose declared size
// check has bounded: exactly the size it declares, or an error.
func (x *file) inflate(i int) ([]byte, error) {
	// llvm-objcopy --compress-sections compresses allocated sections of
	// relocatable objects too (SHF_ALLOC|SHF_COMPRESSED), which
	// debug/elf refuses to inflate: inflate a copy without SHF_ALLOC.
	s := *x.f.Sections[i]
	s.Flags &^= elf.SHF_ALLOC
	data := make([]byte, s.Size)
	rd := s.Open()
	n, err := io.ReadFull(rd, data)
	if err != nil {
		if errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) {
			err = fmt.Errorf("%w: compressed data inflates to %d bytes, short of the %d it declares (ch_size)", stackmap.ErrNotObject, n, s.Size)
		}
		return nil, x.wrap(x.what(i), int64(s.Offset), err)
	}
	var one [1]byte
	if k, _ := rd.Read(one[:]); k > 0 {
		return nil, x.err(x.what(i), int64(s.Offset), fmt.Errorf("%w: compressed data inflates past the %d bytes it declares (ch_size)", stackmap.ErrNotObject, s.Size))
	}
	return data, nil
}

// wrap turns a debug/elf error into a *stackmap.FileError.
func (x *file) wrap(what string, off int64, err error) error {
	if x.bf == nil {
		return x.err(what, off, err)
	}
	return x.bf.Wrap(what, off, err)
}

// find finds the section and what the file says about it: by name (see
// SectionNames), or, in a linked file, through the symbols that mark it
// (see findBySymbols).
func (x *file) find(load loader) (*stackmap.SectionData, error) {
	f := x.f
	index := -1
	for _, name := range SectionNames {
		for i, s := range f.Sections {
			if s.Name == name {
				index = i
				break
			}
		}
		if index >= 0 {
			break
		}
	}
	if index < 0 {
		sd, err := x.findBySymbols(load)
		if sd != nil || err != nil {
			return sd, err
		}
		if len(f.Sections) == 0 && f.Type != elf.ET_REL {
			sd, scanned, err := x.findByScan(load)
			if sd != nil || err != nil {
				return sd, err
			}
			return nil, x.err("program headers", x.h.phoff, fmt.Errorf("%w: the file has no section headers (stripped, as by llvm-strip --strip-sections), no %s/%s or %s symbol in a symbol table PT_DYNAMIC points at, and no version 3 stack map table in the segments that are not executable (%s)",
				stackmap.ErrNoSection, StartSymbol, StopSymbol, StackMapsSymbol, strings.Join(scanned, ", ")))
		}
		hint := "" // a relocatable object has none because nothing made stack maps
		if f.Type != elf.ET_REL {
			hint = " (was it linked with --gc-sections? keep the section with a linker script KEEP(*(.llvm_stackmaps)) or by referencing __LLVM_StackMaps)"
		}
		return nil, x.err("section headers", x.h.shoff, fmt.Errorf("%w named %s, %s or %s, and no %s/%s or %s symbol marks one%s",
			stackmap.ErrNoSection, SectionNames[0], SectionNames[1], SectionNames[2], StartSymbol, StopSymbol, StackMapsSymbol, hint))
	}
	return x.load(index, load)
}

// load reads section index (the stack maps, or the fault maps) and makes
// its SectionData, with what the file says about it.
func (x *file) load(index int, load loader) (*stackmap.SectionData, error) {
	s := x.f.Sections[index]
	if s.Type == elf.SHT_NOBITS {
		return nil, x.err(x.what(index), x.h.sectionHeader(index), errors.New("the section has no bytes in the file (SHT_NOBITS)"))
	}
	var (
		data    []byte
		release func() error
		err     error
	)
	if s.Flags&elf.SHF_COMPRESSED != 0 {
		data, err = x.data(index)
	} else if err = x.check(index); err == nil {
		if load != nil {
			data, release, err = load(int64(s.Offset), int64(s.Size))
		} else {
			data, err = s.Data()
		}
		if err != nil {
			err = x.wrap(x.what(index), int64(s.Offset), err)
		}
	}
	if err != nil {
		return nil, err
	}
	return x.sectionData(s.Name, index, s.Addr, int64(s.Offset), data, release)
}

// sectionData makes the SectionData of the stack maps found in section
// index (-1: found through symbols, in no section of the file's) at addr
// and file offset off, with what the file says about them.
func (x *file) sectionData(name string, index int, addr uint64, off int64, data []byte, release func() error) (*stackmap.SectionData, error) {
	f := x.f
	info := stackmap.SectionData{
		Format:    stackmap.FormatELF,
		Arch:      Arch(f.Machine, f.Class, f.Data),
		ByteOrder: f.ByteOrder,
		Name:      name,
		Addr:      addr,
		Offset:    off,
		Data:      data,
	}
	rel, err := x.relocate(data, index, addr)
	if err != nil {
		if release != nil {
			release()
		}
		return nil, err
	}
	sd := stackmap.NewSectionData(info, rel, nil)
	mapfile.Own(sd, release) // unmapped when nothing decoded from sd is in use, not by Close
	return sd, nil
}

// relocate reads what the file says about the section: its fixups,
// function symbols and, on PowerPC ELFv1, code entries. index is the
// section's index, -1 for bytes found through symbols (in a linked file:
// only dynamic relocations, which go by address, apply), and smAddr their
// address.
func (x *file) relocate(data []byte, index int, smAddr uint64) (stackmap.Relocations, error) {
	f := x.f
	var rel stackmap.Relocations
	if f.Type == elf.ET_REL {
		smAddr = 0 // r_offset and symbol values are section offsets
	}
	sm := newTarget(f, index, smAddr, data, true)
	opd, opdIndex, err := x.opd()
	if err != nil {
		return rel, err
	}
	if err := x.applyRelocations(sm, opd); err != nil {
		return rel, err
	}
	if len(f.Sections) == 0 {
		// No section headers: the dynamic relocations through PT_DYNAMIC,
		// and the dynamic symbols for names.
		rss, err := x.dynamicRelocs()
		if err != nil {
			return rel, err
		}
		for _, rs := range rss {
			if err := applyAll(rs, false, sm); err != nil {
				return rel, err
			}
		}
		rel.Fixups = sm.fixups()
		rel.Symbols, err = x.dynamicFunctions()
		return rel, err
	}
	rel.Fixups = sm.fixups()
	syms, inOPD, err := x.functionSymbols(elf.SectionIndex(opdIndex))
	if err != nil {
		return rel, err
	}
	rel.Symbols = syms
	if opd != nil {
		rel.Entries = opd.entries(opdValues(syms, inOPD))
		rel.EntryCode = opd.entryCode()
	}
	return rel, nil
}

// opd returns .opd, on PowerPC64 ELFv1, as a target of relocations
// (nil, 0 when the file has none), with its section index.
func (x *file) opd() (*target, int, error) {
	i := opdSection(x.f)
	if i == 0 {
		return nil, 0, nil
	}
	data, err := x.data(i)
	if err != nil {
		return nil, 0, err
	}
	addr := x.f.Sections[i].Addr
	if x.f.Type == elf.ET_REL {
		addr = 0 // r_offset and symbol values are section offsets
	}
	return newTarget(x.f, i, addr, data, false), i, nil
}

// applyRelocations applies the file's relocations to the targets that are
// not nil (the stack map section, .opd): in a relocatable object those of
// each target's relocation sections, in a linked file the dynamic ones
// (allocated relocation sections, whose r_offset is an address).
// Non-allocated relocation sections in linked files (--emit-relocs)
// describe values already in place and are skipped.
func (x *file) applyRelocations(targets ...*target) error {
	f := x.f
	object := f.Type == elf.ET_REL
	for i, rs := range f.Sections {
		if rs.Type != elf.SHT_RELA && rs.Type != elf.SHT_REL {
			continue
		}
		if object && int(rs.Info) >= len(f.Sections) {
			return x.err(x.what(i), x.h.sectionHeader(i), fmt.Errorf("%w: sh_info %d names no section (the file has %d)", stackmap.ErrNotObject, rs.Info, len(f.Sections)))
		}
		var to []*target
		for _, t := range targets {
			switch {
			case t == nil:
			case object && t.index >= 0 && int(rs.Info) == int(t.index):
				to = []*target{t}
			case !object && rs.Flags&elf.SHF_ALLOC != 0:
				to = append(to, t)
			}
		}
		if len(to) == 0 {
			continue
		}
		relocs, err := x.readRelocs(i)
		if err != nil {
			return err
		}
		if err := applyAll(relocs, object, to...); err != nil {
			return err
		}
	}
	return nil
}
