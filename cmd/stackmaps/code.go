package main

import (
	"debug/elf"
	"debug/macho"
	"debug/pe"
	"errors"
	"fmt"
	"os"

	"github.com/stackmaps/stackmaps/machosection"
	"github.com/stackmaps/stackmaps/stackmap"
)

// codeFile reads the machine code of the functions a stack map describes,
// for --disasm. It reopens the file with debug/elf, debug/macho or
// debug/pe.
//
// Everything it looks up is loaded once per file and kept: the symbol
// table (as a map from name to section), each code section's bytes, the
// code of the last function asked for. A file with many functions and
// records therefore costs one read of each, not one per record.
type codeFile struct {
	f     *os.File
	elf   *elf.File
	macho []*macho.File // one per slice (one for a thin file)
	pe    *pe.File

	data map[any][]byte // section (*elf.Section, *macho.Section, *pe.Section) -> bytes

	elfSyms     map[string]elf.SectionIndex // first defined symbol of each name
	elfSecs     map[string]*elf.Section     // first section of each name
	elfOnlyCode *elf.Section                // the only code section, once looked for
	elfOnlyDone bool
	peSyms      map[string]int16 // first symbol of each name with a section

	walk codeWalk // how far the last function's code was decoded

	// Branch target names (targetNamer), built on first use.
	elfNames   *elfNames
	peNames    *peNames
	machoNames map[any]*machoNames // by *macho.File
	sec        any                 // the code section of the last function
	machoFile  *macho.File         // the Mach-O slice of the last function

	last struct { // the code of the last function asked for
		t    *stackmap.Table
		fn   int
		code []byte
		err  error
	}
}

// sectionData returns a section's bytes, reading them the first time.
func (c *codeFile) sectionData(key any, read func() ([]byte, error)) ([]byte, error) {
	if d, ok := c.data[key]; ok {
		return d, nil
	}
	d, err := read()
	if err != nil {
		return nil, err
	}
	if c.data == nil {
		c.data = map[any][]byte{}
	}
	c.data[key] = d
	return d, nil
}

