package stackmap

// Layout accessors: where each part of a table and a record lies in the
// section, so that tools pointing at a byte (lint's findings, stats' byte
// counts) ask the decoder instead of restating the format's sizes.
// stackmap/FORMAT.md draws the layout these follow.

// HeaderSize is the byte size of a table's header (version, reserved
// fields and the three counts), in every version.
const HeaderSize = 16

// Byte offsets of a record's fixed fields from the start of the record,
// and of the reserved fields of locations and live-outs, in every version.
// Parse refuses nonzero reserved fields, so only the decoder and its tests
// point at them.
const (
	recordIDField                = 0  // the ID, 8 bytes
	recordInstructionOffsetField = 8  // the instruction offset, 4 bytes
	recordFlagsField             = 12 // the reserved flags, 2 bytes
	recordNumLocationsField      = 14 // the location count, 2 bytes
	// Version 3 locations are 12 bytes: kind, reserved byte, size (2
	// bytes), register (2 bytes), reserved (2 bytes), offset (4 bytes).
	// Versions 1 and 2 are 8: kind, size (1 byte), register (2 bytes),
	// offset (4 bytes).
	locationReserved0Field = 1 // version 3: the reserved byte after the kind
	locationReserved1Field = 6 // version 3: the reserved 16 bits before the offset
	// A live-out is register (16 bits), reserved byte, size byte.
	liveOutReservedField = 2
)

// LocationSize returns the byte size of one location of the table.
func (t *Table) LocationSize() int { return int(t.locSize) }

// FunctionsSize returns the byte size of the table's function records.
func (t *Table) FunctionsSize() int { return int(t.numFunctions) * t.version.functionSize() }

// ConstantsSize returns the byte size of the table's constant pool.
func (t *Table) ConstantsSize() int { return int(t.numConstants) * constantSize }

// InstructionOffsetOffset returns the section offset of the record's
// instruction offset field.
func (r Record) InstructionOffsetOffset() int { return r.Offset() + recordInstructionOffsetField }

// LocationOffset returns the section offset of location i (i may be
// NumLocations: the end of the locations).
func (r Record) LocationOffset(i int) int {
	return r.Offset() + recordHeaderSize + i*int(r.t.locSize)
}

// liveOutHeaderOffset returns the section offset of the record's live-out
// header (reserved 16 bits, then the count): after the locations, aligned
// to 8 bytes from the start of the table.
func (r Record) liveOutHeaderOffset() int { return r.t.Offset() + r.liveOff() }

// LiveOutOffset returns the section offset of live-out i.
func (r Record) LiveOutOffset(i int) int {
	return r.liveOutHeaderOffset() + liveOutHeader + i*liveOutSize
}
