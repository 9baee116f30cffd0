package minidump

import (
	"errors"
	"fmt"

	"github.com/stackmaps/stackmaps/stackmap"
)

var (
	// ErrFormat means the file is not a well-formed minidump, or one this
	// package does not read (a 32-bit process's).
	ErrFormat = errors.New("malformed minidump")
	// ErrMemory means an address is not in the dump's memory. It is
	// stackmap.ErrMemory, so that one errors.Is test covers a walk's
	// reads too.
	ErrMemory = stackmap.ErrMemory
)

// format is the stackmap.Format named in errors.
const format = stackmap.Format("minidump")

func formatErr(what string, off int64, why string, args ...any) error {
	return &stackmap.FileError{Format: format, What: what, Offset: off,
		Err: fmt.Errorf("%w: "+why, append([]any{ErrFormat}, args...)...)}
}
