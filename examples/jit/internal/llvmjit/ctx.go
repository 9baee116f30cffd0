//go:build llvmjit

package llvmjit

// #include <stdlib.h>
import "C"

import "unsafe"

// Words is an array of 64-bit words in C memory, for passing data to JIT'd
// code and reading what it stored while a capture callback runs.
type Words struct {
	Ptr   unsafe.Pointer
	Slice []uint64
}

// NewWords allocates n zeroed words in C memory.
func NewWords(n int) *Words {
	p := C.calloc(C.size_t(n), 8)
	return &Words{Ptr: p, Slice: unsafe.Slice((*uint64)(p), n)}
}

// Free releases the words.
func (w *Words) Free() {
	C.free(w.Ptr)
	w.Ptr, w.Slice = nil, nil
}
