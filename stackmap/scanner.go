package stackmap

import (
	"encoding/binary"
	"errors"
	"math"
)

// Scanner reads a stack map section in one pass, table after table and
// record after record, validating each part as it reaches it: Parse's
// checks (reserved fields included), fused into the walk. It keeps no list
// of tables and allocates nothing per table or record, so a section of
// many tables (a linked binary holds one per object) costs no memory in
// proportion to them. Parse, which validates everything before handing
// anything out and then answers random access (Section.Table, NewIndex),
// suits the rest.
//
// Use it as bufio.Scanner is used:
//
//	sc := stackmap.NewScanner(data, binary.LittleEndian)
//	for sc.NextTable() {
//		t := sc.Table()
//		... t.Function(i), t.Constant(i) ...
//		for sc.NextRecord() {
//			r := sc.View() // or sc.Record(), the full view
//			... r.ID(), r.Location(i), r.LiveOut(i) ...
//		}
//	}
//	if err := sc.Err(); err != nil { ... }
//
// NextTable and NextRecord return false at the end and at the first fault;
// Err then says which (nil at the end), with the *DecodeError Parse returns
// for the same bytes. Everything handed out before the fault passed every
// check; nothing is handed out after it. A table whose records were not all
// read is validated to its end by the next call to NextTable.
//
// The Table, Records and RecordViews handed out are views of the
// Scanner's current table: they stay valid until the next call to
// NextTable, which reuses the Table for the next one (a RecordView of a
// table that is not little-endian version 3 stays valid only until the
// next NextRecord). A Table's Size and Bytes cover the rest of the section
// until NextRecord has returned false for it.
//
// How it is built, and why: records are validated scanBatch at a time by
// one loop that keeps its state in registers (the iterators of
// Table.Records and Record.Locations keep theirs in memory), then handed
// out by NextRecord, which inlines; RecordView's accessors inline too, so a
// walk over a section compiles to plain loops with its sums in registers.
// perf/run.sh measures it against LLVM's StackMapParser (perf/README.md).
type Scanner struct {
	data []byte
	ord  order
	t    Table

	// The batch: up to scanBatch records validated in one call, handed
	// out one by one by NextRecord, which inlines. Record k of the batch
	// is d[offs[k]:offs[k+1]] and belongs to function fns[k].
	// View's record k is view[voffs[k]:voffs[k+1]]: the table's own bytes
	// when it is little-endian version 3, else buf, the batch's records
	// converted to that layout.
	k, n  int
	offs  [scanBatch + 1]uint32
	fns   [scanBatch]int32
	view  []byte
	vo    *[scanBatch + 1]uint32 // &offs, or &voffs for a converted batch
	voffs [scanBatch + 1]uint32
	buf   []byte

	off     int    // table offset of the next record to validate
	i       int    // records of the current table validated
	fn      int32  // the function of record i-1, or -1
	counted bool   // the table's functions have record counts
	left    uint64 // records of function fn not yet validated
	fault   bool   // record i is faulty: report it once the batch is read
	slots   bool   // check locations keySlots at a time (Table.useSlots)

	next    int  // section offset of the next table, once the records are done
	started bool // NextTable has been called
	ended   bool // the current table's records are all validated
	err     error
}

// scanBatch is the number of records a Scanner validates and decodes at a
// time: its loop keeps its state in registers, and the batch's bytes are
// still in the cache when they are handed out.
const scanBatch = 64

