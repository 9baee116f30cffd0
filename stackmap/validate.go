package stackmap

import (
	"encoding/binary"
	"math/bits"
)

// Parse's location checks. A location is valid when its kind is 1 to 5
// and, for ConstantIndex (5), its offset field indexes one of the table's
// constants. Both conditions are one unsigned comparison of a key made of
// the kind and the offset field, kind<<32 | field, less 1<<32:
//
//   - kinds 1 to 4 give keys below 4<<32, whatever the field;
//   - kind 5 gives 4<<32 + field, below 4<<32 + NumConstants exactly when
//     the index is in range;
//   - kind 0 wraps around to the top, and kinds 6 and up give 5<<32 or more.
//
// So a table's locations are valid when the largest key is below
// keyLimit(NumConstants): validateSlots keeps that maximum, with no branch
// on what a location holds; the loop of validateRecords compares the key of
// each location whose kind is not 1 to 4.

// locationKey returns the key of a location of the given kind whose
// offset field (the constant index, for ConstantIndex) holds field.
func locationKey(kind byte, field uint32) uint64 {
	return (uint64(kind)<<32 | uint64(field)) - 1<<32
}

// keyLimit returns the bound every location key of a table with
// numConstants constants must stay below.
func keyLimit(numConstants uint32) uint64 { return 4<<32 + uint64(numConstants) }

// Records of little-endian version 3 tables (what LLVM emits for x86-64,
// AArch64, RISC-V and ppc64le) with up to keySlots locations can be
// checked without a loop. A loop over each record's locations ends at a
// branch the processor cannot predict when the number of locations varies,
// once per record; reading keySlots slots and zeroing the keys of those
// past the record's locations (0 is a valid key) costs less, when records
// are large. For small records (LLVM's statepoints and patchpoints with a
// few values) and for records whose counts do not vary (the loop's exit is
// then predicted) the loop costs less.
const (
	keySlots = 12
	// slotsRecordSize is the average record size, in bytes, at or below
	// which the loop is kept: a record with 4 locations, no live-outs.
	slotsRecordSize = recordHeaderSize + 4*locationSizeV3 + liveOutHeader + 4
	// slotsMinRecords is the fewest records a table checked by slots has:
	// useSlots judges a table by its first slotsSample records.
	slotsMinRecords = 32
	slotsSample     = 16
)

// useSlots reports whether t, a little-endian version 3 table of at least
// slotsMinRecords records, has its records checked keySlots locations at a
// time: whether its first slotsSample records average more than
// slotsRecordSize bytes and do not all have the same number of locations.
// Records that do not fit end the look with false (validation reports
// them).
func (t *Table) useSlots() bool {
	if t.version != Version3 || t.ord.Big || t.numRecords < slotsMinRecords {
		return false
	}
	d, start := t.data, int(t.recordsOff)
	off, first, vary := start, -1, false
	for range slotsSample {
		if off+recordHeaderSize > len(d) {
			return false
		}
		n := int(binary.LittleEndian.Uint16(d[off+14 : off+16]))
		vary = vary || (first >= 0 && n != first)
		first = n
		live := align8(off + recordHeaderSize + n*locationSizeV3)
		if live+liveOutHeader > len(d) {
			return false
		}
		off = align8(live + liveOutHeader + int(binary.LittleEndian.Uint16(d[live+2:live+4]))*liveOutSize)
	}
	return vary && off-start > slotsSample*slotsRecordSize
}

// slotKey returns the key of location j in w, a little-endian version 3
// location list, or 0 when j is not below n.
func slotKey(w []byte, j, n int) uint64 {
	k := firstKey(w[j*locationSizeV3 : (j+1)*locationSizeV3])
	if j >= n {
		k = 0
	}
	return k
}

// firstKey returns the key of the first location in l, a little-endian
// version 3 location list: locationKey | locationReserved, spelled out to
// stay inlinable: the kind and the reserved byte after it, as 16 bits,
// above the offset field, and the reserved 16 bits above them. One line:
// the inlined calls' marks then fall on its arithmetic instead of costing
// a no-op instruction each in NextView's loop.
func firstKey(l []byte) uint64 {
	return (uint64(binary.LittleEndian.Uint16(l))<<32 | bits.RotateLeft64(binary.LittleEndian.Uint64(l[4:locationSizeV3])&^0xffff, 32)) - 1<<32
}

// maxKey returns the largest key of the n locations at table offset loc,
// in any version and byte order, reserved bits included, or 0 for none.
func (t *Table) maxKey(loc, n int) uint64 {
	var m uint64
	size, resMask := int(t.locSize), t.locReservedMask()
	for e := loc + n*size; loc < e; loc += size {
		m = max(m, locationKey(t.data[loc], t.ord.U32(t.data, loc+size-4))|locationReserved(t.data, loc, resMask))
	}
	return m
}

// validateRecords walks every record: each must fit in the table, every
// location kind must be 1 to 5 and every constant index in range. It
// returns the offset just past the last record, or, at the first fault, the
// index of the faulty record (else -1). This is Parse's hot loop: it reads
// only the bytes it checks, and recordError says what is wrong. Tables
// useSlots chooses are checked by validateSlots, the others by
// validateLoop: two loops, each with only what it needs in registers.
func (t *Table) validateRecords() (end, bad int) {
	if t.useSlots() {
		return t.validateSlots()
	}
	return t.validateLoop()
}

