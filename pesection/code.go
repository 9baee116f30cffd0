package pesection

import (
	"debug/pe"
	"errors"

	"github.com/stackmaps/stackmaps/internal/bounds"
	"github.com/stackmaps/stackmaps/stackmap"
)

// errNoCode is returned when a function's code cannot be found.
var errNoCode = errors.New("function's code not found")

// sectionCode is IMAGE_SCN_CNT_CODE.
const sectionCode = 0x20

// Code reads the machine code of the functions a COFF object's or PE
// image's stack maps describe, and names call and branch targets in it
// (TargetName), for a disassembler; File.Code returns it. The headers,
// section table, symbol and string tables and relocations are checked
// against the file's size as Open checks them, and each code section
// before it is read.
//
// What it looks up is loaded once and kept: the symbols, each code
// section's bytes, the naming tables.
// A Code is not safe for concurrent use.
type Code struct {
	f    *pe.File
	bf   *bounds.File
	data map[int][]byte // section index -> bytes

	syms  map[string]int // first symbol of each name with a section -> section index
	names *peNames       // built on first use
}

// newCode returns the Code of a file opened after checkHeaders checked
// it against bf (nil: the size is not known; sections are read as their
// bytes arrive).
func newCode(f *pe.File, bf *bounds.File) *Code { return &Code{f: f, bf: bf} }

// sectionData returns section i's raw bytes, checked against the file's
// size and read the first time.
func (c *Code) sectionData(i int) ([]byte, error) {
	if d, ok := c.data[i]; ok {
		return d, nil
	}
	s := c.f.Sections[i]
	what := "section " + s.Name
	if c.bf == nil { // the size is not known
		d, err := readData(s, int64(s.Size))
		if err != nil {
			return nil, fileError(stackmap.FormatPE, what, int64(s.Offset), err)
		}
		return c.keep(i, d), nil
	}
	if err := c.bf.Need(what, uint64(s.Offset), uint64(s.Size)); err != nil {
		return nil, err
	}
	d, err := s.Data()
	if err != nil {
		return nil, c.bf.Wrap(what, int64(s.Offset), err)
	}
	return c.keep(i, d), nil
}

// keep remembers section i's bytes d, and returns them.
func (c *Code) keep(i int, d []byte) []byte {
	if c.data == nil {
		c.data = map[int][]byte{}
	}
	c.data[i] = d
	return d
}

// FunctionCode returns the bytes from a function's entry to the end of
// the code section holding it, and that section's index (TargetName's
// sec). In an image, entries are addresses (image base included); in an
// object, offsets in the section of the function's symbol. tableFuncs is
// the number of functions in its table: in an object whose records are
// not relocated (no symbol), the code is found only when that number is
// 1 and the object has one code section.
func (c *Code) FunctionCode(fi *stackmap.Function, tableFuncs int) ([]byte, int, error) {
	f := c.f
	if f.OptionalHeader != nil {
		base := imageBase(f)
		for i, s := range f.Sections {
			start := base + uint64(s.VirtualAddress)
			if s.Characteristics&sectionCode != 0 && fi.Entry() >= start && fi.Entry()-start < uint64(s.VirtualSize) {
				return c.from(i, fi.Entry()-start)
			}
		}
		return nil, -1, errNoCode
	}
	sec := -1
	if fi.Symbol() != "" {
		if i, ok := c.symbolSections()[fi.Symbol()]; ok {
			sec = i
		}
	} else if tableFuncs == 1 {
		for i, s := range f.Sections {
			if s.Characteristics&sectionCode != 0 && s.Size > 0 {
				if sec >= 0 {
					return nil, -1, errNoCode
				}
				sec = i
			}
		}
	}
	if sec < 0 || f.Sections[sec].Characteristics&sectionCode == 0 {
		return nil, -1, errNoCode
	}
	return c.from(sec, fi.Entry())
}

// from returns section i's bytes from offset off, and i.
func (c *Code) from(i int, off uint64) ([]byte, int, error) {
	data, err := c.sectionData(i)
	if err != nil {
		return nil, -1, err
	}
	if off >= uint64(len(data)) {
		return nil, -1, errNoCode
	}
	return data[off:], i, nil
}

// symbolSections returns, for each symbol name, the section index of the
// first symbol of that name in a section, indexing the symbols the first
// time.
func (c *Code) symbolSections() map[string]int {
	if c.syms != nil {
		return c.syms
	}
	f := c.f
	c.syms = make(map[string]int, len(f.Symbols))
	for _, s := range f.Symbols {
		if s.SectionNumber > 0 && int(s.SectionNumber) <= len(f.Sections) {
			if _, dup := c.syms[s.Name]; !dup {
				c.syms[s.Name] = int(s.SectionNumber) - 1
			}
		}
	}
	return c.syms
}
