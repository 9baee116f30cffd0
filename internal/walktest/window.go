package walktest

import (
	"encoding/binary"
	"fmt"
)

// Window is target memory captured from Start: the stack of a test program
// from the innermost llc frame's stack pointer up past main's frame. It
// implements stackmap.MemoryReader and stackmap.UintReader.
type Window struct {
	Start uint64
	Bytes []byte
}

// End returns the first address after the window.
func (w Window) End() uint64 { return w.Start + uint64(len(w.Bytes)) }

// Contains reports whether the n bytes at addr lie inside the window.
func (w Window) Contains(addr uint64, n int) bool {
	if n < 0 || addr < w.Start {
		return false
	}
	off := addr - w.Start
	return off <= uint64(len(w.Bytes)) && uint64(n) <= uint64(len(w.Bytes))-off
}

// ReadMemory copies the memory at addr into p, or fails if any of it lies
// outside the window.
func (w Window) ReadMemory(addr uint64, p []byte) error {
	if !w.Contains(addr, len(p)) {
		return fmt.Errorf("walktest: address 0x%x (%d bytes) is outside the captured stack 0x%x-0x%x",
			addr, len(p), w.Start, w.End())
	}
	copy(p, w.Bytes[addr-w.Start:])
	return nil
}

// ReadUint reads a size-byte (1 to 8) unsigned integer at addr in the given
// byte order without allocating.
func (w Window) ReadUint(addr uint64, size int, order binary.ByteOrder) (uint64, error) {
	if size < 1 || size > 8 {
		return 0, fmt.Errorf("walktest: cannot read %d bytes as an integer", size)
	}
	if !w.Contains(addr, size) {
		return 0, fmt.Errorf("walktest: address 0x%x (%d bytes) is outside the captured stack 0x%x-0x%x",
			addr, size, w.Start, w.End())
	}
	b := w.Bytes[addr-w.Start : addr-w.Start+uint64(size)]
	var v uint64
	if order == binary.BigEndian {
		for _, c := range b {
			v = v<<8 | uint64(c)
		}
	} else {
		for i := len(b) - 1; i >= 0; i-- {
			v = v<<8 | uint64(b[i])
		}
	}
	return v, nil
}
