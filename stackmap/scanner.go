package stackmap

import (
	"encoding/binary"
	"errors"
	"math"
)

// Scanner reads a stack map section in one pass, table after table and
// record after record, validating each record as it reaches it: Parse's
// checks (reserved fields included), made before the record is handed
// out. It keeps no list of tables and allocates nothing per table or
// record, so a section of many tables (a linked binary holds one per
// object) costs no memory in proportion to them. Parse, which validates
// everything before handing anything out and then answers random access
// (Section.Table, NewIndex), suits the rest.
//
// The fast way to read every record of a section is NextView, whose
// RecordView comes back in registers and whose accessors inline:
//
//	sc := stackmap.NewScanner(data, binary.LittleEndian)
//	for sc.NextTable() {
//		t := sc.Table()
//		... t.Function(i), t.Constant(i) ...
//		for r := sc.NextView(); r.Valid(); r = sc.NextView() {
//			... r.ID(), r.LiveOut(i) ...
//			for c := r.Locations(); c.Valid(); c = c.Next() {
//				... c.Location() ...
//			}
//		}
//	}
//	if err := sc.Err(); err != nil { ... }
//
// NextRecord, followed by View or Record (the full view: offset, function,
// address, statepoint), walks the same records as bufio.Scanner is used.
// NextTable, NextRecord and NextView stop at the end and at the first
// fault; Err then says which (nil at the end), with the error Parse
// returns for the same bytes: a *DecodeError, wrapped in a *DialectError
// when the bytes are another project's layout (DetectDialect). Everything
// handed out before the fault passed every check; nothing is handed out
// after it. A table whose records were not all read is validated to its
// end by the next call to NextTable.
//
// The Table, Records and RecordViews handed out are views of the
// Scanner's current table: they stay valid until the next call to
// NextTable, which reuses the Table for the next one (a RecordView of a
// table that is not little-endian version 3 stays valid only until the
// next NextRecord or NextView). A Table's Size and Bytes cover the rest of
// the section until the table's records have all been read.
//
// Why this shape: the loop a caller writes around NextView has no closure
// in it (range-over-func iterators such as Table.Records put the caller's
// sums in memory), the record comes back as one slice in registers, and
// the view's accessors are plain loads; the Scanner this replaced
// validated records in batches and handed them out from its own fields,
// which cost more than it saved. perf/run.sh measures it against LLVM's
// StackMapParser (perf/README.md).
type Scanner struct {
	data []byte
	ord  order
	t    Table

	curOff uint32 // table offset of the current record
	buf    []byte // the current record, converted, for tables that are not little-endian version 3

	off     uint32 // table offset of the next record to validate (sections are below 4 GiB: maxSectionSize)
	i       int    // records of the current table handed out
	limit   uint64 // keyLimit of the current table
	counted bool   // the table's functions have record counts
	// direct is the current table's record count while NextView's fast
	// path applies (a little-endian version 3 table, no fault yet), else
	// 0: the fast path's one test, s.i < direct.
	direct int

	// Which function a record belongs to is worked out only when Record
	// asks (function), not per record: a walk that reads views never
	// needs it (keeping it up to date per record cost about 2% of the
	// linked section's walk, 54.5 against 53.5 ns a record).
	fn    int32  // the function of record fnRec-1, or -1
	fnRec int    // records of the current table assigned to a function
	left  uint64 // records of function fn after record fnRec-1

	next    int  // section offset of the next table, once the records are done
	started bool // NextTable has been called
	ended   bool // the current table's records are all validated
	err     error
}

// NewScanner returns a Scanner over data, a stack map section read in the
// given byte order (the target's). It refers to data, copying none of it.
func NewScanner(data []byte, byteOrder binary.ByteOrder) *Scanner {
	s := &Scanner{data: data}
	if byteOrder == nil {
		s.err = errors.New("stackmap: NewScanner needs a byte order")
		return s
	}
	s.ord = orderOf(byteOrder)
	return s
}

// Err returns the fault that stopped the scan, or nil when the section
// was read to its end (or not yet).
func (s *Scanner) Err() error { return s.err }

