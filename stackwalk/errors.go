package stackwalk

import (
	"errors"
	"fmt"

	"github.com/stackmaps/stackmaps/stackmap"
)

// Errors of a walk, matched by errors.Is on an *Error.
var (
	// ErrNoCFA means a frame's CFA could not be computed: the register
	// its rule names is unknown in this frame, or its expression failed.
	ErrNoCFA = errors.New("CFA not computable")
	// ErrMemory means the memory reader could not read a saved register
	// or the return address. It is stackmap.ErrMemory, which evaluating
	// a record's Indirect location gives: one errors.Is test covers both.
	ErrMemory = stackmap.ErrMemory
	// ErrCFI means the unwind row of the frame's pc could not be decoded
	// (a malformed FDE or compact entry).
	ErrCFI = errors.New("bad call frame information")
	// ErrNoProgress means the caller's stack pointer is not above the
	// callee's: a corrupt stack or CFI, which would loop for ever.
	ErrNoProgress = errors.New("stack pointer does not move outward")
	// ErrTooManyFrames means the walk reached Config.MaxFrames.
	ErrTooManyFrames = errors.New("too many frames")
	// ErrNotStarted means Next was called before Start.
	ErrNotStarted = errors.New("walk not started")
)

// Error says at which frame and address a walk failed, and why.
type Error struct {
	Frame int    // index of the frame being unwound (0 = innermost)
	PC    uint64 // its pc (runtime address)
	Addr  uint64 // the address being read, for ErrMemory; 0 otherwise
	What  string // what was being done
	Err   error  // one of the sentinels above, wrapping a cause when there is one
}

// Error names the frame, pc, address and cause.
func (e *Error) Error() string {
	if e.Addr != 0 {
		return fmt.Sprintf("stackwalk: frame %d (pc %#x): %s at %#x: %v", e.Frame, e.PC, e.What, e.Addr, e.Err)
	}
	return fmt.Sprintf("stackwalk: frame %d (pc %#x): %s: %v", e.Frame, e.PC, e.What, e.Err)
}

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }
