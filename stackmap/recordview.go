package stackmap

import "encoding/binary"

// RecordView is the lean view of a record a Scanner hands out: the
// record's bytes in the little-endian version 3 layout (LLVM's layout on
// x86-64, AArch64, RISC-V and ppc64le; the Scanner converts records of
// other tables into it), read by accessors small enough to inline. It is
// one slice, so it travels in registers: a loop over a record's locations
// through it compiles to plain loads, with its counter and sums in
// registers; Record's accessors, which read any version and byte order,
// are calls.
//
// Location(i) and LiveOut(i) take an index below NumLocations and
// NumLiveOuts, as indexing a slice does (and panic outside it, as a slice
// does); the Scanner validated the bytes, so no content of the section
// makes them fail. The zero RecordView (Valid false) is what NextView
// returns after a table's last record; its other accessors must not be
// called. Scanner.Record gives the full view of the same record (its
// offset, function, address, statepoint).
type RecordView struct {
	// b is the record from its header to the end of its live-out header
	// (the live-outs' count), with the live-outs and the padding after
	// them between len(b) and cap(b), the record's end: the live-outs are
	// then read with no work out of the number of locations, which the
	// Scanner has already done.
	b []byte
}

// viewOf returns the view of rec, a whole record the Scanner validated,
// in the little-endian version 3 layout (its capacity past its length is
// not the record's).
func viewOf(rec []byte) RecordView {
	n := int(binary.LittleEndian.Uint16(rec[14:recordHeaderSize]))
	return RecordView{b: rec[: align8(recordHeaderSize+n*locationSizeV3)+liveOutHeader : len(rec)]}
}

// Valid reports whether r is a record: false for the zero RecordView,
// which NextView returns after a table's last record and at a fault.
func (r RecordView) Valid() bool { return len(r.b) != 0 }

// ID returns the record's ID. ID, InstructionOffset and Flags read the
// header through one conversion (a walk that reads them all costs one
// length check) and spell their loads out (the compiler merges them into
// one): an inlined call inside them would leave a no-op instruction in
// the caller's loop for its inlining mark.
func (r RecordView) ID() uint64 {
	h := (*[recordHeaderSize]byte)(r.b)
	return uint64(h[0]) | uint64(h[1])<<8 | uint64(h[2])<<16 | uint64(h[3])<<24 | uint64(h[4])<<32 | uint64(h[5])<<40 | uint64(h[6])<<48 | uint64(h[7])<<56
}

// InstructionOffset returns the call site's offset from the start of its
// function, as stored (Record.InstructionOffset applies relocations).
func (r RecordView) InstructionOffset() uint32 {
	h := (*[recordHeaderSize]byte)(r.b)
	return uint32(h[8]) | uint32(h[9])<<8 | uint32(h[10])<<16 | uint32(h[11])<<24
}

// Flags returns the record's reserved flags field (zero: the Scanner
// refuses others).
func (r RecordView) Flags() uint16 {
	h := (*[recordHeaderSize]byte)(r.b)
	return uint16(h[12]) | uint16(h[13])<<8
}

// NumLocations returns the number of locations.
func (r RecordView) NumLocations() int { return int(binary.LittleEndian.Uint16(r.header()[14:])) }

// header returns the record's fixed header: one length check, after which
// its fields are loads at constant offsets (r.b[8:] and the like cost a
// check and a masked pointer each).
func (r RecordView) header() *[recordHeaderSize]byte { return (*[recordHeaderSize]byte)(r.b) }

// Location returns location i, which must be below NumLocations.
func (r RecordView) Location(i int) Location {
	l := r.b[recordHeaderSize+i*locationSizeV3 : recordHeaderSize+(i+1)*locationSizeV3]
	return Location{Kind(l[0]), binary.LittleEndian.Uint16(l[2:]), binary.LittleEndian.Uint16(l[4:]), int32(binary.LittleEndian.Uint32(l[8:]))}
}

// NumLiveOuts returns the number of live-out registers.
func (r RecordView) NumLiveOuts() int {
	l := r.b[len(r.b)-2:] // loads spelled out, as in ID
	return int(l[0]) | int(l[1])<<8
}

// LiveOut returns live-out i, which must be below NumLiveOuts.
func (r RecordView) LiveOut(i int) LiveOut {
	o := len(r.b) + i*liveOutSize
	l := r.b[o : o+liveOutSize]
	return LiveOut{Reg: uint16(l[0]) | uint16(l[1])<<8, Reserved: l[2], Size: l[3]}
}

// Locations returns a cursor at the record's first location: the fast way
// to read every location of a record, in order,
//
//	for c := r.Locations(); c.Valid(); c = c.Next() {
//		l := c.Location()
//		...
//	}
//
// which compiles to one length check per location (Location(i) works out
// and checks each location's place in the record).
func (r RecordView) Locations() LocationCursor {
	// The locations and 1 or 5 bytes after them (r.b ends 4 bytes past
	// the live-out header, which the padding to 8, 0 or 4 bytes, precedes):
	// a cursor at a location then holds more than one location's bytes,
	// and past the last fewer, but never none, so Next never leaves an
	// empty slice and advances its pointer without masking it. The end
	// comes from r.b's length: no work out of the number of locations.
	return LocationCursor{b: r.b[recordHeaderSize : len(r.b)-liveOutHeader+1]}
}

// LocationCursor steps through the locations of a RecordView (see
// RecordView.Locations). The zero LocationCursor is past the last
// location.
type LocationCursor struct {
	b []byte // the locations not yet passed, in the little-endian version 3 layout, and one byte after them
}

// Valid reports whether the cursor is at a location: false past the last.
func (c LocationCursor) Valid() bool { return len(c.b) > locationSizeV3 }

// Location returns the location at the cursor, which must be Valid (it
// panics otherwise, as indexing past a slice does).
func (c LocationCursor) Location() Location {
	l := (*[locationSizeV3]byte)(c.b)
	return Location{Kind(l[0]), binary.LittleEndian.Uint16(l[2:]), binary.LittleEndian.Uint16(l[4:]), int32(binary.LittleEndian.Uint32(l[8:]))}
}

// Next returns the cursor at the next location; the cursor must be Valid.
func (c LocationCursor) Next() LocationCursor { return LocationCursor{b: c.b[locationSizeV3:]} }
