package elfsection

import (
	"debug/elf"
	"errors"

	"github.com/stackmaps/stackmaps/stackmap"
)

// errNoCode is returned when a function's code cannot be found.
var errNoCode = errors.New("function's code not found")

// Code reads the machine code of the functions an ELF file's stack maps
// describe, and names call and branch targets in it (TargetName), for a
// disassembler; File.Code returns it. It reads through the same checks as
// Open: every section, symbol table and relocation table is checked
// against the file's size before it is read.
//
// What it looks up is loaded once and kept: the symbol table, each code
// section's bytes, the naming tables. A file with many functions and
// records costs one read of each, not one per record.
// A Code is not safe for concurrent use.
type Code struct {
	x *file

	data map[int][]byte // section index -> bytes

	syms     []elf.Symbol // .symtab, read once (nil with symsDone: none)
	symsDone bool
	symSecs  map[string]int // first defined symbol of each name -> its section
	secs     map[string]int // first section of each name
	onlyCode int            // the only code section, once looked for (-1: none)
	onlyDone bool

	names *elfNames // built on first use
}

// newCode returns the Code of a checked, opened file.
func newCode(x *file) *Code { return &Code{x: x} }

// sectionData returns section i's bytes, reading them the first time.
func (c *Code) sectionData(i int) ([]byte, error) {
	if d, ok := c.data[i]; ok {
		return d, nil
	}
	d, err := c.x.data(i)
	if err != nil {
		return nil, err
	}
	if c.data == nil {
		c.data = map[int][]byte{}
	}
	c.data[i] = d
	return d, nil
}

// symbols returns the file's .symtab symbols, read once (nil when it has
// none, or they cannot be read).
func (c *Code) symbols() []elf.Symbol {
	if !c.symsDone {
		c.syms, _ = c.x.symbols(elf.SHT_SYMTAB)
		c.symsDone = true
	}
	return c.syms
}

// from returns data[off:], or errNoCode when off is outside data.
func from(data []byte, off uint64) ([]byte, error) {
	if off >= uint64(len(data)) {
		return nil, errNoCode
	}
	return data[off:], nil
}

// FunctionCode returns the bytes from a function's entry to the end of
// the code section holding it, and that section's index (TargetName's
// sec). tableFuncs is the number of functions in its table: in a
// relocatable object whose records are not relocated (no symbol), the
// code is found only when that number is 1 and the object has one code
// section. In a 64-bit PowerPC ELFv1 object, where the function's symbol
// names a descriptor in .opd, the code is in the object's one code
// section.
func (c *Code) FunctionCode(fi *stackmap.Function, tableFuncs int) ([]byte, int, error) {
	f := c.x.f
	if f.Type != elf.ET_REL {
		for i, s := range f.Sections {
			if s.Flags&elf.SHF_EXECINSTR != 0 && s.Type == elf.SHT_PROGBITS && fi.Entry() >= s.Addr && fi.Entry()-s.Addr < s.Size {
				data, err := c.sectionData(i)
				if err != nil {
					return nil, -1, err
				}
				code, err := from(data, fi.Entry()-s.Addr)
				return code, i, err
			}
		}
		return nil, -1, errNoCode
	}
	sec := -1
	if cs := fi.CodeSection(); cs.Known() && cs.Index < len(f.Sections) {
		sec = cs.Index // the section the function's relocation names (on ELFv1, the descriptor's code)
	} else if fi.Symbol() != "" {
		if i, ok := c.symbolSections()[fi.Symbol()]; ok {
			sec = i
		} else {
			sec = c.sectionNamed(fi.Symbol()) // a relocation against a section symbol
		}
	} else if tableFuncs == 1 {
		sec = c.onlyCodeSection()
	}
	if sec >= 0 && f.Sections[sec].Name == ".opd" {
		// 64-bit PowerPC ELFv1: the symbol names a descriptor in .opd, and
		// Entry is the code's offset in the section .rela.opd points at;
		// without CodeSection, take the object's one code section.
		sec = c.onlyCodeSection()
	}
	if sec < 0 || f.Sections[sec].Flags&elf.SHF_EXECINSTR == 0 {
		return nil, -1, errNoCode
	}
	data, err := c.sectionData(sec)
	if err != nil {
		return nil, -1, err
	}
	code, err := from(data, fi.Entry())
	return code, sec, err
}

// symbolSections returns, for each symbol name, the section of the first
// symbol of that name defined in a regular section, indexing the symbol
// table the first time.
func (c *Code) symbolSections() map[string]int {
	if c.symSecs != nil {
		return c.symSecs
	}
	syms := c.symbols()
	n := len(c.x.f.Sections)
	c.symSecs = make(map[string]int, len(syms))
	for _, s := range syms {
		if s.Section > elf.SHN_UNDEF && s.Section < elf.SHN_LORESERVE && int(s.Section) < n {
			if _, dup := c.symSecs[s.Name]; !dup {
				c.symSecs[s.Name] = int(s.Section)
			}
		}
	}
	return c.symSecs
}

// sectionNamed returns the index of the first section with the given
// name, or -1, indexing the names the first time.
func (c *Code) sectionNamed(name string) int {
	if c.secs == nil {
		c.secs = make(map[string]int, len(c.x.f.Sections))
		for i, s := range c.x.f.Sections {
			if _, dup := c.secs[s.Name]; !dup {
				c.secs[s.Name] = i
			}
		}
	}
	if i, ok := c.secs[name]; ok {
		return i
	}
	return -1
}

// onlyCodeSection returns the index of the object's only non-empty code
// section, or -1.
func (c *Code) onlyCodeSection() int {
	if c.onlyDone {
		return c.onlyCode
	}
	c.onlyDone, c.onlyCode = true, -1
	for i, s := range c.x.f.Sections {
		if s.Flags&elf.SHF_EXECINSTR != 0 && s.Type == elf.SHT_PROGBITS && s.Size > 0 {
			if c.onlyCode >= 0 {
				c.onlyCode = -1
				return -1
			}
			c.onlyCode = i
		}
	}
	return c.onlyCode
}
