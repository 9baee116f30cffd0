package main

import (
	"debug/elf"
	"debug/macho"
	"debug/pe"
	"errors"
	"fmt"
	"os"

	"github.com/stackmaps/stackmaps/regs"
	"github.com/stackmaps/stackmaps/stackmap"
)

// codeFile reads the machine code of the functions a stack map describes,
// for --disasm. It reopens the file with debug/elf, debug/macho or
// debug/pe.
type codeFile struct {
	f     *os.File
	elf   *elf.File
	macho []*macho.File // one per slice (one for a thin file)
	pe    *pe.File
}

// openCode opens name for reading code bytes.
func openCode(name string) (*codeFile, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	c := &codeFile{f: f}
	if ef, err := elf.NewFile(f); err == nil {
		c.elf = ef
		return c, nil
	}
	if fat, err := macho.NewFatFile(f); err == nil {
		for _, a := range fat.Arches {
			c.macho = append(c.macho, a.File)
		}
		return c, nil
	}
	if mf, err := macho.NewFile(f); err == nil {
		c.macho = []*macho.File{mf}
		return c, nil
	}
	if pf, err := pe.NewFile(f); err == nil {
		c.pe = pf
		return c, nil
	}
	f.Close()
	return nil, fmt.Errorf("%s: --disasm needs an ELF, Mach-O or COFF file", name)
}

// Close closes the underlying file.
func (c *codeFile) Close() error { return c.f.Close() }

// errNoCode is returned when a function's code cannot be found.
var errNoCode = errors.New("function's code not found")

// functionCode returns the bytes from a function's entry to the end of the
// section holding it. tableFuncs is the number of functions in its table:
// in a relocatable file whose records are not relocated (no symbol), the
// code is found only when that number is 1 and the file has one code
// section.
func (c *codeFile) functionCode(sd *stackmap.SectionData, fi stackmap.Function, tableFuncs int) ([]byte, error) {
	switch {
	case c.elf != nil:
		return c.elfCode(fi, tableFuncs)
	case c.pe != nil:
		return c.peCode(fi, tableFuncs)
	}
	for _, mf := range c.macho {
		if sd.Slice == "" || regs.ArchFromMachO(mf.Cpu).String() == sd.Slice {
			if fi.Symbol == "" && mf.Type == macho.TypeObj && tableFuncs != 1 {
				return nil, errNoCode // unrelocated: every function says address 0
			}
			return machoCode(mf, fi)
		}
	}
	return nil, errNoCode
}

// from returns data[off:], or errNoCode when off is outside data.
func from(data []byte, off uint64) ([]byte, error) {
	if off >= uint64(len(data)) {
		return nil, errNoCode
	}
	return data[off:], nil
}

func (c *codeFile) elfCode(fi stackmap.Function, tableFuncs int) ([]byte, error) {
	f := c.elf
	if f.Type != elf.ET_REL {
		for _, s := range f.Sections {
			if s.Flags&elf.SHF_EXECINSTR != 0 && s.Type == elf.SHT_PROGBITS && fi.Entry >= s.Addr && fi.Entry-s.Addr < s.Size {
				data, err := s.Data()
				if err != nil {
					return nil, err
				}
				return from(data, fi.Entry-s.Addr)
			}
		}
		return nil, errNoCode
	}
	var sec *elf.Section
	if fi.Symbol != "" {
		syms, _ := f.Symbols()
		for _, s := range syms {
			if s.Name == fi.Symbol && s.Section > elf.SHN_UNDEF && s.Section < elf.SHN_LORESERVE && int(s.Section) < len(f.Sections) {
				sec = f.Sections[s.Section]
				break
			}
		}
		if sec == nil {
			sec = f.Section(fi.Symbol) // a relocation against a section symbol
		}
	} else if tableFuncs == 1 {
		sec = onlyELFCode(f)
	}
	if sec != nil && sec.Name == ".opd" {
		// 64-bit PowerPC ELFv1: the symbol names a descriptor in .opd, and
		// Entry is the code's offset in the section .rela.opd points at,
		// which is the one code section in everything llc writes.
		sec = onlyELFCode(f)
	}
	if sec == nil || sec.Flags&elf.SHF_EXECINSTR == 0 {
		return nil, errNoCode
	}
	data, err := sec.Data()
	if err != nil {
		return nil, err
	}
	return from(data, fi.Entry)
}

// onlyELFCode returns the object's only non-empty code section, or nil.
func onlyELFCode(f *elf.File) *elf.Section {
	var found *elf.Section
	for _, s := range f.Sections {
		if s.Flags&elf.SHF_EXECINSTR != 0 && s.Type == elf.SHT_PROGBITS && s.Size > 0 {
			if found != nil {
				return nil
			}
			found = s
		}
	}
	return found
}

// machoCode finds the code section holding the entry: Mach-O objects and
// images both give sections addresses in one address space.
func machoCode(f *macho.File, fi stackmap.Function) ([]byte, error) {
	const instructions = 0x80000000 | 0x400 // S_ATTR_PURE_INSTRUCTIONS | S_ATTR_SOME_INSTRUCTIONS
	for _, s := range f.Sections {
		if s.Flags&instructions != 0 && fi.Entry >= s.Addr && fi.Entry-s.Addr < s.Size {
			data, err := s.Data()
			if err != nil {
				return nil, err
			}
			return from(data, fi.Entry-s.Addr)
		}
	}
	return nil, errNoCode
}

func (c *codeFile) peCode(fi stackmap.Function, tableFuncs int) ([]byte, error) {
	f := c.pe
	const code = 0x20 // IMAGE_SCN_CNT_CODE
	if f.OptionalHeader != nil {
		var base uint64
		switch oh := f.OptionalHeader.(type) {
		case *pe.OptionalHeader64:
			base = oh.ImageBase
		case *pe.OptionalHeader32:
			base = uint64(oh.ImageBase)
		}
		for _, s := range f.Sections {
			start := base + uint64(s.VirtualAddress)
			if s.Characteristics&code != 0 && fi.Entry >= start && fi.Entry-start < uint64(s.VirtualSize) {
				data, err := s.Data()
				if err != nil {
					return nil, err
				}
				return from(data, fi.Entry-start)
			}
		}
		return nil, errNoCode
	}
	var sec *pe.Section
	if fi.Symbol != "" {
		for _, s := range f.Symbols {
			if s.Name == fi.Symbol && s.SectionNumber > 0 && int(s.SectionNumber) <= len(f.Sections) {
				sec = f.Sections[s.SectionNumber-1]
				break
			}
		}
	} else if tableFuncs == 1 {
		for _, s := range f.Sections {
			if s.Characteristics&code != 0 && s.Size > 0 {
				if sec != nil {
					return nil, errNoCode
				}
				sec = s
			}
		}
	}
	if sec == nil || sec.Characteristics&code == 0 {
		return nil, errNoCode
	}
	data, err := sec.Data()
	if err != nil {
		return nil, err
	}
	return from(data, fi.Entry)
}
