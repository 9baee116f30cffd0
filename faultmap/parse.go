package faultmap

import (
	"github.com/stackmaps/stackmaps/stackmap"

	"encoding/binary"
	"fmt"
)

// Version is the fault map version this package reads, the only one LLVM
// has written.
const Version = 1

// Sizes of the parts of a table, in bytes.
const (
	HeaderSize         = 8  // version, two reserved fields, function count
	FunctionHeaderSize = 16 // address, fault count, reserved
	FaultSize          = 12 // kind, faulting pc offset, handler pc offset
)

// tableAlign is the boundary a linker may pad concatenated tables to.
const tableAlign = 8

// Section is a decoded fault map section: one table, or several
// concatenated by a linker. It reads the bytes it was given in place; they
// must not change while it is used.
type Section struct {
	data   []byte
	bo     binary.ByteOrder
	tables []table
	funcs  []int                       // section offset of each function's entry
	reloc  []stackmap.ResolvedFunction // NewSection: what the file says of each function; nil after Parse
	// keep is the SectionData of NewSection: it owns data when a locator
	// memory-mapped it, and unmaps it once unreachable, so the Section
	// keeps it reachable.
	keep any
}

type table struct {
	off       int // section offset of the header
	firstFunc int // index of its first function in Section.funcs
	numFuncs  int
}

// Parse decodes a fault map section in byte order bo (the target's:
// llc writes the section as it writes code). It checks every table once,
// before returning: versions, reserved fields (zero), counts against the
// bytes that remain (before anything is allocated), fault kinds. Nothing
// is copied: the Section reads data in place.
func Parse(data []byte, bo binary.ByteOrder) (*Section, error) {
	s := &Section{data: data, bo: bo}
	if err := s.decode(); err != nil {
		return nil, err
	}
	return s, nil
}

func (s *Section) fail(off, tab, fn, fault int, sentinel error, format string, args ...any) error {
	return &DecodeError{Offset: off, Table: tab, Function: fn, Fault: fault, Err: sentinel, Detail: fmt.Sprintf(format, args...)}
}

// decode walks the tables and records where each function starts.
func (s *Section) decode() error {
	data, bo := s.data, s.bo
	if len(data) == 0 {
		return s.fail(0, -1, -1, -1, ErrNoTables, "the section is empty")
	}
	// Every function takes at least FunctionHeaderSize bytes: counts
	// claimed beyond that are refused before the slice grows.
	off := 0
	for t := 0; off < len(data); t++ {
		rest := len(data) - off
		if rest < HeaderSize {
			return s.fail(off, t, -1, -1, ErrTruncated, "%d bytes left, a table header needs %d", rest, HeaderSize)
		}
		if v := data[off]; v != Version {
			return s.fail(off, t, -1, -1, ErrUnsupportedVersion, "version %d, this package reads version %d", v, Version)
		}
		if data[off+1] != 0 || bo.Uint16(data[off+2:]) != 0 {
			return s.fail(off+1, t, -1, -1, ErrReserved, "header bytes 1 to 3 are %#x %#x %#x, LLVM writes zeros", data[off+1], data[off+2], data[off+3])
		}
		n := uint64(bo.Uint32(data[off+4:]))
		if n > uint64(rest-HeaderSize)/FunctionHeaderSize {
			return s.fail(off+4, t, -1, -1, ErrTruncated, "%d functions need at least %d bytes, %d are left", n, n*FunctionHeaderSize, rest-HeaderSize)
		}
		s.tables = append(s.tables, table{off: off, firstFunc: len(s.funcs), numFuncs: int(n)})
		if s.funcs == nil {
			s.funcs = make([]int, 0, n)
		}
		off += HeaderSize
		for f := 0; f < int(n); f++ {
			rest := len(data) - off
			if rest < FunctionHeaderSize {
				return s.fail(off, t, f, -1, ErrTruncated, "%d bytes left, a function header needs %d", rest, FunctionHeaderSize)
			}
			m := uint64(bo.Uint32(data[off+8:]))
			if r := bo.Uint32(data[off+12:]); r != 0 {
				return s.fail(off+12, t, f, -1, ErrReserved, "reserved field is %#x, LLVM writes 0", r)
			}
			if m > uint64(rest-FunctionHeaderSize)/FaultSize {
				return s.fail(off+8, t, f, -1, ErrTruncated, "%d faults need %d bytes, %d are left", m, m*FaultSize, rest-FunctionHeaderSize)
			}
			s.funcs = append(s.funcs, off)
			p := off + FunctionHeaderSize
			for k := 0; k < int(m); k++ {
				if kind := Kind(bo.Uint32(data[p:])); !kind.Valid() {
					return s.fail(p, t, f, k, ErrKind, "fault kind %d is not 1 to 3", uint32(kind))
				}
				p += FaultSize
			}
			off = p
		}
		// A linker aligns each object's table: skip zero padding up to
		// the next 8-byte boundary.
		for off < len(data) && off%tableAlign != 0 && data[off] == 0 {
			off++
		}
	}
	return nil
}

func (s *Section) storedAddress(i int) uint64 { return s.bo.Uint64(s.data[s.funcs[i]:]) }

// Data returns the section's bytes, as given to Parse.
func (s *Section) Data() []byte { return s.data }

// ByteOrder returns the byte order the section is read in.
func (s *Section) ByteOrder() binary.ByteOrder { return s.bo }

// NumTables returns the number of tables in the section.
func (s *Section) NumTables() int { return len(s.tables) }

// Table returns table i, 0 <= i < NumTables.
func (s *Section) Table(i int) Table { return Table{s: s, i: i} }

// NumFunctions returns the number of function entries of all tables.
func (s *Section) NumFunctions() int { return len(s.funcs) }

// Function returns function entry i of the section, counting through the
// tables in order, 0 <= i < NumFunctions.
func (s *Section) Function(i int) Function { return Function{s: s, i: i} }

// Table is one table of a section: a header and its functions.
type Table struct {
	s *Section
	i int
}

// Offset returns the section offset of the table's header.
func (t Table) Offset() int { return t.s.tables[t.i].off }

// Version returns the table's version (always Version).
func (t Table) Version() uint8 { return t.s.data[t.Offset()] }

// NumFunctions returns the number of functions the table holds.
func (t Table) NumFunctions() int { return t.s.tables[t.i].numFuncs }

// Function returns the table's function j, 0 <= j < NumFunctions.
func (t Table) Function(j int) Function {
	return Function{s: t.s, i: t.s.tables[t.i].firstFunc + j}
}

// Size returns the table's size in bytes, without padding after it.
func (t Table) Size() int {
	tb := t.s.tables[t.i]
	if tb.numFuncs == 0 {
		return HeaderSize
	}
	last := Function{s: t.s, i: tb.firstFunc + tb.numFuncs - 1}
	return last.Offset() + last.Size() - tb.off
}
