package faultmap

import (
	"errors"
	"fmt"
	"strings"

	"github.com/stackmaps/stackmaps/stackmap"
)

// The errors a DecodeError wraps.
var (
	// ErrTruncated: the section ends inside a header, a function or a fault.
	ErrTruncated = errors.New("truncated fault map")
	// ErrUnsupportedVersion: the version byte is not 1.
	ErrUnsupportedVersion = errors.New("unsupported fault map version")
	// ErrReserved: a reserved field is not zero, as LLVM always writes it.
	// It is stackmap.ErrReserved, so that one errors.Is test covers both
	// formats.
	ErrReserved = stackmap.ErrReserved
	// ErrKind: a fault kind is not one LLVM defines (1 to 3).
	ErrKind = errors.New("invalid fault kind")
	// ErrNoTables: the section holds no table.
	ErrNoTables = errors.New("no fault map tables")
)

// DecodeError says where a section is malformed: the table, function and
// fault (-1 where not inside one) and the byte offset in the section.
type DecodeError struct {
	Offset   int    // byte offset in the section where the fault was found
	Table    int    // index of the table, from 0, or -1
	Function int    // index of the function within its table, or -1
	Fault    int    // index of the fault within its function, or -1
	Err      error  // one of the package's sentinel errors
	Detail   string // what was wrong, in words
}

// Error says where and what, e.g. "faultmap: table 0, function 1, fault 0,
// offset 52 (0x34): fault kind 9 is not 1 to 3".
func (e *DecodeError) Error() string {
	var b strings.Builder
	b.WriteString("faultmap: ")
	if e.Table >= 0 {
		fmt.Fprintf(&b, "table %d, ", e.Table)
	}
	if e.Function >= 0 {
		fmt.Fprintf(&b, "function %d, ", e.Function)
	}
	if e.Fault >= 0 {
		fmt.Fprintf(&b, "fault %d, ", e.Fault)
	}
	fmt.Fprintf(&b, "offset %d (%#x): %s", e.Offset, e.Offset, e.Detail)
	return b.String()
}

// Unwrap returns the sentinel error, for errors.Is.
func (e *DecodeError) Unwrap() error { return e.Err }
