package machosection

import (
	"debug/macho"
	"errors"

	"github.com/stackmaps/stackmaps/internal/bounds"
	"github.com/stackmaps/stackmaps/regs"
	"github.com/stackmaps/stackmaps/stackmap"
)

// errNoCode is returned when a function's code cannot be found.
var errNoCode = errors.New("function's code not found")

// Code reads the machine code of the functions a thin Mach-O file's (or
// one universal slice's) stack maps describe, and names call and branch
// targets in it (TargetName), for a disassembler; File.Code returns it
// (for each slice of a universal file: Fat.Slices[i].Code()). The file's
// headers, load commands, symbol and indirect symbol tables and
// relocations are checked against its size as Open checks them, and each
// code section before it is read.
//
// What it looks up is loaded once and kept: each code section's bytes,
// the naming tables.
// A Code is not safe for concurrent use.
type Code struct {
	f    *macho.File
	bf   *bounds.File
	data map[int][]byte // section index -> bytes

	names *machoNames // built on first use
}

// newCode returns the Code of a thin file (or slice) opened after
// checkThin checked it against bf (nil: the size is not known, nothing is
// checked).
func newCode(f *macho.File, bf *bounds.File) *Code { return &Code{f: f, bf: bf} }

// Arch returns the architecture of the file's code: the slice's, of a
// universal file's slice, as SectionData.Slice names it.
func (c *Code) Arch() regs.Arch { return Arch(c.f.Cpu) }

// isCode reports whether a section holds instructions.
func isCode(s *macho.Section) bool {
	return s.Flags&(sectionPureInstructions|sectionSomeInstructions) != 0
}

// FunctionCode returns the bytes from a function's entry to the end of
// the code section holding it, and that section's index (TargetName's
// sec): Mach-O objects and images both give sections addresses in one
// address space. tableFuncs is the number of functions in its table: in
// an object whose records are not relocated (no symbol), every function
// says address 0, and the code is found only when that number is 1.
func (c *Code) FunctionCode(fi *stackmap.Function, tableFuncs int) ([]byte, int, error) {
	if fi.Symbol() == "" && c.f.Type == macho.TypeObj && tableFuncs != 1 {
		return nil, -1, errNoCode
	}
	for i, s := range c.f.Sections {
		if isCode(s) && fi.Entry() >= s.Addr && fi.Entry()-s.Addr < s.Size {
			data, err := c.sectionData(i)
			if err != nil {
				return nil, -1, err
			}
			off := fi.Entry() - s.Addr
			if off >= uint64(len(data)) {
				return nil, -1, errNoCode
			}
			return data[off:], i, nil
		}
	}
	return nil, -1, errNoCode
}

// sectionData returns section i's bytes, checked against the file's size
// and read the first time.
func (c *Code) sectionData(i int) ([]byte, error) {
	if d, ok := c.data[i]; ok {
		return d, nil
	}
	s := c.f.Sections[i]
	what := "section " + s.Seg + "," + s.Name
	if c.bf == nil { // a File from FromFile: the size is not known
		d, err := s.Data()
		if err != nil {
			return nil, fileError(what, int64(s.Offset), err)
		}
		return c.keep(i, d), nil
	}
	if err := c.bf.Need(what, uint64(s.Offset), s.Size); err != nil {
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