// Table returns the current table: the one the last successful NextTable
// reached.
func (s *Scanner) Table() *Table { return &s.t }

// Record returns the record the last successful NextRecord or NextView
// reached (call it only after one of them succeeded).
func (s *Scanner) Record() Record {
	return s.t.recordAt(int(s.curOff), s.i-1, s.function())
}

// function returns the function of the current record (record i-1),
// catching up from the last record it was asked about: each record and
// function of a table is passed once, however often it is asked.
func (s *Scanner) function() int {
	t := &s.t
	for s.fnRec < s.i {
		for s.left == 0 && s.counted && int(s.fn)+1 < int(t.numFunctions) {
			s.fn++
			s.left = t.recordCount(int(s.fn))
		}
		n := uint64(s.i - s.fnRec)
		if s.left != 0 && s.left < n {
			n = s.left
		}
		s.left -= n // wraps for records no function counts (version 1), as the record walk does
		s.fnRec += int(n)
	}
	return int(s.fn)
}

// View returns the lean view of the record the last successful NextRecord
// or NextView reached: what NextView returned (see RecordView). Call it
// only after one of them succeeded.
func (s *Scanner) View() RecordView {
	if s.t.version == Version3 && !s.t.ord.Big {
		return viewOf(s.t.data[s.curOff:s.off:s.off])
	}
	return viewOf(s.buf)
}

// NextTable moves to the next table, validating its header and function
// records (and, first, the records of the current table not yet read). It
// returns false at the end of the section or at a fault (see Err).
func (s *Scanner) NextTable() bool {
	if s.err != nil {
		return false
	}
	base, index := 0, 0
	if !s.started {
		s.started = true
		if len(s.data) == 0 {
			s.fail(at(-1).fail(0, ErrNoTables, "section is empty"))
			return false
		}
		if uint64(len(s.data)) > maxSectionSize {
			s.fail(at(-1).fail(0, ErrMalformed, "section of %d bytes is larger than the 4 GiB a stack map section can address", len(s.data)))
			return false
		}
	} else {
		for !s.ended && s.NextView().Valid() { // validate what was not read
		}
		if s.err != nil {
			return false
		}
		base, index = s.next, int(s.t.index)+1
		if base == len(s.data) {
			return false
		}
		if len(s.data)-base < headerSize {
			s.fail(at(-1).fail(base, ErrTrailingData, "%d bytes after table %d are too few for another table", len(s.data)-base, index-1))
			return false
		}
	}
	if !s.ord.Big && s.nextTableLE3(base, index) {
		return true
	}
	s.t = Table{}
	if err := s.t.parseHeader(s.data[base:], base, index, s.ord); err != nil {
		s.fail(err)
		return false
	}
	t := &s.t
	s.off, s.i, s.ended = t.recordsOff, 0, false
	s.limit, s.direct = keyLimit(t.numConstants), 0
	if t.version == Version3 && !t.ord.Big {
		s.direct = int(t.numRecords)
	}
	s.counted, s.fn, s.fnRec, s.left = t.version.hasRecordCount(), -1, 0, 0
	if !s.counted && t.numFunctions == 1 {
		s.fn, s.left = 0, math.MaxUint64
	}
	return true
}

