package unwind

import (
	"errors"
	"fmt"

	"github.com/stackmaps/stackmaps/cfi"
)

// ErrNotFound means no table of the image covers the address. It is
// cfi.ErrNotFound, so errors.Is matches either.
var ErrNotFound = cfi.ErrNotFound

// ErrAmbiguous means an address alone does not say which function it is
// in: in a relocatable object with several code sections every section
// starts at 0 (ask RowInSection).
var ErrAmbiguous = errors.New("address is ambiguous: several code sections hold it")

// Error says which table failed for which address, and why. Err is the
// table decoder's error (a *cfi.Error, a *compactunwind.FormatError or
// the error of compactunwind.Interpret).
type Error struct {
	Table Kind   // the table being read
	PC    uint64 // the address looked up
	What  string // what was being done, e.g. "encoding 0x03000000"
	Err   error
}

// Error names the table, the address and the cause.
func (e *Error) Error() string {
	if e.What != "" {
		return fmt.Sprintf("unwind: pc %#x: %v: %s: %v", e.PC, e.Table, e.What, e.Err)
	}
	return fmt.Sprintf("unwind: pc %#x: %v: %v", e.PC, e.Table, e.Err)
}

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }
