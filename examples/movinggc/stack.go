package main

/*
#include "mgc.h"
*/
import "C"

import (
	"encoding/binary"
	"fmt"
	"unsafe"
)

// liveStack reads and writes the live stack of the thread running the
// mutator, from inside the collector's callback: only in [lo, hi), from
// the capture routine's save area up to the frame of mgc_run, so that a
// wrong stack map location cannot make the collector touch other memory.
// It is a stackmap.MemoryReader and stackmap.UintReader.
type liveStack struct {
	lo, hi uint64
}

// check fails unless [addr, addr+n) lies in [lo, hi).
func (s *liveStack) check(addr uint64, n int) error {
	if addr < s.lo || addr >= s.hi || uint64(n) > s.hi-addr {
		return fmt.Errorf("address %#x (%d bytes) is outside the live stack [%#x, %#x)", addr, n, s.lo, s.hi)
	}
	return nil
}

// ReadMemory fills p from addr.
func (s *liveStack) ReadMemory(addr uint64, p []byte) error {
	if err := s.check(addr, len(p)); err != nil {
		return err
	}
	if len(p) > 0 {
		C.mgc_read(C.uintptr_t(addr), unsafe.Pointer(&p[0]), C.uintptr_t(len(p)))
	}
	return nil
}

// ReadUint reads a size-byte integer at addr without allocating.
func (s *liveStack) ReadUint(addr uint64, size int, order binary.ByteOrder) (uint64, error) {
	if size < 1 || size > 8 {
		return 0, fmt.Errorf("read of %d bytes at %#x", size, addr)
	}
	if err := s.check(addr, size); err != nil {
		return 0, err
	}
	var b [8]byte
	C.mgc_read(C.uintptr_t(addr), unsafe.Pointer(&b[0]), C.uintptr_t(size))
	var v uint64
	if order == binary.BigEndian {
		for _, c := range b[:size] {
			v = v<<8 | uint64(c)
		}
		return v, nil
	}
	for i := size - 1; i >= 0; i-- {
		v = v<<8 | uint64(b[i])
	}
	return v, nil
}

// writeWord stores the 64-bit word v at addr.
func (s *liveStack) writeWord(addr, v uint64) error {
	if err := s.check(addr, 8); err != nil {
		return err
	}
	C.mgc_write_word(C.uintptr_t(addr), C.uint64_t(v))
	return nil
}
