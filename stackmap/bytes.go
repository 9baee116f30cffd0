package stackmap

import "encoding/binary"

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

func (o order) u16(b []byte, off int) uint16 {
	b = b[off : off+2]
	if o.big {
		return uint16(b[1]) | uint16(b[0])<<8
	}
	return uint16(b[0]) | uint16(b[1])<<8
}

func (o order) u32(b []byte, off int) uint32 {
	b = b[off : off+4]
	if o.big {
		return uint32(b[3]) | uint32(b[2])<<8 | uint32(b[1])<<16 | uint32(b[0])<<24
	}
	return uint32(b[0]) | uint32(b[1])<<8 | uint32(b[2])<<16 | uint32(b[3])<<24
}

func (o order) u64(b []byte, off int) uint64 {
	if o.big {
		return binary.BigEndian.Uint64(b[off : off+8])
	}
	return binary.LittleEndian.Uint64(b[off : off+8])
}
