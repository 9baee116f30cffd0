package stackmap

import (
	"encoding/binary"
	"math/bits"
)

// order reads fixed-size integers in one byte order. It is a bool rather
// than a binary.ByteOrder so that reads inline and never go through an
// interface on hot paths.
type order struct{ big bool }

func orderOf(bo binary.ByteOrder) order {
	switch bo {
	case binary.BigEndian:
		return order{big: true}
	case binary.LittleEndian:
		return order{big: false}
	}
	probe := [2]byte{0, 1}
	return order{big: bo.Uint16(probe[:]) == 1}
}

func (o order) byteOrder() binary.ByteOrder {
	if o.big {
		return binary.BigEndian
	}
	return binary.LittleEndian
}

// The reads load little-endian and swap the bytes for big-endian tables:
// one load and, at most, one byte swap, cheap enough to inline everywhere.

func (o order) u16(b []byte, off int) uint16 {
	// In 32 bits: a conditional move of a 16-bit value goes through
	// memory (a store and a load) in what the compiler makes of it.
	v := uint32(binary.LittleEndian.Uint16(b[off : off+2]))
	if o.big {
		v = bits.ReverseBytes32(v) >> 16
	}
	return uint16(v)
}

func (o order) u32(b []byte, off int) uint32 {
	v := binary.LittleEndian.Uint32(b[off : off+4])
	if o.big {
		v = bits.ReverseBytes32(v)
	}
	return v
}

func (o order) u64(b []byte, off int) uint64 {
	v := binary.LittleEndian.Uint64(b[off : off+8])
	if o.big {
		v = bits.ReverseBytes64(v)
	}
	return v
}
