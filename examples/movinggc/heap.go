package main

/*
#include "mgc.h"
*/
import "C"

import (
	"encoding/binary"
	"fmt"
	"syscall"
	"unsafe"
)

// Object layout, in 8-byte words: word 0 is the header, pointer-field
// count << 32 | field count; then the pointer fields, then the integer
// fields. While a collection copies, the header of a copied object holds
// fwdBit | its new address.
const (
	wordSize  = 8
	fwdBit    = 1 << 63
	maxFields = C.MGC_MAX_FIELDS
	// poison fills a space once its objects have moved out.
	poison uint64 = 0xDEADBEEFDEADBEEF
)

var le = binary.LittleEndian

// header decodes an object header: its pointer-field and field counts.
func header(h uint64) (nptr, n uint64) { return h >> 32, h & 0xffffffff }

// Heap is the Go-managed memory the mutator allocates from: nspaces
// semispaces of one mmap'd region, used in turn. The current space is
// readable and writable; every other space is PROT_NONE, so that a read
// through a pointer a collection forgot to relocate faults at once.
type Heap struct {
	mem    []byte
	spaces [][]byte
	cur    int // the space the mutator allocates from
}

// NewHeap maps nspaces spaces of size bytes (a multiple of the page size).
func NewHeap(nspaces, size int) (*Heap, error) {
	if nspaces < 2 || size <= 0 || size%syscall.Getpagesize() != 0 {
		return nil, fmt.Errorf("movinggc: heap of %d spaces of %d bytes", nspaces, size)
	}
	mem, err := syscall.Mmap(-1, 0, nspaces*size, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_PRIVATE|syscall.MAP_ANON)
	if err != nil {
		return nil, fmt.Errorf("movinggc: mmap %d bytes: %w", nspaces*size, err)
	}
	h := &Heap{mem: mem}
	for i := range nspaces {
		h.spaces = append(h.spaces, mem[i*size:(i+1)*size:(i+1)*size])
	}
	for i := 1; i < nspaces; i++ {
		if err := syscall.Mprotect(h.spaces[i], syscall.PROT_NONE); err != nil {
			h.Close()
			return nil, fmt.Errorf("movinggc: mprotect: %w", err)
		}
	}
	h.setAlloc(0)
	return h, nil
}

// Close unmaps the heap and leaves the allocator with no space.
func (h *Heap) Close() error {
	C.mgc_heap_cur, C.mgc_heap_end = 0, 0
	if h.mem == nil {
		return nil
	}
	err := syscall.Munmap(h.mem)
	h.mem, h.spaces = nil, nil
	return err
}

// base returns the address of space i.
func (h *Heap) base(i int) uint64 { return uint64(uintptr(unsafe.Pointer(&h.spaces[i][0]))) }

// used returns the bytes the mutator has allocated in the current space.
func (h *Heap) used() uint64 { return uint64(C.mgc_heap_cur) - h.base(h.cur) }

// setAlloc makes the allocator bump from offset used of the current space.
func (h *Heap) setAlloc(used uint64) {
	C.mgc_heap_cur = C.uintptr_t(h.base(h.cur) + used)
	C.mgc_heap_end = C.uintptr_t(h.base(h.cur) + uint64(len(h.spaces[h.cur])))
}

// objectSize checks the header at offset off of space sp (used bytes) and
// returns the object's size in bytes and its pointer-field count.
func objectSize(sp []byte, used, off uint64) (size, nptr uint64, err error) {
	if off%wordSize != 0 || off >= used || used-off < wordSize {
		return 0, 0, fmt.Errorf("offset %#x is not a word of the %d bytes in use", off, used)
	}
	hdr := le.Uint64(sp[off:])
	nptr, n := header(hdr)
	if hdr&fwdBit != 0 || n > maxFields || nptr > n {
		return 0, 0, fmt.Errorf("bad object header %#x at offset %#x", hdr, off)
	}
	size = (1 + n) * wordSize
	if size > used-off {
		return 0, 0, fmt.Errorf("object at offset %#x (%d bytes) runs past the %d bytes in use", off, size, used)
	}
	return size, nptr, nil
}

// markObjects parses the used bytes of space sp, object after object, and
// sets the bit of each object's first word in starts (one bit per word).
func markObjects(sp []byte, used uint64, starts []uint64) (objects int, err error) {
	clear(starts)
	for off := uint64(0); off < used; {
		size, _, err := objectSize(sp, used, off)
		if err != nil {
			return objects, err
		}
		w := off / wordSize
		starts[w/64] |= 1 << (w % 64)
		off += size
		objects++
	}
	return objects, nil
}

// isStart reports whether word offset off starts an object in starts.
func isStart(starts []uint64, off uint64) bool {
	w := off / wordSize
	return off%wordSize == 0 && w/64 < uint64(len(starts)) && starts[w/64]&(1<<(w%64)) != 0
}
