package stackmap

// Layout accessors: where each part of a table and a record lies in the
// section, so that tools pointing at a byte (lint's findings, stats' byte
// counts) ask the decoder instead of restating the format's sizes.
// stackmap/FORMAT.md draws the layout these follow.

// HeaderSize is the byte size of a table's header (version, reserved
// fields and the three counts), in every version.
const HeaderSize = 16

// ConstantSize is the byte size of one entry of a table's constant pool.
const ConstantSize = 8

// Byte offsets of a record's fixed fields from the start of the record, in
// every version.
const (
	RecordIDField                = 0  // the ID, 8 bytes
	RecordInstructionOffsetField = 8  // the instruction offset, 4 bytes
	RecordFlagsField             = 12 // the reserved flags, 2 bytes
	RecordNumLocationsField      = 14 // the location count, 2 bytes
	RecordHeaderSize             = 16 // the four fields above
)

// Byte offsets of a location's fields from the start of the location.
// Version 3 locations are 12 bytes: kind, reserved byte, size (2 bytes),
// register (2 bytes), reserved (2 bytes), offset (4 bytes). Versions 1
// and 2 are 8: kind, size (1 byte), register (2 bytes), offset (4 bytes).
const (
	LocationReserved0Field = 1 // version 3: the reserved byte after the kind
	LocationReserved1Field = 6 // version 3: the reserved 16 bits before the offset
)

// Byte sizes of the live-out part of a record: a header (reserved 16 bits,
// count 16 bits) and 4-byte entries (register 16 bits, reserved byte,
// size byte).
const (
	LiveOutHeaderSize    = 4 // reserved 16 bits, count 16 bits
	LiveOutSize          = 4 // register 16 bits, reserved byte, size byte
	LiveOutReservedField = 2 // the reserved byte in a live-out entry
)

// LocationSize returns the byte size of one location in version v: 12 in
// version 3, 8 before.
func (v Version) LocationSize() int { return v.locationSize() }

// FunctionSize returns the byte size of one function record in version v:
// 16 in version 1, 24 after (a record count was added).
func (v Version) FunctionSize() int { return v.functionSize() }

// LocationSize returns the byte size of one location of the table.
func (t *Table) LocationSize() int { return int(t.locSize) }

// FunctionsSize returns the byte size of the table's function records.
func (t *Table) FunctionsSize() int { return int(t.numFunctions) * t.version.functionSize() }

// ConstantsSize returns the byte size of the table's constant pool.
func (t *Table) ConstantsSize() int { return int(t.numConstants) * constantSize }

// FieldOffset returns the section offset of the record's fixed field at
// byte field of its header (one of the Record...Field constants).
func (r Record) FieldOffset(field int) int { return r.Offset() + field }

// InstructionOffsetOffset returns the section offset of the record's
// instruction offset field.
func (r Record) InstructionOffsetOffset() int { return r.Offset() + RecordInstructionOffsetField }

// LocationOffset returns the section offset of location i (i may be
// NumLocations: the end of the locations).
func (r Record) LocationOffset(i int) int {
	return r.Offset() + recordHeaderSize + i*int(r.t.locSize)
}

// LiveOutHeaderOffset returns the section offset of the record's live-out
// header (reserved 16 bits, then the count): after the locations, aligned
// to 8 bytes from the start of the table.
func (r Record) LiveOutHeaderOffset() int { return r.t.Offset() + r.liveOff() }

// LiveOutOffset returns the section offset of live-out i.
func (r Record) LiveOutOffset(i int) int {
	return r.LiveOutHeaderOffset() + liveOutHeader + i*liveOutSize
}
