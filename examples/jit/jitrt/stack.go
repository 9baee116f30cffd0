package jitrt

import "fmt"

// LiveStack reads the live stack of the thread that runs JIT'd code, from
// inside a callback made while the JIT'd frames are on it. Reads are
// allowed in [Lo, Hi) only: from the capture routine's stack pointer up to
// the frame of the C function that called the JIT'd code, so that a wrong
// stack map location cannot make the runtime read unmapped memory. It is a
// stackmap.MemoryReader.
type LiveStack struct {
	Lo, Hi uint64
	// Read copies len(p) bytes of memory at addr into p; it is called only
	// for ranges inside [Lo, Hi).
	Read func(addr uint64, p []byte)
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

// Word reads the little-endian 64-bit word at addr.
func (s *LiveStack) Word(addr uint64) (uint64, error) {
	var b [8]byte
	if err := s.ReadMemory(addr, b[:]); err != nil {
		return 0, err
	}
	return uint64(b[0]) | uint64(b[1])<<8 | uint64(b[2])<<16 | uint64(b[3])<<24 |
		uint64(b[4])<<32 | uint64(b[5])<<40 | uint64(b[6])<<48 | uint64(b[7])<<56, nil
}