// validateLoop is validateRecords one location at a time.
func (t *Table) validateLoop() (end, bad int) {
	return t.checkRecords(int(t.recordsOff), int(t.numRecords))
}

// checkRecords checks n records of t from table offset off, one location
// at a time:
// each fits, its location kinds are 1 to 5, its constant indexes are in
// range, and its reserved fields and padding are zero. It returns the
// offset just past the last, or, at the first fault, the index of the
// faulty record, counting from the first checked (else -1). The Scanner
// makes the same checks (Scanner.NextView; every check here has its twin
// there).
func (t *Table) checkRecords(off, n int) (end, bad int) {
	d, ord, size := t.data, t.ord, int(t.locSize)
	limit, resMask := keyLimit(t.numConstants), t.locReservedMask()
	for i := range n {
		if off+recordHeaderSize > len(d) {
			return 0, i
		}
		loc, nl := off+recordHeaderSize, int(ord.U16(d, off+14))
		locEnd := loc + nl*size
		live := align8(locEnd)
		if live+liveOutHeader > len(d) {
			return 0, i
		}
		nlo := int(ord.U16(d, live+2))
		next := align8(live + liveOutHeader + nlo*liveOutSize)
		if next > len(d) {
			return 0, i
		}
		z := le64(d, off+8)&flagsMask | padAfterLocations(d, locEnd, live)
		if nlo < 4 && live+16 <= len(d) { // two words (liveOutReservedWords)
			w, m := d[live:live+16:live+16], liveWordMasks[nlo&3]
			z |= binary.LittleEndian.Uint64(w)&m[0] | binary.LittleEndian.Uint64(w[8:])&m[1]
		} else {
			z |= liveOutReservedWords(d, live, nlo, next)
		}
		for ; loc < locEnd; loc += size {
			// Kinds 1 to 4 are valid whatever the offset field holds:
			// only the others need their key.
			z |= le64(d, loc) & resMask
			if k := d[loc]; k-1 >= 4 && locationKey(k, ord.U32(d, loc+size-4)) >= limit {
				return 0, i
			}
		}
		if z != 0 {
			return 0, i
		}
		off = next
	}
	return off, -1
}

// locReservedMask returns the mask of a location's reserved bits for
// locationReserved: version 3 locations have some, earlier ones none.
func (t *Table) locReservedMask() uint64 {
	if t.version == Version3 {
		return locReservedMask
	}
	return 0
}

// validateSlots is validateRecords for a little-endian version 3 table
// whose records are checked keySlots locations at a time. It keeps the
// largest key, and the OR of the record-level reserved bits, until the end
// of the table, so that the step from record to record never waits on the
// checks.
func (t *Table) validateSlots() (end, bad int) {
	d, le := t.data, binary.LittleEndian
	var worst, z uint64
	off := int(t.recordsOff)
	for i := range int(t.numRecords) {
		if off+recordHeaderSize > len(d) {
			return 0, t.firstBadRecord(i)
		}
		loc, n := off+recordHeaderSize, int(le.Uint16(d[off+14:off+16]))
		locEnd := loc + n*locationSizeV3
		live := align8(locEnd)
		if live+liveOutHeader > len(d) {
			return 0, t.firstBadRecord(i)
		}
		nlo := int(le.Uint16(d[live+2 : live+4]))
		next := align8(live + liveOutHeader + nlo*liveOutSize)
		if next > len(d) {
			return 0, t.firstBadRecord(i)
		}
		z |= le64(d, off+8)&flagsMask | padAfterLocations(d, locEnd, live)
		if nlo < 4 && live+16 <= len(d) { // two words (liveOutReservedWords)
			w, m := d[live:live+16:live+16], liveWordMasks[nlo&3]
			z |= binary.LittleEndian.Uint64(w)&m[0] | binary.LittleEndian.Uint64(w[8:])&m[1]
		} else {
			z |= liveOutReservedWords(d, live, nlo, next)
		}
		if n <= keySlots && loc+keySlots*locationSizeV3 <= len(d) {
			w := d[loc : loc+keySlots*locationSizeV3 : loc+keySlots*locationSizeV3]
			a := max(slotKey(w, 0, n), slotKey(w, 1, n), slotKey(w, 2, n), slotKey(w, 3, n))
			b := max(slotKey(w, 4, n), slotKey(w, 5, n), slotKey(w, 6, n), slotKey(w, 7, n))
			c := max(slotKey(w, 8, n), slotKey(w, 9, n), slotKey(w, 10, n), slotKey(w, 11, n))
			worst = max(worst, a, b, c)
		} else { // more locations than slots, or too near the end
			worst = max(worst, t.maxKey(loc, n))
		}
		off = next
	}
	if worst >= keyLimit(t.numConstants) || z != 0 {
		return 0, t.firstBadRecord(int(t.numRecords))
	}
	return off, -1
}

// firstBadRecord returns the index of the first of records 0 to i-1 that
// checkRecords refuses, or i when there is none. It walks the records
// again: it runs once, on bad input.
func (t *Table) firstBadRecord(i int) int {
	if _, bad := t.checkRecords(int(t.recordsOff), i); bad >= 0 {
		return bad
	}
	return i
}
