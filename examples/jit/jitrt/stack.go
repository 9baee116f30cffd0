package jitrt

import (
	"encoding/binary"
	"fmt"
)

// LiveStack reads the live stack of the thread that runs JIT'd code, from
// inside a callback made while the JIT'd frames are on it. Reads are
// allowed in [Lo, Hi) only: from the capture routine's stack pointer up to
// the frame of the C function that called the JIT'd code, so that a wrong
// stack map location or unwind rule cannot make the runtime read unmapped
// memory. It is a stackmap.MemoryReader and a stackmap.UintReader; it is
// not safe for concurrent use.
type LiveStack struct {
	Lo, Hi uint64
	// Read copies len(p) bytes of memory at addr into p; it is called only
	// for ranges inside [Lo, Hi).
	Read func(addr uint64, p []byte)

	buf [8]byte // ReadUint's scratch space: no allocation per read
}

// ReadMemory fills p from addr, or fails when the range leaves [Lo, Hi).
func (s *LiveStack) ReadMemory(addr uint64, p []byte) error {
	if addr < s.Lo || addr >= s.Hi || uint64(len(p)) > s.Hi-addr {
		return fmt.Errorf("address %#x (%d bytes) is outside the live JIT stack [%#x, %#x)", addr, len(p), s.Lo, s.Hi)
	}
	if len(p) > 0 {
		s.Read(addr, p)
	}
	return nil
}

// ReadUint reads a size-byte (1 to 8) unsigned integer at addr.
func (s *LiveStack) ReadUint(addr uint64, size int, order binary.ByteOrder) (uint64, error) {
	if size < 1 || size > len(s.buf) {
		return 0, fmt.Errorf("address %#x: cannot read a %d-byte integer", addr, size)
	}
	if err := s.ReadMemory(addr, s.buf[:size]); err != nil {
		return 0, err
	}
	clear(s.buf[size:])
	if order == binary.BigEndian {
		return order.Uint64(s.buf[:]) >> (8 * (8 - size)), nil
	}
	return binary.LittleEndian.Uint64(s.buf[:]), nil
}
