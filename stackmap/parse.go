package stackmap

import (
	"encoding/binary"
	"errors"
	"iter"
)

// Section is a decoded stack map section: one or more tables back to back.
type Section struct {
	data   []byte
	ord    order
	tables []Table
}

// Parse decodes and validates a stack map section held in data, read in the
// given byte order (the target's). The returned Section refers to data; it
// copies none of it, so data must not change while the Section is in use.
//
// Every table in data is found and validated: counts fit in the bytes,
// records walk exactly to the table's end, record counts sum to the number
// of records, location kinds are 1 to 5, constant indexes are in range.
// Reserved fields are not checked. On failure the error is a *DecodeError
// (or, for a nil byteOrder, a plain error).
func Parse(data []byte, byteOrder binary.ByteOrder) (*Section, error) {
	if byteOrder == nil {
		return nil, errors.New("stackmap: Parse needs a byte order")
	}
	ord := orderOf(byteOrder)
	if len(data) == 0 {
		return nil, at(-1).fail(0, ErrNoTables, "section is empty")
	}
	if uint64(len(data)) > maxSectionSize {
		return nil, at(-1).fail(0, ErrMalformed, "section of %d bytes is larger than the 4 GiB a stack map section can address", len(data))
	}
	s := &Section{data: data, ord: ord}
	for off := 0; off < len(data); {
		if len(s.tables) > 0 && len(data)-off < headerSize {
			return nil, at(-1).fail(off, ErrTrailingData, "%d bytes after table %d are too few for another table", len(data)-off, len(s.tables)-1)
		}
		t, err := parseTable(data[off:], off, len(s.tables), ord)
		if err != nil {
			return nil, err
		}
		s.tables = append(s.tables, t)
		off += t.Size()
	}
	return s, nil
}

// Tables iterates over the section's tables in order, with their indexes.
// The tables are the Section's own (never copies), so a Record's Table is
// the same pointer as the one handed out here and by Table(i).
func (s *Section) Tables() iter.Seq2[int, *Table] {
	return func(yield func(int, *Table) bool) {
		for i := range s.tables {
			if !yield(i, &s.tables[i]) {
				return
			}
		}
	}
}

// NumTables returns the number of tables.
func (s *Section) NumTables() int { return len(s.tables) }

// Table returns table i, or nil when i is out of range.
func (s *Section) Table(i int) *Table {
	if i < 0 || i >= len(s.tables) {
		return nil
	}
	return &s.tables[i]
}

// Bytes returns the section's bytes (a view, not a copy).
func (s *Section) Bytes() []byte { return s.data }

// ByteOrder returns the byte order the section is read in.
func (s *Section) ByteOrder() binary.ByteOrder { return s.ord.byteOrder() }

// parseTable validates the table that starts at the beginning of data
// (section offset base) and returns it, trimmed to its own length.
func parseTable(data []byte, base, index int, ord order) (Table, error) {
	w := at(index)
	if len(data) < headerSize {
		return Table{}, w.fail(base, ErrTruncated, "table header needs %d bytes, %d remain", headerSize, len(data))
	}
	v := Version(data[0])
	switch v {
	case Version1, Version2, Version3:
	case 0:
		return Table{}, w.fail(base, ErrUnsupportedVersion, "version 0: the unversioned pre-release layout of LLVM 3.4 is not supported")
	default:
		return Table{}, w.fail(base, ErrUnsupportedVersion, "version %d is not a stack map version this decoder knows (1, 2, 3)", v)
	}
	t := Table{data: data, base: base, index: index, ord: ord, version: v}
	nf, nc, nr := uint64(ord.u32(data, 4)), uint64(ord.u32(data, 8)), uint64(ord.u32(data, 12))

	// Refuse counts the bytes cannot hold before anything is sized by them.
	avail := uint64(len(data))
	need := uint64(headerSize) + nf*uint64(v.functionSize())
	if need > avail {
		return Table{}, w.fail(base+4, ErrTruncated, "%d functions need %d bytes, the table has %d", nf, need, avail)
	}
	need += nc * constantSize
	if need > avail {
		return Table{}, w.fail(base+8, ErrTruncated, "%d constants need %d bytes after the functions, the table has %d", nc, need, avail)
	}
	if need+nr*minRecordSize > avail {
		return Table{}, w.fail(base+12, ErrTruncated, "%d records need at least %d bytes, the table has %d", nr, need+nr*minRecordSize, avail)
	}
	t.numFunctions, t.numConstants, t.numRecords = int(nf), int(nc), int(nr)
	t.constantsOff = headerSize + t.numFunctions*v.functionSize()
	t.recordsOff = t.constantsOff + t.numConstants*constantSize

	if v.hasRecordCount() {
		var sum uint64
		for i := 0; i < t.numFunctions; i++ {
			f, _ := t.Function(i)
			if f.RecordCount > nr-sum {
				fw := w
				fw.function = i
				return Table{}, fw.fail(f.Offset+16, ErrRecordCount, "function record counts exceed the table's %d records", nr)
			}
			sum += f.RecordCount
		}
		if sum != nr {
			return Table{}, w.fail(base+12, ErrRecordCount, "function record counts sum to %d, the table has %d records", sum, nr)
		}
	}

	off := t.recordsOff
	for i := 0; i < t.numRecords; i++ {
		end, err := t.validateRecord(w, i, off)
		if err != nil {
			return Table{}, err
		}
		off = end
	}
	t.data = data[:off]
	return t, nil
}

// validateRecord checks record i at table offset off and returns the offset
// just past it.
func (t *Table) validateRecord(w where, i, off int) (int, error) {
	w.record = i
	numLoc, liveOff, end, ok := t.recordLayout(off)
	if !ok {
		switch {
		case off+recordHeaderSize > len(t.data):
			return 0, w.fail(t.base+off, ErrTruncated, "record header needs %d bytes, %d remain", recordHeaderSize, len(t.data)-off)
		case liveOff+liveOutHeader > len(t.data):
			return 0, w.fail(t.base+off+14, ErrTruncated, "%d locations run past the end of the table", numLoc)
		default:
			return 0, w.fail(t.base+liveOff+2, ErrTruncated, "%d live-outs run past the end of the table", t.ord.u16(t.data, liveOff+2))
		}
	}
	size := t.version.locationSize()
	for j := 0; j < numLoc; j++ {
		lo := off + recordHeaderSize + j*size
		l := t.location(lo)
		lw := w
		lw.location = j
		if !l.Kind.Valid() {
			return 0, lw.fail(t.base+lo, ErrLocationKind, "location kind %d is not 1 to 5", uint8(l.Kind))
		}
		if l.Kind == ConstantIndex && l.ConstantIndex() >= t.numConstants {
			return 0, lw.fail(t.base+lo, ErrConstantIndex, "constant index %d, the table has %d constants", l.ConstantIndex(), t.numConstants)
		}
	}
	return end, nil
}
