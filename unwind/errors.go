package unwind

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/stackmaps/stackmaps/cfi"
)

// ErrNotFound means no table of the image covers the address. It is
// cfi.ErrNotFound, so errors.Is matches either.
var ErrNotFound = cfi.ErrNotFound

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

// ErrAmbiguousAddress means an address alone does not say what it
// designates: in a relocatable object with several code sections (built
// with function sections: llc -function-sections, clang
// -ffunction-sections, rustc) every section starts at 0, so an address is
// an offset in each of them. A question asked with the code section
// (Table.RowInSection, Table.RowForRecord; objfile.SymbolMap's
// LookupInSection and LookupRecord) has one answer. The error is an
// *AmbiguousError.
var ErrAmbiguousAddress = errors.New("ambiguous address: an offset in several code sections")

// AmbiguousError refuses an address-only question about a relocatable
// object with several code sections. It matches ErrAmbiguousAddress.
type AmbiguousError struct {
	// Addr is the address asked.
	Addr uint64
	// What names what was looked up: ".eh_frame FDEs", "symbols", "code
	// of .text, .text.f".
	What string
	// Sections are the code sections (their numbers in the file, as
	// stackmap.CodeSection.Index; -1 for entries of no known section)
	// with an entry covering Addr, in increasing order. Any of them, or
	// another code section with no entry there, may be the one meant.
	// Empty when none has (a symbol map refuses every address-only
	// lookup: its symbols need not lie in the code sections, as 64-bit
	// PowerPC ELFv1 descriptors do not) or the sections are known by name
	// only (What names them).
	Sections []int
}

// Error names the address, what was looked up and the candidate
// sections.
func (e *AmbiguousError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "address %#x is ambiguous (%s): an offset in every code section of the object, each at 0", e.Addr, e.What)
	for i, s := range e.Sections {
		if i == 0 {
			b.WriteString("; code sections ")
		} else {
			b.WriteString(", ")
		}
		b.WriteString(strconv.Itoa(s))
	}
	if len(e.Sections) > 0 {
		b.WriteString(" have one there")
	}
	b.WriteString(": ask with the code section")
	return b.String()
}

// Unwrap returns ErrAmbiguousAddress.
func (e *AmbiguousError) Unwrap() error { return ErrAmbiguousAddress }
