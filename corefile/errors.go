package corefile

import (
	"errors"
	"fmt"

	"github.com/stackmaps/stackmaps/stackmap"
)

var (
	// ErrFormat means the file is not a well-formed 64-bit ELF core file.
	ErrFormat = errors.New("malformed core file")
	// ErrMemory means an address is not in the core's memory: no PT_LOAD
	// segment holds its bytes in the file. It is stackmap.ErrMemory, so
	// that one errors.Is test covers a walk's reads too.
	ErrMemory = stackmap.ErrMemory
)

// format is the stackmap.Format named in errors.
const format = stackmap.Format("ELF core")

func formatErr(what string, off int64, why string, args ...any) error {
	return &stackmap.FileError{Format: format, What: what, Offset: off,
		Err: fmt.Errorf("%w: "+why, append([]any{ErrFormat}, args...)...)}
}

// MemoryError says which bytes of the process's memory the core does not
// hold.
type MemoryError struct {
	Addr uint64 // first address asked for
	Size int    // bytes asked for
}

// Error names the address.
func (e *MemoryError) Error() string {
	return fmt.Sprintf("corefile: %d bytes at 0x%x: not in the core's memory", e.Size, e.Addr)
}

// Unwrap returns ErrMemory.
func (e *MemoryError) Unwrap() error { return ErrMemory }
