//go:build !(linux || darwin)

package mapfile

import "os"

// mmap is not used on this platform: Section reads the bytes instead.
func mmap(f *os.File, off, n int64) ([]byte, func() error, bool) { return nil, nil, false }