// openCode opens name for reading code bytes.
func openCode(name string) (*codeFile, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	c := &codeFile{f: f}
	c.walk.texts = &insnTexts{}
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
func (c *codeFile) functionCode(sd *stackmap.SectionData, t *stackmap.Table, fi *stackmap.Function, tableFuncs int) ([]byte, error) {
	if c.last.t == t && c.last.fn == fi.Index() && t != nil {
		return c.last.code, c.last.err
	}
	code, err := c.findCode(sd, fi, tableFuncs)
	c.last.t, c.last.fn, c.last.code, c.last.err = t, fi.Index(), code, err
	return code, err
}

func (c *codeFile) findCode(sd *stackmap.SectionData, fi *stackmap.Function, tableFuncs int) ([]byte, error) {
	switch {
	case c.elf != nil:
		return c.elfCode(fi, tableFuncs)
	case c.pe != nil:
		return c.peCode(fi, tableFuncs)
	}
	for _, mf := range c.macho {
		if sd.Slice == "" || machosection.Arch(mf.Cpu).String() == sd.Slice {
			if fi.Symbol() == "" && mf.Type == macho.TypeObj && tableFuncs != 1 {
				return nil, errNoCode // unrelocated: every function says address 0
			}
			return c.machoCode(mf, fi)
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

func (c *codeFile) elfCode(fi *stackmap.Function, tableFuncs int) ([]byte, error) {
	f := c.elf
	if f.Type != elf.ET_REL {
		for _, s := range f.Sections {
			if s.Flags&elf.SHF_EXECINSTR != 0 && s.Type == elf.SHT_PROGBITS && fi.Entry() >= s.Addr && fi.Entry()-s.Addr < s.Size {
				data, err := c.sectionData(s, s.Data)
				if err != nil {
					return nil, err
				}
				c.sec = s
				return from(data, fi.Entry()-s.Addr)
			}
		}
		return nil, errNoCode
	}
	var sec *elf.Section
	if fi.Symbol() != "" {
		if i, ok := c.elfSymbols()[fi.Symbol()]; ok {
			sec = f.Sections[i]
		} else {
			sec = c.elfSectionNamed(fi.Symbol()) // a relocation against a section symbol
		}
	} else if tableFuncs == 1 {
		sec = c.onlyELFCode()
	}
	if sec != nil && sec.Name == ".opd" {
		// 64-bit PowerPC ELFv1: the symbol names a descriptor in .opd, and
		// Entry is the code's offset in the section .rela.opd points at,
		// which is the one code section in everything llc writes.
		sec = c.onlyELFCode()
	}
	if sec == nil || sec.Flags&elf.SHF_EXECINSTR == 0 {
		return nil, errNoCode
	}
	data, err := c.sectionData(sec, sec.Data)
	if err != nil {
		return nil, err
	}
	c.sec = sec
	return from(data, fi.Entry())
}

// elfSymbols returns, for each symbol name, the section of the first
// symbol of that name defined in a regular section, reading the symbol
// table the first time.
func (c *codeFile) elfSymbols() map[string]elf.SectionIndex {
	if c.elfSyms != nil {
		return c.elfSyms
	}
	f := c.elf
	syms, _ := f.Symbols()
	c.elfSyms = make(map[string]elf.SectionIndex, len(syms))
	for _, s := range syms {
		if s.Section > elf.SHN_UNDEF && s.Section < elf.SHN_LORESERVE && int(s.Section) < len(f.Sections) {
			if _, dup := c.elfSyms[s.Name]; !dup {
				c.elfSyms[s.Name] = s.Section
			}
		}
	}
	return c.elfSyms
}

// elfSectionNamed returns the first section with the given name, or nil,
// as elf.File.Section does, indexing the names the first time.
func (c *codeFile) elfSectionNamed(name string) *elf.Section {
	if c.elfSecs == nil {
		c.elfSecs = make(map[string]*elf.Section, len(c.elf.Sections))
		for _, s := range c.elf.Sections {
			if _, dup := c.elfSecs[s.Name]; !dup {
				c.elfSecs[s.Name] = s
			}
		}
	}
	return c.elfSecs[name]
}

// onlyELFCode returns the object's only non-empty code section, or nil.
func (c *codeFile) onlyELFCode() *elf.Section {
	if c.elfOnlyDone {
		return c.elfOnlyCode
	}
	c.elfOnlyDone = true
	for _, s := range c.elf.Sections {
		if s.Flags&elf.SHF_EXECINSTR != 0 && s.Type == elf.SHT_PROGBITS && s.Size > 0 {
			if c.elfOnlyCode != nil {
				c.elfOnlyCode = nil
				return nil
			}
			c.elfOnlyCode = s
		}
	}
	return c.elfOnlyCode
}

// machoCode finds the code section holding the entry: Mach-O objects and
// images both give sections addresses in one address space.
func (c *codeFile) machoCode(f *macho.File, fi *stackmap.Function) ([]byte, error) {
	const instructions = 0x80000000 | 0x400 // S_ATTR_PURE_INSTRUCTIONS | S_ATTR_SOME_INSTRUCTIONS
	for _, s := range f.Sections {
		if s.Flags&instructions != 0 && fi.Entry() >= s.Addr && fi.Entry()-s.Addr < s.Size {
			data, err := c.sectionData(s, s.Data)
			if err != nil {
				return nil, err
			}
			c.sec, c.machoFile = s, f
			return from(data, fi.Entry()-s.Addr)
		}
	}
	return nil, errNoCode
}

func (c *codeFile) peCode(fi *stackmap.Function, tableFuncs int) ([]byte, error) {
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
			if s.Characteristics&code != 0 && fi.Entry() >= start && fi.Entry()-start < uint64(s.VirtualSize) {
				data, err := c.sectionData(s, s.Data)
				if err != nil {
					return nil, err
				}
				c.sec = s
				return from(data, fi.Entry()-start)
			}
		}
		return nil, errNoCode
	}
	var sec *pe.Section
	if fi.Symbol() != "" {
		if n, ok := c.peSymbols()[fi.Symbol()]; ok {
			sec = f.Sections[n-1]
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
	data, err := c.sectionData(sec, sec.Data)
	if err != nil {
		return nil, err
	}
	c.sec = sec
	return from(data, fi.Entry())
}

// peSymbols returns, for each symbol name, the section number of the first
// symbol of that name in a section, reading the symbols the first time.
func (c *codeFile) peSymbols() map[string]int16 {
	if c.peSyms != nil {
		return c.peSyms
	}
	f := c.pe
	c.peSyms = make(map[string]int16, len(f.Symbols))
	for _, s := range f.Symbols {
		if s.SectionNumber > 0 && int(s.SectionNumber) <= len(f.Sections) {
			if _, dup := c.peSyms[s.Name]; !dup {
				c.peSyms[s.Name] = s.SectionNumber
			}
		}
	}
	return c.peSyms
}
