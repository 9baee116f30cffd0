package stackmap

import (
	"encoding/binary"
	"iter"
)

// Record is one call site record: a view into its table's bytes. It has
// four fields, which is what lets the compiler keep a struct in registers
// (a fifth field puts every copy of it through memory).
type Record struct {
	t      *Table
	off    uint32 // offset of the record, relative to its table
	counts uint32 // number of locations | number of live-outs<<16
	pos    uint64 // index<<32 | function (see newRecord)
}

// newRecord returns the view of the record at table offset off, with
// numLoc locations and numLiveOuts live-outs, at index in its table (-1
// until worked out: records found through an Index), belonging to
// function (-1 when the table does not say).
func newRecord(t *Table, off, numLoc, numLiveOuts int, index, function int32) Record {
	return Record{t: t, off: uint32(off), counts: uint32(numLoc) | uint32(numLiveOuts)<<16, pos: uint64(uint32(index))<<32 | uint64(uint32(function))}
}

// index returns the record's index in its table, or -1 when not worked
// out yet.
func (r Record) index() int32 { return int32(r.pos >> 32) }

// function returns the index of the record's function, or -1.
func (r Record) function() int32 { return int32(uint32(r.pos)) }

// Table returns the table the record belongs to.
func (r Record) Table() *Table { return r.t }

// Index returns the record's position in its table, counting from 0.
func (r Record) Index() int {
	if i := r.index(); i >= 0 {
		return int(i)
	}
	return r.t.recordIndex(int(r.function()), r.off)
}

// Offset returns the byte offset of the record in the section.
func (r Record) Offset() int { return r.t.Offset() + int(r.off) }

// Size returns the record's length in bytes, padding included.
func (r Record) Size() int { return r.end() - int(r.off) }

// Function returns the index of the function the record belongs to, or -1
// when the table does not say (a version 1 table with several functions).
func (r Record) Function() int { return int(r.function()) }

// ID returns the record's ID (the stackmap or patchpoint ID, or a
// statepoint's ID, 0xABCDEF00 unless the front end chose one).
func (r Record) ID() uint64 { return r.t.ord.U64(r.t.data, int(r.off)) }

// InstructionOffset returns the offset of the call site from the start of
// its function, once relocations are applied: RISC-V objects built with
// linker relaxation compute some with an R_RISCV_ADD32/R_RISCV_SUB32 pair
// over a stored 0 (SectionData.Parse decodes a copy of such a section with
// those fields relocated). StoredInstructionOffset gives the field as
// stored.
func (r Record) InstructionOffset() uint32 { return r.t.ord.U32(r.t.data, int(r.off)+8) }

// StoredInstructionOffset returns the instruction offset field as stored in
// the section, before relocation (what llvm-readobj prints).
func (r Record) StoredInstructionOffset() uint32 {
	if sd := r.t.sd; sd != nil && sd.relocated != nil {
		return sd.storedU32(r.Offset()+8, r.t.ord)
	}
	return r.InstructionOffset()
}

// Address returns the address of the call site: its function's code entry
// plus its instruction offset, relocations applied. ok is false when the
// table does not say which function the record belongs to (a version 1
// table with several functions).
func (r Record) Address() (addr uint64, ok bool) {
	fn := r.function()
	if fn < 0 {
		return 0, false
	}
	return functionAt(r.t, int(fn)).Entry() + uint64(r.InstructionOffset()), true
}

// Flags returns the record's reserved flags field.
func (r Record) Flags() uint16 { return r.t.ord.U16(r.t.data, int(r.off)+12) }

// NumLocations returns the number of locations.
func (r Record) NumLocations() int { return int(uint16(r.counts)) }

// Location returns location i. It returns the zero Location and false when
// i is out of range.
func (r Record) Location(i int) (Location, bool) {
	if uint(i) >= uint(uint16(r.counts)) {
		return Location{}, false
	}
	return r.t.location(int(r.off) + recordHeaderSize + i*int(r.t.locSize)), true
}

// Locations iterates over the record's locations with their indexes.
func (r Record) Locations() iter.Seq2[int, Location] {
	return func(yield func(int, Location) bool) {
		t := r.t
		off, n := int(r.off)+recordHeaderSize, r.NumLocations()
		if t.version == Version3 { // the common case, decoded without a call
			for i := 0; i < n; i++ {
				if !yield(i, locationV3(t.data[off:off+locationSizeV3:off+locationSizeV3], t.ord)) {
					return
				}
				off += locationSizeV3
			}
			return
		}
		for i := 0; i < n; i++ {
			if !yield(i, t.location(off)) {
				return
			}
			off += int(t.locSize)
		}
	}
}

