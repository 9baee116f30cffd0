// Package mapfile gives the locators the bytes of one section of a file
// without copying the file onto the heap: memory-mapped (read-only) where
// the platform allows, read with ReadAt elsewhere.
package mapfile

import (
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
)

// maxInt is the largest length a slice can have.
const maxInt = int64(^uint(0) >> 1)

// MinMap is the smallest section Section maps; smaller ones are read onto
// the heap, where the garbage collector sees them (a mapping is released
// by a cleanup, which the collector runs only as the heap grows: a program
// opening many files that allocates little would otherwise keep their
// mappings, and the kernel's count of mappings is limited). Tests lower it
// to exercise the mapped path on small files.
var MinMap int64 = 1 << 20

// ErrRange is returned (wrapped) when the requested range does not lie
// within the file.
var ErrRange = errors.New("range outside the file")

// Section returns the n bytes of f at offset off, memory-mapped when n is
// at least MinMap (and the platform allows), and a function that releases
// them. The bytes are read-only: writing to them may fault. After
// release they must not be used. f may be closed as soon as Section
// returns.
func Section(f *os.File, off, n int64) (data []byte, release func() error, err error) {
	if off < 0 || n < 0 || n > maxInt || off > maxInt-n {
		return nil, nil, fmt.Errorf("mapfile: offset %d length %d: %w", off, n, ErrRange)
	}
	if n == 0 {
		return []byte{}, func() error { return nil }, nil
	}
	st, err := f.Stat()
	if err != nil {
		return nil, nil, err
	}
	if off+n > st.Size() {
		return nil, nil, fmt.Errorf("mapfile: offset %d length %d in a file of %d bytes: %w", off, n, st.Size(), ErrRange)
	}
	if n >= MinMap {
		if data, release, ok := mmap(f, off, n); ok {
			return data, release, nil
		}
	}
	return read(f, off, n)
}

// read is the fallback: the bytes are copied onto the heap.
func read(f io.ReaderAt, off, n int64) ([]byte, func() error, error) {
	data := make([]byte, n)
	if _, err := f.ReadAt(data, off); err != nil {
		return nil, nil, fmt.Errorf("mapfile: reading %d bytes at offset %d: %w", n, off, err)
	}
	return data, func() error { return nil }, nil
}

// Own ties the bytes that release frees to owner: they are released once
// owner is unreachable (runtime.AddCleanup), never before. A locator calls
// it with the *stackmap.SectionData that holds a mapped section: every
// Section, Table, Record and Index decoded from a SectionData refers to it,
// so the mapping stays as long as anything decoded from it is in use, and
// SectionData.Close (or objfile.File.Close) does not pull the bytes from
// under them. A nil release does nothing.
//
// release must not refer to owner, or owner would never become
// unreachable.
func Own[T any](owner *T, release func() error) {
	if release == nil || owner == nil {
		return
	}
	runtime.AddCleanup(owner, func(r func() error) { _ = r() }, release)
}
