package compactunwind

import (
	"errors"
	"fmt"
)

// Section names, as FormatError names them, and SectionEHFrame, Mach-O's
// name of the DWARF call frame section a DWARF-mode entry points into
// (.eh_frame in ELF). This package is where the Mach-O unwind section
// names are spelled; machosection and unwind use these constants.
const (
	SectionUnwindInfo    = "__unwind_info"
	SectionCompactUnwind = "__compact_unwind"
	SectionEHFrame       = "__eh_frame"
)

// ErrMalformed is matched (errors.Is) by every *FormatError: the section's
// bytes do not decode.
var ErrMalformed = errors.New("malformed compact unwind section")

// FormatError says where and why a compact unwind section does not decode.
// It matches ErrMalformed.
type FormatError struct {
	Section string // SectionUnwindInfo or SectionCompactUnwind
	Offset  uint64 // byte offset in the section
	What    string // the structure read there, e.g. "second-level page 0"
	Detail  string // what is wrong
}

// Error returns "__unwind_info: offset 0x44: second-level page 0: ...".
func (e *FormatError) Error() string {
	return fmt.Sprintf("%s: offset %#x: %s: %s", e.Section, e.Offset, e.What, e.Detail)
}

// Unwrap returns ErrMalformed.
func (e *FormatError) Unwrap() error { return ErrMalformed }

func infoErr(off uint64, what, format string, args ...any) error {
	return &FormatError{Section: SectionUnwindInfo, Offset: off, What: what, Detail: fmt.Sprintf(format, args...)}
}

// need checks that n bytes at off fit in a section of size bytes (no
// overflow: every value is at most 2^32 times 2^32).
func need(size int, off, n uint64) bool {
	return off <= uint64(size) && n <= uint64(size)-off
}
