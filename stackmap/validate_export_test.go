package stackmap

import (
	"encoding/binary"
	"errors"
)

// ValidateBothWays validates the records of the little-endian table at the
// start of data, whose header must fit, both ways Parse can: keySlots
// locations at a time (validateSlots) and one location at a time (the
// validateLoop). Each result is {end, bad} as validateRecords returns them. It
// fails when Parse would not check this table's records by slots.
func ValidateBothWays(data []byte) (slots, loop [2]int, err error) {
	if len(data) < headerSize {
		return slots, loop, errors.New("no table header")
	}
	ord := orderOf(binary.LittleEndian)
	var t Table
	t.set(data, 0, 0, ord, tableSpan{nf: ord.U32(data, 4), nc: ord.U32(data, 8), nr: ord.U32(data, 12), version: Version(data[0])})
	if int(t.recordsOff) > len(data) {
		return slots, loop, errors.New("functions and constants do not fit")
	}
	if !t.useSlots() {
		return slots, loop, errors.New("Parse would not check this table by slots")
	}
	e, b := t.validateSlots()
	slots = [2]int{e, b}
	e, b = t.validateLoop()
	loop = [2]int{e, b}
	return slots, loop, nil
}

// UsesSlots reports whether Parse checks the locations of the single table
// in data, read in byte order bo, keySlots at a time.
func UsesSlots(data []byte, bo binary.ByteOrder) bool {
	ord := orderOf(bo)
	var t Table
	t.set(data, 0, 0, ord, tableSpan{nf: ord.U32(data, 4), nc: ord.U32(data, 8), nr: ord.U32(data, 12), version: Version(data[0])})
	return t.useSlots()
}
