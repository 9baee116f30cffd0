// Package endian reads fixed-size integers in one of the two byte orders
// of the targets LLVM emits stack maps and unwind tables for. An Order is
// a bool rather than a binary.ByteOrder so that its reads inline and never
// go through an interface on hot paths: the decoder's and the CFI
// reader's.
package endian

import (
	"encoding/binary"
	"math/bits"
)

// Order reads fixed-size integers in one byte order: big-endian when Big.
type Order struct{ Big bool }

// Of returns the Order of bo: binary.BigEndian and binary.LittleEndian by
// identity, any other by how it decodes a probe.
func Of(bo binary.ByteOrder) Order {
	switch bo {
	case binary.BigEndian:
		return Order{Big: true}
	case binary.LittleEndian:
		return Order{}
	}
	probe := [2]byte{0, 1}
	return Order{Big: bo.Uint16(probe[:]) == 1}
}

// ByteOrder returns binary.BigEndian or binary.LittleEndian.
func (o Order) ByteOrder() binary.ByteOrder {
	if o.Big {
		return binary.BigEndian
	}
	return binary.LittleEndian
}

// The reads load little-endian and swap the bytes for big-endian data:
// one load and, at most, one byte swap, cheap enough to inline everywhere.

// U16 decodes b[off:off+2].
func (o Order) U16(b []byte, off int) uint16 {
	// In 32 bits: a conditional move of a 16-bit value goes through
	// memory (a store and a load) in what the compiler makes of it.
	v := uint32(binary.LittleEndian.Uint16(b[off : off+2]))
	if o.Big {
		v = bits.ReverseBytes32(v) >> 16
	}
	return uint16(v)
}

// U32 decodes b[off:off+4].
func (o Order) U32(b []byte, off int) uint32 {
	v := binary.LittleEndian.Uint32(b[off : off+4])
	if o.Big {
		v = bits.ReverseBytes32(v)
	}
	return v
}

// U64 decodes b[off:off+8].
func (o Order) U64(b []byte, off int) uint64 {
	v := binary.LittleEndian.Uint64(b[off : off+8])
	if o.Big {
		v = bits.ReverseBytes64(v)
	}
	return v
}

// Uint decodes b, 1 to 8 bytes, as an unsigned integer.
func (o Order) Uint(b []byte) uint64 {
	var v uint64
	for i := range b {
		if o.Big {
			v = v<<8 | uint64(b[i])
		} else {
			v |= uint64(b[i]) << (8 * uint(i))
		}
	}
	return v
}
