package winunwind

import (
	"errors"
	"fmt"
)

var (
	// ErrFormat is wrapped by every *FormatError: the unwind data does not
	// decode.
	ErrFormat = errors.New("malformed unwind data")
	// ErrNotFound means no RUNTIME_FUNCTION covers the address (a leaf
	// function, which has none, or an address outside the image's code).
	ErrNotFound = errors.New("no RUNTIME_FUNCTION covers the address")
	// ErrUnsupported means the data is well formed but states something no
	// Rule can express (codes applied after a PUSH_MACHFRAME, a pop of rsp
	// in an epilog).
	ErrUnsupported = errors.New("unwind data not expressible as a rule")
)

// FormatError says where and why unwind data does not decode.
type FormatError struct {
	RVA    uint32 // where the record read starts (relative virtual address)
	What   string // the record, e.g. "UNWIND_INFO" or "RUNTIME_FUNCTION 3"
	Detail string // what is wrong
	Err    error  // ErrFormat or ErrUnsupported
}

// Error returns "winunwind: UNWIND_INFO at rva 0x2010: ...".
func (e *FormatError) Error() string {
	return fmt.Sprintf("winunwind: %s at rva %#x: %s", e.What, e.RVA, e.Detail)
}

// Unwrap returns ErrFormat or ErrUnsupported.
func (e *FormatError) Unwrap() error { return e.Err }

func formatErr(rva uint32, what, format string, args ...any) error {
	return &FormatError{RVA: rva, What: what, Detail: fmt.Sprintf(format, args...), Err: ErrFormat}
}

func unsupported(rva uint32, what, format string, args ...any) error {
	return &FormatError{RVA: rva, What: what, Detail: fmt.Sprintf(format, args...), Err: ErrUnsupported}
}
