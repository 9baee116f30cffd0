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
	// Bytes, when not nil, is the live stack [Lo, Hi) itself (C memory,
	// valid during the callback only): reads copy from it, with no call
	// per read. Reads beyond its length are refused like those outside
	// [Lo, Hi).
	Bytes []byte
	// Read copies len(p) bytes of memory at addr into p; it is called only
	// for ranges inside [Lo, Hi), and only when Bytes is nil.
	Read func(addr uint64, p []byte)

	buf [8]byte // ReadUint's scratch space: no allocation per read
}

// in returns the offset of [addr, addr+n) in the stack, or false when the
// range leaves it.
func (s *LiveStack) in(addr uint64, n int) (uint64, bool) {
	hi := s.Hi
	if s.Bytes != nil {
		hi = min(hi, s.Lo+uint64(len(s.Bytes)))
	}
	if addr < s.Lo || addr >= hi || uint64(n) > hi-addr {
		return 0, false
	}
	return addr - s.Lo, true
}

// ReadMemory fills p from addr, or fails when the range leaves [Lo, Hi).
func (s *LiveStack) ReadMemory(addr uint64, p []byte) error {
	off, ok := s.in(addr, len(p))
	if !ok {
		return fmt.Errorf("address %#x (%d bytes) is outside the live JIT stack [%#x, %#x)", addr, len(p), s.Lo, s.Hi)
	}
	switch {
	case len(p) == 0:
	case s.Bytes != nil:
		copy(p, s.Bytes[off:])
	default:
		s.Read(addr, p)
	}
	return nil
}

// ReadUint reads a size-byte (1 to 8) unsigned integer at addr.
func (s *LiveStack) ReadUint(addr uint64, size int, order binary.ByteOrder) (uint64, error) {
	if size < 1 || size > len(s.buf) {
		return 0, fmt.Errorf("address %#x: cannot read a %d-byte integer", addr, size)
	}
	if size == 8 && s.Bytes != nil {
		if off, ok := s.in(addr, 8); ok {
			return order.Uint64(s.Bytes[off : off+8]), nil
		}
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
