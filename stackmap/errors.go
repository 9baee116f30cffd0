package stackmap

import (
	"errors"
	"fmt"
	"strings"
)

// Sentinel errors. Every error Parse returns is a *DecodeError whose Err is
// one of these; errors.Is works on the *DecodeError directly. Every
// *DecodeError except one for an unsupported version also matches
// ErrMalformed.
var (
	// ErrMalformed matches every structural fault: truncation, bad kinds,
	// bad indexes, inconsistent counts, trailing bytes.
	ErrMalformed = errors.New("malformed stack map")
	// ErrTruncated means a count or length points past the end of the bytes.
	ErrTruncated = errors.New("truncated stack map")
	// ErrUnsupportedVersion means a table's version byte is not 1, 2 or 3.
	ErrUnsupportedVersion = errors.New("unsupported stack map version")
	// ErrLocationKind means a location's kind is not 1 to 5.
	ErrLocationKind = errors.New("invalid location kind")
	// ErrConstantIndex means a ConstantIndex location names a constant the
	// table does not have.
	ErrConstantIndex = errors.New("constant index out of range")
	// ErrRecordCount means the functions' record counts do not add up to the
	// table's number of records.
	ErrRecordCount = errors.New("record counts do not match")
	// ErrTrailingData means bytes after the last table do not form a table.
	ErrTrailingData = errors.New("trailing bytes after last table")
	// ErrNoTables means the section is empty.
	ErrNoTables = errors.New("no stack map tables")
)

// DecodeError describes where and why a section failed to decode.
// Indexes that do not apply are -1.
type DecodeError struct {
	Offset   int    // byte offset in the section where the fault was found
	Table    int    // index of the table, counting from 0
	Function int    // index of the function record
	Record   int    // index of the record within its table
	Location int    // index of the location within its record
	LiveOut  int    // index of the live-out within its record
	Err      error  // one of the package's sentinel errors
	Detail   string // what was wrong, in words
}

// Error says where the fault is and what it is, e.g. "stackmap: table 0,
// record 2, location 1, offset 188 (0xbc): location kind 7 is not 1 to 5".
func (e *DecodeError) Error() string {
	var b strings.Builder
	b.WriteString("stackmap: ")
	if e.Table >= 0 {
		fmt.Fprintf(&b, "table %d, ", e.Table)
	}
	if e.Function >= 0 {
		fmt.Fprintf(&b, "function %d, ", e.Function)
	}
	if e.Record >= 0 {
		fmt.Fprintf(&b, "record %d, ", e.Record)
	}
	if e.Location >= 0 {
		fmt.Fprintf(&b, "location %d, ", e.Location)
	}
	if e.LiveOut >= 0 {
		fmt.Fprintf(&b, "live-out %d, ", e.LiveOut)
	}
	fmt.Fprintf(&b, "offset %d (0x%x): %s", e.Offset, e.Offset, e.Detail)
	return b.String()
}

// Unwrap returns the sentinel error.
func (e *DecodeError) Unwrap() error { return e.Err }

// Is reports whether target is ErrMalformed and this error is a structural
// fault (anything but an unsupported version).
func (e *DecodeError) Is(target error) bool {
	return target == ErrMalformed && e.Err != ErrUnsupportedVersion
}

// where locates a fault while a table is being validated.
type where struct {
	table, function, record, location, liveOut int
}

func at(table int) where { return where{table, -1, -1, -1, -1} }

func (w where) fail(off int, err error, format string, args ...any) *DecodeError {
	return &DecodeError{
		Offset: off, Table: w.table, Function: w.function, Record: w.record,
		Location: w.location, LiveOut: w.liveOut,
		Err: err, Detail: fmt.Sprintf(format, args...),
	}
}
