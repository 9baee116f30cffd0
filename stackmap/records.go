package stackmap

import (
	"iter"
	"sync/atomic"
	"unsafe"
)

// Records iterates over the table's records in order, with their indexes.
func (t *Table) Records() iter.Seq2[int, Record] {
	return func(yield func(int, Record) bool) {
		// Every walk over a table's records comes through here: the hot path.
		d, ord, size := t.data, t.ord, int(t.locSize)
		off, fn, left := int(t.recordsOff), int32(-1), uint64(0)
		counted := t.version.hasRecordCount()
		if !counted && t.numFunctions == 1 {
			fn, left = 0, ^uint64(0)
		}
		for i := 0; i < int(t.numRecords); i++ {
			if counted {
				for left == 0 && int(fn)+1 < int(t.numFunctions) {
					fn++
					left = t.recordCount(int(fn))
				}
				left--
			}
			numLoc := int(ord.U16(d, off+14))
			live := align8(off + recordHeaderSize + numLoc*size)
			numLive := int(ord.U16(d, live+2))
			if !yield(i, newRecord(t, off, numLoc, numLive, int32(i), fn)) {
				return
			}
			off = align8(live + liveOutHeader + numLive*liveOutSize)
		}
	}
}

// recordAt returns the view of the record at table offset off, which
// validation has already checked.
func (t *Table) recordAt(off, index, function int) Record {
	numLoc := int(t.ord.U16(t.data, off+14))
	numLive := int(t.ord.U16(t.data, align8(off+recordHeaderSize+numLoc*int(t.locSize))+2))
	return newRecord(t, off, numLoc, numLive, int32(index), int32(function))
}

// recordIndex works out the index of the record at table offset off, which
// belongs to function fn (or to no known function, fn < 0), by walking
// from the first record of its function.
func (t *Table) recordIndex(fn int, off uint32) int {
	pos, index := int(t.recordsOff), 0
	if fn >= 0 && t.version.hasRecordCount() {
		starts := t.functionStarts()
		pos, index = int(starts[2*fn]), int(starts[2*fn+1])
	}
	for pos < int(off) && index < int(t.numRecords) {
		pos = t.recordAt(pos, index, fn).end()
		index++
	}
	return index
}

// functionStarts returns, for each function of a version 2 or 3 table, the
// table offset and the index of its first record, built on first use.
func (t *Table) functionStarts() []uint32 {
	if p := atomic.LoadPointer(&t.starts); p != nil {
		return *(*[]uint32)(p)
	}
	starts := make([]uint32, 0, 2*t.numFunctions)
	fn := -1
	for i, r := range t.Records() {
		for fn < int(r.function()) {
			fn++
			starts = append(starts, r.off, uint32(i))
		}
	}
	for fn+1 < int(t.numFunctions) { // functions with no records, at the end
		fn++
		starts = append(starts, uint32(len(t.data)), t.numRecords)
	}
	atomic.StorePointer(&t.starts, unsafe.Pointer(&starts))
	return starts
}
