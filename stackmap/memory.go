package stackmap

import (
	"encoding/binary"
	"errors"
	"unsafe"
)

// ParseMemory decodes a stack map section that lives in memory the caller
// owns, given its address and length: for runtimes that get the section
// from their JIT memory manager, or from the __LLVM_StackMaps symbol LLVM
// defines at the start of the section. The bytes are not copied; they must
// stay mapped and unchanged while the Section and everything read from it
// are in use (the Go garbage collector does not know about C memory).
//
// From cgo, with a JIT memory manager that records where it placed the
// section (LLVM's RTDyld and JITLink memory managers see every section they
// allocate, by name):
//
//	/*
//	extern const unsigned char *jit_stackmaps;   // set by your memory manager
//	extern unsigned long jit_stackmaps_size;
//	*/
//	import "C"
//
//	sec, err := stackmap.ParseMemory(unsafe.Pointer(C.jit_stackmaps), int(C.jit_stackmaps_size), binary.LittleEndian)
//
// The section's length is not stored in the section; a linked program that
// wants its own stack maps finds the length from its ELF section headers or
// from a linker-script symbol placed after the section.
func ParseMemory(p unsafe.Pointer, n int, byteOrder binary.ByteOrder) (*Section, error) {
	if p == nil || n <= 0 {
		return nil, errors.New("stackmap: ParseMemory needs a non-nil pointer and a positive length")
	}
	return Parse(unsafe.Slice((*byte)(p), n), byteOrder)
}
