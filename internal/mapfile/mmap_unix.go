//go:build linux || darwin

package mapfile

import (
	"os"
	"sync"
	"syscall"
)

// mmap maps the pages holding [off, off+n) and returns the range within
// them. It reports false when the file cannot be mapped (a pipe, a special
// file), so that the caller falls back to reading.
func mmap(f *os.File, off, n int64) ([]byte, func() error, bool) {
	page := int64(os.Getpagesize())
	start := off &^ (page - 1)
	m, err := syscall.Mmap(int(f.Fd()), start, int(off+n-start), syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		return nil, nil, false
	}
	var once sync.Once
	var uerr error
	release := func() error {
		once.Do(func() { uerr = syscall.Munmap(m) })
		return uerr
	}
	return m[off-start : off-start+n : off-start+n], release, true
}
