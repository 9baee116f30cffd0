package stackmap

import "encoding/binary"

// ByteOrders reports the byte orders under which data decodes as a stack
// map section, little-endian first: for bare section bytes whose target is
// not known (a dump from memory, llvm-objcopy's --dump-section). A real
// section almost always decodes under exactly one: the version byte is the
// same either way, but counts read in the wrong order are 2^24 times too
// large or too small to walk the table to its end. None means the bytes
// are not a section; both means the caller must choose (an empty table
// reads the same both ways).
func ByteOrders(data []byte) []binary.ByteOrder {
	var out []binary.ByteOrder
	for _, bo := range []binary.ByteOrder{binary.LittleEndian, binary.BigEndian} {
		if _, err := parse(data, orderOf(bo), nil); err == nil {
			out = append(out, bo)
		}
	}
	return out
}