// nextTableLE3 is NextTable's fast path for a little-endian version 3
// table (what LLVM writes for x86-64, AArch64, RISC-V and ppc64le; a linked
// section holds one per object, so its fixed cost counts): headerOK's
// checks for that layout, the Table written once. It reports false, and
// changes nothing, for every other table and for any table headerOK would
// refuse; NextTable's general path then reads it (and says why it fails).
func (s *Scanner) nextTableLE3(base, index int) bool {
	data, le := s.data[base:], binary.LittleEndian
	if len(data) < headerSize {
		return false
	}
	h := (*[headerSize]byte)(data)
	if le.Uint32(h[:]) != uint32(Version3) { // the version, its reserved byte and half word
		return false
	}
	nf, nc, nr := uint64(le.Uint32(h[4:])), uint64(le.Uint32(h[8:])), uint64(le.Uint32(h[12:]))
	constantsOff := headerSize + nf*functionSizeV3
	if constantsOff+nc*constantSize+nr*minRecordSize > uint64(len(data)) { // each count is below 2^32: no overflow
		return false
	}
	// The record counts must sum to nr. A count of 2^32 or more is
	// above nr; below that, fewer than 2^32 of them cannot overflow the
	// sum, and since counts are not negative no partial sum passes nr
	// when the whole does not: no branch per function.
	var sum, high uint64
	for o := headerSize + 16; o < int(constantsOff); o += functionSizeV3 {
		c := le.Uint64(data[o : o+8])
		sum, high = sum+c, high|c
	}
	if high>>32 != 0 || sum != uint64(le.Uint32(h[12:])) { // the counts read again: fewer values live across the loop
		return false
	}
	t := &s.t
	*t = Table{}
	t.set(data, uint32(base), uint32(index), s.ord, tableSpan{nf: le.Uint32(h[4:]), nc: le.Uint32(h[8:]), nr: le.Uint32(h[12:]), version: Version3})
	s.off, s.i, s.ended = t.recordsOff, 0, false
	s.limit, s.direct = keyLimit(t.numConstants), int(t.numRecords)
	s.counted, s.fn, s.fnRec, s.left = true, -1, 0, 0
	return true
}

// NextRecord moves to the next record of the current table, validating it
// (Parse's checks: it fits, its location kinds and constant indexes, its
// reserved fields and padding). It returns false after the table's last
// record or at a fault (see Err).
func (s *Scanner) NextRecord() bool { return s.NextView().Valid() }

// NextView moves to the next record of the current table, validating it
// as NextRecord does, and returns its lean view; after the table's last
// record, or at a fault (see Err), it returns the zero RecordView, whose
// Valid is false.
func (s *Scanner) NextView() RecordView {
	// The fast path: a little-endian version 3 table, the next record
	// valid. The checks are checkRecords', spelled out here so that the
	// whole step is one call.
	if s.i >= s.direct {
		return s.nextView()
	}
	// off from a uint32: off+16 cannot overflow, so the compiler proves
	// the header's slicing below from the length check and the record's
	// from end's.
	d, off, le := s.t.data, int(s.off), binary.LittleEndian
	if off+recordHeaderSize > len(d) {
		return s.nextView()
	}
	h := (*[recordHeaderSize]byte)(d[off : off+recordHeaderSize]) // the header's fields at constant offsets
	// The two counts' loads are spelled out: an inlined call whose line
	// has no instruction of its own leaves a no-op for its mark.
	loc, n := off+recordHeaderSize, int(uint16(h[14])|uint16(h[15])<<8)
	locEnd := loc + n*locationSizeV3
	live := (locEnd + 7) &^ 7 // align8, written out as the loads are
	if live+liveOutHeader > len(d) {
		return s.nextView()
	}
	// The word before the live-out header (at least 8 bytes into the
	// record) and the header, in one slicing.
	lh := (*[8 + liveOutHeader]byte)(d[live-8 : live+liveOutHeader])
	nlo := int(uint16(lh[10]) | uint16(lh[11])<<8)
	end := (live + liveOutHeader + nlo*liveOutSize + 7) &^ 7 // align8
	if end > len(d) {
		return s.nextView()
	}
	// The padding after the locations (padAfterLocations): the high half
	// of the word before the live-out header when their count is odd.
	z := le.Uint64(h[8:])&flagsMask | le.Uint64(lh[:8])&(highHalf&-uint64(n&1))
	if nlo < 4 && live+16 <= len(d) { // two words (liveOutReservedWords)
		w, m := d[live:live+16:live+16], &liveWordMasks[nlo&3]
		z |= le.Uint64(w)&m[0] | le.Uint64(w[8:])&m[1]
	} else {
		z |= liveOutReservedWords(d, live, nlo, end)
	}
	if z != 0 {
		return s.nextView()
	}
	limit := s.limit
	// Two locations a step: half the loop's branches (its exit is what
	// the processor mispredicts when the count varies).
	// The loop runs while more than two remain: the slice left after a
	// step is then never empty, so advancing it needs no masking of its
	// pointer. The last one or two are checked after it.
	l := d[loc:locEnd:len(d)] // the capacity to len(d): fewer values kept live than with cap(d) (measured: 2 instructions a record)
	for ; len(l) > 2*locationSizeV3; l = l[2*locationSizeV3:] {
		if max(firstKey(l), firstKey(l[locationSizeV3:])) >= limit {
			return s.nextView()
		}
	}
	if len(l) == 2*locationSizeV3 {
		if max(firstKey(l), firstKey(l[locationSizeV3:])) >= limit {
			return s.nextView()
		}
	} else if len(l) == locationSizeV3 && firstKey(l) >= limit {
		return s.nextView()
	}
	s.curOff, s.off = uint32(off), uint32(end)
	s.i++
	return RecordView{b: d[off : live+liveOutHeader : end]}
}

