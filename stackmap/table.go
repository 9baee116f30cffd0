package stackmap

import (
	"encoding/binary"
	"iter"
	"math"
	"unsafe"
)

// DynamicStackSize is the stack size LLVM records for a function whose frame
// size is not static (dynamic alloca, stack realignment).
const DynamicStackSize = math.MaxUint64

// Table is one complete stack map: header, functions, constants and records.
// It is a view over the section's bytes; it copies nothing.
type Table struct {
	data []byte       // exactly this table's bytes
	sd   *SectionData // what the file says about the bytes; nil for bare bytes

	base         uint32 // offset of the table in its section
	index        uint32 // index of the table in its section
	numFunctions uint32
	numConstants uint32
	numRecords   uint32
	constantsOff uint32 // offset of the constants, relative to the table
	recordsOff   uint32 // offset of the first record, relative to the table
	version      Version
	locSize      uint8 // bytes per location: 8 (versions 1, 2) or 12 (version 3)
	ord          order

	starts unsafe.Pointer // *[]uint32 of functionStarts, built on first use
}

// Version returns the table's format version.
func (t *Table) Version() Version { return t.version }

// Index returns the table's position in its section, counting from 0.
func (t *Table) Index() int { return int(t.index) }

// Offset returns the byte offset of the table in its section.
func (t *Table) Offset() int { return int(t.base) }

// Size returns the table's length in bytes.
func (t *Table) Size() int { return len(t.data) }

// Bytes returns the table's bytes (a view, not a copy; see Section.Bytes
// for the one case where the Section decodes a relocated copy).
func (t *Table) Bytes() []byte { return t.data }

// ByteOrder returns the byte order the table is read in.
func (t *Table) ByteOrder() binary.ByteOrder { return t.ord.ByteOrder() }

// Reserved returns the header's two reserved fields (zero in everything LLVM
// writes; decoding does not depend on them).
func (t *Table) Reserved() (uint8, uint16) {
	if len(t.data) < headerSize {
		return 0, 0 // a zero Table, not one Parse made
	}
	return t.data[1], t.ord.U16(t.data, 2)
}

// NumFunctions returns the number of function records.
func (t *Table) NumFunctions() int { return int(t.numFunctions) }

// NumConstants returns the number of entries in the constants table.
func (t *Table) NumConstants() int { return int(t.numConstants) }

// NumRecords returns the number of call site records.
func (t *Table) NumRecords() int { return int(t.numRecords) }

// Function returns function record i. It returns a Function whose
// methods all give zero values, and false, when i is out of range.
func (t *Table) Function(i int) (Function, bool) {
	if uint(i) >= uint(t.numFunctions) {
		return Function{}, false
	}
	return functionAt(t, i), true
}

// functionOff returns the table offset of function record i.
func (t *Table) functionOff(i int) int { return headerSize + i*t.version.functionSize() }

// recordCount reads function i's record count (versions 2 and 3).
func (t *Table) recordCount(i int) uint64 { return t.ord.U64(t.data, t.functionOff(i)+16) }

// Constant returns entry i of the constants table (the index a
// ConstantIndex location holds). It returns 0 and false when i is out of
// range.
func (t *Table) Constant(i int) (uint64, bool) {
	if uint(i) >= uint(t.numConstants) {
		return 0, false
	}
	return t.ord.U64(t.data, int(t.constantsOff)+i*constantSize), true
}

// ConstantOffset returns the byte offset of constant i in the section.
func (t *Table) ConstantOffset(i int) int { return int(t.base+t.constantsOff) + i*constantSize }

// Functions iterates over the function records in order, with their
// indexes.
func (t *Table) Functions() iter.Seq2[int, Function] {
	return func(yield func(int, Function) bool) {
		for i := 0; i < int(t.numFunctions); i++ {
			if !yield(i, functionAt(t, i)) {
				return
			}
		}
	}
}
