package stackmap

import "iter"

// recordIter walks a table's records in order without allocating.
type recordIter struct {
	t      *Table
	off    int
	index  int
	fn     int    // function owning the next record
	fnLeft uint64 // records of fn not yet visited
	rec    Record
}

// records returns an iterator positioned before the first record.
func (t *Table) records() recordIter {
	it := recordIter{t: t, off: t.recordsOff, fn: -1}
	if !t.version.hasRecordCount() && t.numFunctions == 1 {
		it.fn = 0
		it.fnLeft = ^uint64(0)
	}
	return it
}

// next advances to the next record and reports whether there is one.
func (it *recordIter) next() bool {
	t := it.t
	if t == nil || it.index >= t.numRecords {
		return false
	}
	if t.version.hasRecordCount() {
		for it.fnLeft == 0 && it.fn+1 < t.numFunctions {
			it.fn++
			it.fnLeft = t.recordCount(it.fn)
		}
		it.fnLeft--
	}
	it.rec = t.recordAt(it.off, it.index, it.fn)
	it.off = it.rec.end
	it.index++
	return true
}

// Records iterates over the table's records in order, with their indexes.
func (t *Table) Records() iter.Seq2[int, Record] {
	return func(yield func(int, Record) bool) {
		it := t.records()
		for it.next() {
			if !yield(it.rec.index, it.rec) {
				return
			}
		}
	}
}

// recordLayout computes the layout of the record at table offset off: its
// number of locations, the offset of its live-out header and the offset
// just past it. ok is false when the record does not fit in the table.
func (t *Table) recordLayout(off int) (numLoc, liveOff, end int, ok bool) {
	d := t.data
	if off+recordHeaderSize > len(d) {
		return 0, 0, 0, false
	}
	numLoc = int(t.ord.u16(d, off+14))
	liveOff = off + recordHeaderSize + numLoc*t.version.locationSize()
	if t.version == Version3 {
		liveOff = align8(liveOff)
	}
	if liveOff+liveOutHeader > len(d) {
		return numLoc, liveOff, 0, false
	}
	numLive := int(t.ord.u16(d, liveOff+2))
	end = align8(liveOff + liveOutHeader + numLive*liveOutSize)
	if end > len(d) {
		return numLoc, liveOff, end, false
	}
	return numLoc, liveOff, end, true
}