// nextView is NextView for every other case: the end of the table, a
// fault, a table in another layout.
func (s *Scanner) nextView() RecordView {
	t := &s.t
	if s.i >= int(t.numRecords) || s.err != nil || !s.started {
		s.endRecords()
		return RecordView{}
	}
	off := int(s.off)
	end, bad := t.checkRecords(off, 1)
	if bad >= 0 {
		s.fail(t.recordError(s.i))
		return RecordView{}
	}
	s.curOff, s.off = uint32(off), uint32(end)
	s.i++
	if s.direct != 0 { // records left (s.i was below NumRecords), so a direct table
		return viewOf(t.data[off:end:end])
	}
	return viewOf(s.convert(off))
}

// fail stops the scan at err, a *DecodeError, which it wraps in the
// *DialectError that names another project's layout when the bytes are
// one, as Parse does.
func (s *Scanner) fail(err error) {
	s.err, s.direct = nameDialect(s.data, s.ord, err), 0
}

// endRecords notes that the current table's records are all read (or
// that a fault stopped them): the table ends where its records do.
func (s *Scanner) endRecords() {
	s.direct = 0
	if s.err != nil || !s.started || s.ended {
		return
	}
	s.ended = true
	s.t.data = s.t.data[:s.off]
	s.next = int(s.t.base) + int(s.off)
}

// convert writes the record at table offset off, which checkRecords
// validated, into buf in the little-endian version 3 layout, for View:
// what LLVM would have written for it on a little-endian target.
func (s *Scanner) convert(off int) []byte {
	t, le := &s.t, binary.LittleEndian
	d, ord, size := t.data, t.ord, int(t.locSize)
	nl := int(ord.U16(d, off+14))
	buf := le.AppendUint64(s.buf[:0], ord.U64(d, off))
	buf = le.AppendUint32(buf, ord.U32(d, off+8))
	buf = le.AppendUint16(buf, ord.U16(d, off+12))
	buf = le.AppendUint16(buf, uint16(nl))
	for x := range nl {
		l := t.location(off + recordHeaderSize + x*size)
		buf = append(buf, byte(l.Kind), 0)
		buf = le.AppendUint16(buf, l.Size)
		buf = le.AppendUint16(buf, l.Reg)
		buf = le.AppendUint16(buf, 0)
		buf = le.AppendUint32(buf, uint32(l.Offset))
	}
	buf = append(buf, make([]byte, align8(len(buf))-len(buf))...)
	live := align8(off + recordHeaderSize + nl*size)
	nlo := int(ord.U16(d, live+2))
	buf = le.AppendUint16(buf, 0)
	buf = le.AppendUint16(buf, uint16(nlo))
	for x := range nlo {
		lo := t.liveOut(live + liveOutHeader + x*liveOutSize)
		buf = le.AppendUint16(buf, lo.Reg)
		buf = append(buf, lo.Reserved, lo.Size)
	}
	buf = append(buf, make([]byte, align8(len(buf))-len(buf))...)
	s.buf = buf
	return buf
}