// NewScanner returns a Scanner over data, a stack map section read in the
// given byte order (the target's). It refers to data, copying none of it.
func NewScanner(data []byte, byteOrder binary.ByteOrder) *Scanner {
	s := &Scanner{data: data}
	s.vo = &s.offs
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

// Record returns the record the last successful NextRecord reached (call
// it only after NextRecord returned true).
func (s *Scanner) Record() Record {
	k := s.k & (scanBatch - 1)
	return s.t.recordAt(int(s.offs[k]), s.i-s.n+k, int(s.fns[k]))
}

// View returns the lean view of the record the last successful NextRecord
// reached: its fields, locations and live-outs, read with accessors that
// inline (see RecordView). Call it only after NextRecord returned true.
func (s *Scanner) View() RecordView {
	k := s.k & (scanBatch - 1)
	return RecordView{b: s.view[s.vo[k]:s.vo[k+1]]}
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
			s.err = at(-1).fail(0, ErrNoTables, "section is empty")
			return false
		}
		if uint64(len(s.data)) > maxSectionSize {
			s.err = at(-1).fail(0, ErrMalformed, "section of %d bytes is larger than the 4 GiB a stack map section can address", len(s.data))
			return false
		}
	} else {
		for s.NextRecord() { // validate what was not read
		}
		if s.err != nil {
			return false
		}
		base, index = s.next, int(s.t.index)+1
		if base == len(s.data) {
			return false
		}
		if len(s.data)-base < headerSize {
			s.err = at(-1).fail(base, ErrTrailingData, "%d bytes after table %d are too few for another table", len(s.data)-base, index-1)
			return false
		}
	}
	s.t = Table{}
	if err := s.t.parseHeader(s.data[base:], base, index, s.ord); err != nil {
		s.err = err
		return false
	}
	t := &s.t
	s.off, s.i, s.ended, s.k, s.n = int(t.recordsOff), 0, false, 0, 0
	s.counted, s.fn, s.left, s.slots = t.version.hasRecordCount(), -1, 0, t.useSlots()
	if !s.counted && t.numFunctions == 1 {
		s.fn, s.left = 0, math.MaxUint64
	}
	return true
}

// NextRecord moves to the next record of the current table, validating it
// (Parse's checks: it fits, its location kinds and constant indexes, its
// reserved fields and padding). It returns false after the table's last
// record or at a fault (see Err).
func (s *Scanner) NextRecord() bool {
	if s.k+1 < s.n {
		s.k++
		return true
	}
	return s.nextBatch()
}

// nextBatch validates the next batch of records, stopping before a
// faulty one, and moves to its first record.
func (s *Scanner) nextBatch() bool {
	if s.err != nil || !s.started {
		return false
	}
	s.k, s.n = 0, 0
	if s.fault {
		s.err = s.t.recordError(s.i)
		return false
	}
	if s.i >= int(s.t.numRecords) {
		if !s.ended {
			s.ended = true
			s.t.data = s.t.data[:s.off]
			s.next = int(s.t.base) + s.off
		}
		return false
	}
	n := s.checkBatch(min(scanBatch, int(s.t.numRecords)-s.i))
	s.n = n
	if n == 0 {
		s.err = s.t.recordError(s.i)
		return false
	}
	if s.t.locSize == locationSizeV3 && !s.t.ord.big {
		s.view, s.vo = s.t.data, &s.offs
	} else {
		s.convertBatch(n)
	}
	return true
}

// convertBatch writes the batch's n records, which checkBatch validated,
// into buf in the little-endian version 3 layout, for View: what LLVM
// would have written for them on a little-endian target.
func (s *Scanner) convertBatch(n int) {
	t, le := &s.t, binary.LittleEndian
	d, ord, size := t.data, t.ord, int(t.locSize)
	buf := s.buf[:0]
	for j := range n {
		off := int(s.offs[j])
		nl := int(ord.u16(d, off+14))
		s.voffs[j] = uint32(len(buf))
		buf = le.AppendUint64(buf, ord.u64(d, off))
		buf = le.AppendUint32(buf, ord.u32(d, off+8))
		buf = le.AppendUint16(buf, ord.u16(d, off+12))
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
		nlo := int(ord.u16(d, live+2))
		buf = le.AppendUint16(buf, 0)
		buf = le.AppendUint16(buf, uint16(nlo))
		for x := range nlo {
			lo := t.liveOut(live + liveOutHeader + x*liveOutSize)
			buf = le.AppendUint16(buf, lo.Reg)
			buf = append(buf, lo.Reserved, lo.Size)
		}
		buf = append(buf, make([]byte, align8(len(buf))-len(buf))...)
	}
	s.voffs[n] = uint32(len(buf))
	s.buf, s.view, s.vo = buf, buf, &s.voffs
}

