package stackmap

import (
	"errors"
	"fmt"
)

// Sentinels for reading object files, shared by every locator (packages
// elfsection, machosection, pesection and objfile), so that one errors.Is
// test works whatever the file's format.
var (
	// ErrNoSection means the file is an object file this library reads
	// but has no stack map section.
	ErrNoSection = errors.New("no stack map section")
	// ErrNotObject means the bytes are not an object file this library
	// reads (ELF, Mach-O thin or universal, COFF object, PE image), or
	// are one whose headers are damaged beyond reading.
	ErrNotObject = errors.New("not an object file this library reads")
	// ErrTooLarge means a compressed section would inflate past the
	// caller's bound (see elfsection.Options).
	ErrTooLarge = errors.New("section too large")
)

// FileError says where in an object file reading went wrong: the file's
// format, what was being read, and its file offset. Errors that the
// locators return while reading a file's structure are *FileError; those
// for the section's own bytes are *DecodeError, whose offsets are section
// offsets, and those for relocations are *RelocationError.
type FileError struct {
	Format Format // the file's format ("" when it was not recognized)
	What   string // what was being read, e.g. "section header 7" or "symbol table"
	Offset int64  // file offset of what was being read; -1 when not known
	Err    error  // what went wrong; often ErrNotObject or ErrNoSection
}

// Error says "elf: section header 7 at file offset 0x1c40: ...".
func (e *FileError) Error() string {
	prefix := string(e.Format)
	if prefix == "" {
		prefix = "object file"
	}
	if e.Offset < 0 {
		return fmt.Sprintf("%s: %s: %v", prefix, e.What, e.Err)
	}
	return fmt.Sprintf("%s: %s at file offset 0x%x: %v", prefix, e.What, e.Offset, e.Err)
}

// Unwrap returns the underlying error.
func (e *FileError) Unwrap() error { return e.Err }
