package stackmap

import (
	"encoding/binary"
	"errors"
	"iter"
	"sync"
)

// Section is a decoded stack map section: one or more tables back to back.
type Section struct {
	data   []byte
	ord    order
	tables []Table
	one    [1]Table // the table of a single-table section, allocated with it
}

// Parse decodes and validates a stack map section held in data, read in the
// given byte order (the target's). The returned Section refers to data; it
// copies none of it, so data must not change while the Section is in use.
//
// Every table in data is found and validated: counts fit in the bytes,
// records walk exactly to the table's end, record counts sum to the number
// of records, location kinds are 1 to 5, constant indexes are in range.
// Reserved fields and alignment padding must be zero, as LLVM writes them
// (ErrReserved). On failure the error is a *DecodeError (or, for a nil
// byteOrder, a plain error); when the bytes are in another project's
// layout (DetectDialect), a *DialectError that names it, matching
// ErrDialect, wraps the *DecodeError.
//
// Parse makes one allocation for a section of one table and two for more,
// whatever the number of tables.
func Parse(data []byte, byteOrder binary.ByteOrder) (*Section, error) {
	if byteOrder == nil {
		return nil, errors.New("stackmap: Parse needs a byte order")
	}
	s, err := parse(data, orderOf(byteOrder), nil)
	if err != nil {
		return nil, nameDialect(data, orderOf(byteOrder), err)
	}
	return s, nil
}

// tableSpan is what Parse keeps of each table of a many-table section
// between validating it and making it: enough to make it without reading
// its bytes again (which, in a large section, have left the cache by then).
type tableSpan struct {
	end        uint32 // section offset just past the table
	nf, nc, nr uint32
	version    Version
}

// spanPool holds the scratch lists of tableSpans that sections of many
// tables are validated into before their tables are made in one exact
// allocation.
var spanPool = sync.Pool{New: func() any { return new([]tableSpan) }}

