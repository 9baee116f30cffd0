package stackmap

import (
	"encoding/binary"
	"errors"
	"unsafe"
)

// ParseMemory decodes a stack map section that lives in memory the caller
// owns, given its address and length: for runtimes that get the section
// from their JIT memory manager or from the __LLVM_StackMaps symbol. The
// bytes are not copied; they must stay mapped and unchanged while the
// Section is in use.
//
// From cgo, with the symbol LLVM defines at the start of the section:
//
//	// extern const char __LLVM_StackMaps[];
//	// extern const char __stop_llvm_stackmaps[]; (GNU ld: __stop_<section> needs a C-identifier name, so
//	//                                           pass the length from your JIT memory manager instead)
//	sec, err := stackmap.ParseMemory(unsafe.Pointer(&C.__LLVM_StackMaps[0]), n, binary.LittleEndian)
//
// A JIT (for example LLVM's ORC or MCJIT with a memory manager that records
// the .llvm_stackmaps section it allocates) hands over the pointer and
// size it recorded.
func ParseMemory(p unsafe.Pointer, n int, byteOrder binary.ByteOrder) (*Section, error) {
	if p == nil || n <= 0 {
		return nil, errors.New("stackmap: ParseMemory needs a non-nil pointer and a positive length")
	}
	return Parse(unsafe.Slice((*byte)(p), n), byteOrder)
}