// LocationReserved returns the reserved fields of location i (zero in
// everything LLVM writes; always zero in versions 1 and 2, which have
// none), and false when i is out of range.
func (r Record) LocationReserved(i int) (reserved0 uint8, reserved1 uint16, ok bool) {
	if uint(i) >= uint(r.NumLocations()) {
		return 0, 0, false
	}
	if r.t.version != Version3 {
		return 0, 0, true
	}
	off := int(r.off) + recordHeaderSize + i*locationSizeV3
	return r.t.data[off+1], r.t.ord.U16(r.t.data, off+6), true
}

// liveOff returns the table offset of the live-out header. Version 1 and
// 2 locations are 8 bytes, so rounding up changes nothing for them.
func (r Record) liveOff() int {
	return align8(int(r.off) + recordHeaderSize + int(uint16(r.counts))*int(r.t.locSize))
}

// end returns the table offset just past the record.
func (r Record) end() int {
	return align8(r.liveOff() + liveOutHeader + r.NumLiveOuts()*liveOutSize)
}

// LiveOutPadding returns the reserved 16-bit field before the live-out
// count (zero in everything LLVM writes).
func (r Record) LiveOutPadding() uint16 { return r.t.ord.U16(r.t.data, r.liveOff()) }

// NumLiveOuts returns the number of live-out registers.
func (r Record) NumLiveOuts() int { return int(r.counts >> 16) }

// LiveOut returns live-out i. It returns the zero LiveOut and false when i
// is out of range.
func (r Record) LiveOut(i int) (LiveOut, bool) {
	if uint(i) >= uint(r.counts>>16) {
		return LiveOut{}, false
	}
	return r.t.liveOut(r.liveOff() + liveOutHeader + i*liveOutSize), true
}

// LiveOuts iterates over the record's live-out registers with their indexes.
func (r Record) LiveOuts() iter.Seq2[int, LiveOut] {
	return func(yield func(int, LiveOut) bool) {
		t := r.t
		n := r.NumLiveOuts()
		off := r.liveOff() + liveOutHeader
		for i := 0; i < n; i++ {
			if !yield(i, t.liveOut(off)) {
				return
			}
			off += liveOutSize
		}
	}
}

// ConstantValue returns the value of a Constant location (sign-extended to
// 64 bits) or of a ConstantIndex location (looked up in the record's
// table). ok is false for other kinds.
func (r Record) ConstantValue(l Location) (v uint64, ok bool) {
	switch l.Kind {
	case Constant:
		return uint64(l.SmallConstant()), true
	case ConstantIndex:
		return r.t.Constant(l.ConstantIndex())
	}
	return 0, false
}

// paddingZero reports whether every alignment padding byte of the record
// is zero, as LLVM writes it (Parse refuses a record where it is not; the
// dialect detection reads records before that).
func (r Record) paddingZero() bool {
	lo := r.liveOff()
	locEnd := int(r.off) + recordHeaderSize + r.NumLocations()*int(r.t.locSize)
	for _, b := range r.t.data[locEnd:lo] {
		if b != 0 {
			return false
		}
	}
	for _, b := range r.t.data[lo+liveOutHeader+r.NumLiveOuts()*liveOutSize : r.end()] {
		if b != 0 {
			return false
		}
	}
	return true
}

// location decodes the location at table offset off. Slicing the
// location's bytes once lets the compiler drop the per-field bounds checks.
func (t *Table) location(off int) Location {
	if t.version == Version3 {
		return locationV3(t.data[off:off+locationSizeV3:off+locationSizeV3], t.ord)
	}
	d := t.data[off : off+8 : off+8]
	return Location{
		Kind:   Kind(d[0]),
		Size:   uint16(d[1]),
		Reg:    t.ord.U16(d, 2),
		Offset: int32(t.ord.U32(d, 4)),
	}
}

// locationV3 decodes a version 3 location from its 12 bytes.
func locationV3(d []byte, ord order) Location {
	d = d[:locationSizeV3]
	if ord.Big {
		return Location{Kind(d[0]), binary.BigEndian.Uint16(d[2:]), binary.BigEndian.Uint16(d[4:]), int32(binary.BigEndian.Uint32(d[8:]))}
	}
	return Location{Kind(d[0]), binary.LittleEndian.Uint16(d[2:]), binary.LittleEndian.Uint16(d[4:]), int32(binary.LittleEndian.Uint32(d[8:]))}
}

// liveOut decodes the live-out at table offset off.
func (t *Table) liveOut(off int) LiveOut {
	d := t.data[off : off+liveOutSize : off+liveOutSize]
	reg := uint32(binary.LittleEndian.Uint16(d))
	if t.ord.Big {
		reg = reg>>8 | reg&0xff<<8
	}
	return LiveOut{Reg: uint16(reg), Reserved: d[2], Size: d[3]}
}