// parse validates data; every table refers to sd.
func parse(data []byte, ord order, sd *SectionData) (*Section, error) {
	if len(data) == 0 {
		return nil, at(-1).fail(0, ErrNoTables, "section is empty")
	}
	if uint64(len(data)) > maxSectionSize {
		return nil, at(-1).fail(0, ErrMalformed, "section of %d bytes is larger than the 4 GiB a stack map section can address", len(data))
	}
	s := &Section{data: data, ord: ord}
	t := &s.one[0]
	if err := t.parse(data, 0, 0, ord); err != nil {
		return nil, err
	}
	t.sd = sd
	if len(t.data) == len(data) {
		s.tables = s.one[:]
		return s, nil
	}
	// Many tables: validate each into a scratch table, keeping only its
	// span, then make them all in one allocation.
	scratch := spanPool.Get().(*[]tableSpan)
	spans := append((*scratch)[:0], t.span())
	defer func() {
		*scratch = spans[:0]
		spanPool.Put(scratch)
	}()
	var tmp Table
	for off := len(t.data); off < len(data); {
		if len(data)-off < headerSize {
			return nil, at(-1).fail(off, ErrTrailingData, "%d bytes after table %d are too few for another table", len(data)-off, len(spans)-1)
		}
		if err := tmp.parse(data[off:], off, len(spans), ord); err != nil {
			return nil, err
		}
		spans = append(spans, tmp.span())
		off += len(tmp.data)
	}
	s.one[0] = Table{}
	s.tables = make([]Table, len(spans))
	start := uint32(0)
	for i, sp := range spans {
		s.tables[i].set(data[start:sp.end], start, uint32(i), ord, sp)
		s.tables[i].sd = sd
		start = sp.end
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

// Bytes returns the section's bytes (a view, not a copy). For a section
// some of whose records' instruction offsets are relocated (RISC-V objects
// built with linker relaxation), SectionData.Parse decodes a copy with
// those fields relocated, and Bytes returns that copy.
func (s *Section) Bytes() []byte { return s.data }

// ByteOrder returns the byte order the section is read in.
func (s *Section) ByteOrder() binary.ByteOrder { return s.ord.ByteOrder() }

// span returns what Parse keeps of a validated table.
func (t *Table) span() tableSpan {
	return tableSpan{end: t.base + uint32(len(t.data)), nf: t.numFunctions, nc: t.numConstants, nr: t.numRecords, version: t.version}
}

// set sets t to the table whose bytes are data (section offset base, index
// in the section index) and whose header says what sp holds.
func (t *Table) set(data []byte, base, index uint32, ord order, sp tableSpan) {
	v := sp.version
	t.data, t.base, t.index, t.ord = data, base, index, ord
	t.version, t.locSize = v, uint8(v.locationSize())
	t.numFunctions, t.numConstants, t.numRecords = sp.nf, sp.nc, sp.nr
	t.constantsOff = uint32(headerSize + int(sp.nf)*v.functionSize())
	t.recordsOff = t.constantsOff + sp.nc*constantSize
}

// parse validates the table that starts at the beginning of data (section
// offset base) and sets t to it, trimmed to its own length.
func (t *Table) parse(data []byte, base, index int, ord order) error {
	if err := t.parseHeader(data, base, index, ord); err != nil {
		return err
	}
	end, bad := t.validateRecords()
	if bad >= 0 {
		return t.recordError(bad)
	}
	t.data = data[:end]
	return nil
}

// parseHeader validates the header and the function records of the table
// that starts at the beginning of data (section offset base) and sets t to
// it, untrimmed: the header's version and reserved fields, counts that fit
// in the bytes, and record counts that sum to the number of records.
func (t *Table) parseHeader(data []byte, base, index int, ord order) error {
	if t.headerOK(data, base, index, ord) {
		return nil
	}
	if err := t.headerError(data, base, index, ord); err != nil {
		return err
	}
	return at(index).fail(base, ErrMalformed, "table header refused") // headerError finds what headerOK refused
}

// headerOK is parseHeader without the errors: it reports whether the
// header and function records are valid and, when they are, sets t. It
// builds no error, so its frame stays small: a section of many tables
// (a linked binary's) calls it once per table.
func (t *Table) headerOK(data []byte, base, index int, ord order) bool {
	if len(data) < headerSize {
		return false
	}
	v := Version(data[0])
	if v != Version1 && v != Version2 && v != Version3 {
		return false
	}
	if data[1] != 0 || ord.U16(data, 2) != 0 {
		return false
	}
	nf, nc, nr := uint64(ord.U32(data, 4)), uint64(ord.U32(data, 8)), uint64(ord.U32(data, 12))
	avail := uint64(len(data))
	need := uint64(headerSize) + nf*uint64(v.functionSize()) + nc*constantSize
	if need+nr*minRecordSize > avail { // each count is below 2^32: no overflow
		return false
	}
	t.set(data, uint32(base), uint32(index), ord, tableSpan{nf: uint32(nf), nc: uint32(nc), nr: uint32(nr), version: v})
	if v.hasRecordCount() {
		var sum uint64
		for off := headerSize + 16; off < int(t.constantsOff); off += 24 {
			c := ord.U64(data, off)
			if c > nr-sum {
				return false
			}
			sum += c
		}
		if sum != nr {
			return false
		}
	}
	return true
}

// headerError is parseHeader's error for a header headerOK refused.
func (t *Table) headerError(data []byte, base, index int, ord order) error {
	w := at(index)
	if len(data) < headerSize {
		return w.fail(base, ErrTruncated, "table header needs %d bytes, %d remain", headerSize, len(data))
	}
	v := Version(data[0])
	switch v {
	case Version1, Version2, Version3:
	case 0:
		return w.fail(base, ErrUnsupportedVersion, "version 0: the unversioned pre-release layout of LLVM 3.4 is not supported")
	default:
		return w.fail(base, ErrUnsupportedVersion, "version %d is not a stack map version this decoder knows (1, 2, 3)", v)
	}
	if data[1] != 0 {
		return w.fail(base+1, ErrReserved, "header reserved byte is %#x, LLVM writes 0", data[1])
	}
	if r := ord.U16(data, 2); r != 0 {
		return w.fail(base+2, ErrReserved, "header reserved 16 bits are %#x, LLVM writes 0", r)
	}
	nf, nc, nr := uint64(ord.U32(data, 4)), uint64(ord.U32(data, 8)), uint64(ord.U32(data, 12))

	// Refuse counts the bytes cannot hold before anything is sized by them.
	avail := uint64(len(data))
	need := uint64(headerSize) + nf*uint64(v.functionSize())
	if need > avail {
		return w.fail(base+4, ErrTruncated, "%d functions need %d bytes, the table has %d", nf, need, avail)
	}
	need += nc * constantSize
	if need > avail {
		return w.fail(base+8, ErrTruncated, "%d constants need %d bytes after the functions, the table has %d", nc, need, avail)
	}
	if need+nr*minRecordSize > avail {
		return w.fail(base+12, ErrTruncated, "%d records need at least %d bytes, the table has %d", nr, need+nr*minRecordSize, avail)
	}
	t.set(data, uint32(base), uint32(index), ord, tableSpan{nf: uint32(nf), nc: uint32(nc), nr: uint32(nr), version: v})

	if v.hasRecordCount() {
		var sum uint64
		for i := 0; i < int(nf); i++ {
			c := t.recordCount(i)
			if c > nr-sum {
				fw := w
				fw.function = i
				return fw.fail(base+t.functionOff(i)+16, ErrRecordCount, "function record counts exceed the table's %d records", nr)
			}
			sum += c
		}
		if sum != nr {
			return w.fail(base+12, ErrRecordCount, "function record counts sum to %d, the table has %d records", sum, nr)
		}
	}
	return nil
}

// recordError says what is wrong with record i, which validation refused
// (checkRecord's conditions, in the order of the record's bytes). It walks
// to the record again; this runs once, on bad input.
func (t *Table) recordError(i int) *DecodeError {
	w := at(int(t.index))
	w.record = i
	off := int(t.recordsOff)
	for j := 0; j < i; j++ {
		off = t.recordAt(off, j, -1).end()
	}
	d, base, ord, size := t.data, int(t.base), t.ord, int(t.locSize)
	if off+recordHeaderSize > len(d) {
		return w.fail(base+off, ErrTruncated, "record header needs %d bytes, %d remain", recordHeaderSize, len(d)-off)
	}
	if fl := ord.U16(d, off+12); fl != 0 {
		return w.fail(base+off+12, ErrReserved, "record flags (reserved) are %#x, LLVM writes 0", fl)
	}
	numLoc := int(ord.U16(d, off+14))
	locEnd := off + recordHeaderSize + numLoc*size
	live := align8(locEnd)
	if live+liveOutHeader > len(d) {
		return w.fail(base+off+14, ErrTruncated, "%d locations run past the end of the table", numLoc)
	}
	for j := 0; j < numLoc; j++ {
		lo := off + recordHeaderSize + j*size
		l := t.location(lo)
		lw := w
		lw.location = j
		if !l.Kind.Valid() {
			return lw.fail(base+lo, ErrLocationKind, "location kind %d is not 1 to 5", uint8(l.Kind))
		}
		if l.Kind == ConstantIndex && uint32(l.Offset) >= t.numConstants {
			return lw.fail(base+lo, ErrConstantIndex, "constant index %d, the table has %d constants", uint32(l.Offset), t.numConstants)
		}
		if t.version == Version3 {
			if r := d[lo+locationReserved0Field]; r != 0 {
				return lw.fail(base+lo+locationReserved0Field, ErrReserved, "location reserved byte is %#x, LLVM writes 0", r)
			}
			if r := ord.U16(d, lo+locationReserved1Field); r != 0 {
				return lw.fail(base+lo+locationReserved1Field, ErrReserved, "location reserved 16 bits are %#x, LLVM writes 0", r)
			}
		}
	}
	for p := locEnd; p < live; p++ {
		if d[p] != 0 {
			return w.fail(base+p, ErrReserved, "alignment padding after the locations is %#x, LLVM writes 0", d[p])
		}
	}
	nlo := int(ord.U16(d, live+2))
	end := align8(live + liveOutHeader + nlo*liveOutSize)
	if end > len(d) {
		return w.fail(base+live+2, ErrTruncated, "%d live-outs run past the end of the table", nlo)
	}
	if p := ord.U16(d, live); p != 0 {
		return w.fail(base+live, ErrReserved, "live-out header padding is %#x, LLVM writes 0", p)
	}
	for j := 0; j < nlo; j++ {
		lo := live + liveOutHeader + j*liveOutSize
		if r := d[lo+liveOutReservedField]; r != 0 {
			lw := w
			lw.liveOut = j
			return lw.fail(base+lo+liveOutReservedField, ErrReserved, "live-out reserved byte is %#x, LLVM writes 0", r)
		}
	}
	for p := live + liveOutHeader + nlo*liveOutSize; p < end; p++ {
		if d[p] != 0 {
			return w.fail(base+p, ErrReserved, "alignment padding after the live-outs is %#x, LLVM writes 0", d[p])
		}
	}
	// checkRecord refused the record: one of the checks above fails.
	return w.fail(base+off, ErrMalformed, "record refused")
}
