package machosection

import (
	"debug/macho"
	"encoding/binary"
	"errors"
	"fmt"
	"io"

	"github.com/stackmaps/stackmaps/internal/bounds"
	"github.com/stackmaps/stackmaps/regs"
	"github.com/stackmaps/stackmaps/stackmap"
)

// errNoCode is returned when a function's code cannot be found.
var errNoCode = errors.New("function's code not found")

// Code reads the machine code of the functions a thin Mach-O file's (or
// one universal slice's) stack maps describe, and names call and branch
// targets in it (TargetName), for a disassembler. The file's headers,
// load commands, symbol and indirect symbol tables and relocations are
// checked against its size as Open checks them, and each code section
// before it is read.
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

// NewCode checks the Mach-O file read through r and opens it for reading
// code: one Code per slice of a universal file, in slice order, or one
// for a thin file.
func NewCode(r io.ReaderAt) ([]*Code, error) {
	bf := bounds.New(r, stackmap.FormatMachO)
	var magic [4]byte
	if err := bf.Need("Mach-O header", 0, 4); err != nil {
		return nil, err
	}
	if _, err := r.ReadAt(magic[:], 0); err != nil {
		return nil, bf.Wrap("Mach-O header", 0, err)
	}
	switch binary.BigEndian.Uint32(magic[:]) {
	case fatMagic:
		return fatCode(bf)
	case fatMagic64:
		return nil, bf.Errorf("universal header", 0, "64-bit universal files (FAT_MAGIC_64) are not read")
	}
	f, err := openThin(bf)
	if err != nil {
		return nil, err
	}
	return []*Code{newCode(f, bf)}, nil
}

// newCode returns the Code of a thin file (or slice) opened after
// checkThin checked it against bf (nil: the size is not known, nothing is
// checked).
func newCode(f *macho.File, bf *bounds.File) *Code { return &Code{f: f, bf: bf} }

// fatCode opens every slice of a universal file, checking the slice
// table and each slice's range against the file's size.
func fatCode(bf *bounds.File) ([]*Code, error) {
	var h [8]byte
	if err := bf.Need("universal header", 0, 8); err != nil {
		return nil, err
	}
	if _, err := bf.Reader().ReadAt(h[:], 0); err != nil {
		return nil, bf.Wrap("universal header", 0, err)
	}
	n := uint64(binary.BigEndian.Uint32(h[4:]))
	if n == 0 {
		return nil, bf.Errorf("universal header", 4, "no slices (nfat_arch 0)")
	}
	if err := bf.NeedTable("universal header's slice table", 8, n, 20); err != nil {
		return nil, err
	}
	var out []*Code
	for i := uint64(0); i < n; i++ {
		var e [20]byte
		if _, err := bf.Reader().ReadAt(e[:], int64(8+20*i)); err != nil {
			return nil, bf.Wrap("universal header's slice table", int64(8+20*i), err)
		}
		cpu := macho.Cpu(binary.BigEndian.Uint32(e[:]))
		off, size := uint64(binary.BigEndian.Uint32(e[8:])), uint64(binary.BigEndian.Uint32(e[12:]))
		if err := bf.Need(fmt.Sprintf("slice %d (%v)", i, cpu), off, size); err != nil {
			return nil, err
		}
		sb := bf.Slice(int64(off), int64(size))
		f, err := openThin(sb)
		if err != nil {
			return nil, fmt.Errorf("slice %d (%v): %w", i, cpu, err)
		}
		out = append(out, newCode(f, sb))
	}
	return out, nil
}

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