// checkBatch validates up to n records from record s.i and notes where
// each is and its function. It returns how many it did: n, or fewer when a
// record is faulty (s.fault is then set). The checks are those of
// Table.checkRecords; in tables Parse checks by slots (useSlots), records
// of up to keySlots locations have theirs checked keySlots at a time, with
// no branch on their contents (see validateSlots), and a batch that fails them is
// checked again by checkRecords to find the faulty record.
func (s *Scanner) checkBatch(n int) int {
	t := &s.t
	d, ord, size, start := t.data, t.ord, int(t.locSize), s.off
	limit, resMask := keyLimit(t.numConstants), t.locReservedMask()
	slots := s.slots
	offs := &s.offs
	offs[0] = uint32(start)
	var worst, z uint64
	off, j := start, 0
	for ; j < n; j++ {
		if off+recordHeaderSize > len(d) {
			break
		}
		loc, nl := off+recordHeaderSize, int(ord.u16(d, off+14))
		locEnd := loc + nl*size
		live := align8(locEnd)
		if live+liveOutHeader > len(d) {
			break
		}
		nlo := int(ord.u16(d, live+2))
		next := align8(live + liveOutHeader + nlo*liveOutSize)
		if next > len(d) {
			break
		}
		z |= le64(d, off+8)&flagsMask | padAfterLocations(d, locEnd, live)
		if nlo < 4 && live+16 <= len(d) { // liveOutReserved, inlined
			w, m := d[live:live+16:live+16], liveWordMasks[nlo&3]
			z |= binary.LittleEndian.Uint64(w)&m[0] | binary.LittleEndian.Uint64(w[8:])&m[1]
		} else {
			z |= liveOutReservedWords(d, live, nlo, next)
		}
		if slots && nl <= keySlots && loc+keySlots*locationSizeV3 <= len(d) {
			w := d[loc : loc+keySlots*locationSizeV3 : loc+keySlots*locationSizeV3]
			a := max(slotKey(w, 0, nl), slotKey(w, 1, nl), slotKey(w, 2, nl), slotKey(w, 3, nl))
			b := max(slotKey(w, 4, nl), slotKey(w, 5, nl), slotKey(w, 6, nl), slotKey(w, 7, nl))
			c := max(slotKey(w, 8, nl), slotKey(w, 9, nl), slotKey(w, 10, nl), slotKey(w, 11, nl))
			worst = max(worst, a, b, c)
		} else {
			for ; loc < locEnd; loc += size {
				z |= le64(d, loc) & resMask
				if k := d[loc]; k-1 >= 4 && locationKey(k, ord.u32(d, loc+size-4)) >= limit {
					worst = limit
				}
			}
		}
		off = next
		offs[j+1] = uint32(off)
	}
	if worst >= limit || z != 0 {
		// A fault among records 0 to j-1 of the batch: which one.
		if _, bad := t.checkRecords(start, j); bad >= 0 {
			j = bad
			off = int(offs[j])
		}
	}
	// The records' functions.
	fn, left, fns := s.fn, s.left, &s.fns
	if s.counted {
		nf := int(t.numFunctions)
		for x := range j {
			for left == 0 && int(fn)+1 < nf {
				fn++
				left = t.recordCount(int(fn))
			}
			left--
			fns[x&(scanBatch-1)] = fn
		}
	} else {
		for x := range j {
			fns[x&(scanBatch-1)] = fn
		}
	}
	s.fault = j < n
	s.off, s.i, s.fn, s.left = off, s.i+j, fn, left
	return j
}
