// Package bounds checks the sizes and counts an object file's headers
// claim against the bytes the file really has, before the locators hand
// the file to debug/elf, debug/macho or debug/pe, so that a hostile header
// is refused without allocating what it claims. Its errors are
// *stackmap.FileError naming what was being read and its file offset.
package bounds

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/stackmaps/stackmaps/stackmap"
)

// File is a reader with what is known of its size.
type File struct {
	r      io.ReaderAt
	size   int64 // -1 when the reader does not tell
	base   int64 // file offset of r's byte 0 (a universal file's slice)
	format stackmap.Format
	unit   string // "file", or "slice" for a universal file's slice
}

// sizer is implemented by *bytes.Reader, *strings.Reader and
// *io.SectionReader.
type sizer interface{ Size() int64 }

// New returns the File for r, learning its size from (*os.File).Stat or a
// Size() int64 method; when neither tells, checks probe r with ReadAt.
func New(r io.ReaderAt, format stackmap.Format) *File {
	f := &File{r: r, size: -1, format: format, unit: "file"}
	switch v := r.(type) {
	case *os.File:
		if st, err := v.Stat(); err == nil && st.Mode().IsRegular() {
			f.size = st.Size()
		}
	case sizer:
		f.size = v.Size()
	}
	return f
}

// Slice returns the File for the n bytes at offset off of f (a universal
// file's slice): offsets in its errors are still f's file offsets.
func (f *File) Slice(off, n int64) *File {
	return &File{r: io.NewSectionReader(f.r, off, n), size: n, base: f.base + off, format: f.format, unit: "slice"}
}

// SetFormat sets the file format errors are reported for, once the
// caller has told it.
func (f *File) SetFormat(format stackmap.Format) { f.format = format }

// Reader returns the reader, positioned like the File (byte 0 is its
// first byte).
func (f *File) Reader() io.ReaderAt { return f.r }

// Size returns the file's size in bytes, or -1 when it is not known.
func (f *File) Size() int64 { return f.size }

// Base returns the file offset of the File's byte 0 (non-zero for a
// universal file's slice).
func (f *File) Base() int64 { return f.base }

// Format returns the file format errors are reported for.
func (f *File) Format() stackmap.Format { return f.format }

// Has reports whether the file holds n bytes at offset off.
// Nothing is read for n 0, so any offset will do.
func (f *File) Has(off, n uint64) bool {
	if n == 0 {
		return true
	}
	if off > 1<<62 || n > 1<<62 {
		return false
	}
	if f.size >= 0 {
		return off+n <= uint64(f.size)
	}
	var b [1]byte
	k, _ := f.r.ReadAt(b[:], int64(off+n-1))
	return k == 1
}

// Need returns nil when the file holds n bytes at offset off, and
// otherwise a *stackmap.FileError saying that what, at that offset, is
// truncated.
func (f *File) Need(what string, off, n uint64) error {
	if f.Has(off, n) {
		return nil
	}
	return f.Error(what, int64(min(off, 1<<63-1)), &Truncated{Need: n, Size: f.size, Unit: f.unit})
}

// NeedTable is Need for count entries of entsize bytes each.
func (f *File) NeedTable(what string, off, count, entsize uint64) error {
	if entsize != 0 && count > (1<<62)/entsize {
		return f.Error(what, int64(min(off, 1<<63-1)), &Truncated{Need: 1 << 62, Count: count, Entsize: entsize, Size: f.size, Unit: f.unit})
	}
	if f.Has(off, count*entsize) {
		return nil
	}
	return f.Error(what, int64(min(off, 1<<63-1)), &Truncated{Need: count * entsize, Count: count, Entsize: entsize, Size: f.size, Unit: f.unit})
}

// Error returns a *stackmap.FileError for what at offset off of f (-1:
// unknown).
func (f *File) Error(what string, off int64, err error) error {
	if off >= 0 {
		off += f.base
	}
	return &stackmap.FileError{Format: f.format, What: what, Offset: off, Err: err}
}

// Errorf is Error with a formatted message that wraps ErrNotObject.
func (f *File) Errorf(what string, off int64, format string, args ...any) error {
	return f.Error(what, off, &Damaged{Detail: fmt.Sprintf(format, args...)})
}

// Wrap returns a *stackmap.FileError for an error from debug/elf,
// debug/macho or debug/pe reading what at offset off, with the text of
// io.EOF and strconv's errors, which say nothing of where, replaced.
func (f *File) Wrap(what string, off int64, err error) error {
	if err == nil {
		return nil
	}
	var fe *stackmap.FileError
	if errors.As(err, &fe) {
		return err
	}
	return f.Error(what, off, &Damaged{Detail: clean(err.Error()), err: err})
}

// clean rewrites the parts of a standard-library error message that do
// not say where: a bare EOF, and strconv's "parsing" messages.
func clean(msg string) string {
	msg = strings.ReplaceAll(msg, "unexpected EOF", "the file ends early")
	msg = strings.ReplaceAll(msg, "EOF", "the file ends early")
	if i := strings.Index(msg, "strconv."); i >= 0 {
		msg = msg[:i] + "a malformed number"
	}
	return msg
}

// Truncated says that something needs more bytes than the file has.
// errors.Is(err, stackmap.ErrNotObject) holds for it: the file's headers
// are damaged.
type Truncated struct {
	Need           uint64 // bytes needed (1<<62 when the count overflows)
	Count, Entsize uint64 // for a table: its entries and their size (0 otherwise)
	Size           int64  // the file's size, -1 when unknown
	Unit           string // what Size is the size of: "file" (when "") or "slice"
}

// Error says "truncated: needs N bytes (C entries of E bytes), the file has M".
func (e *Truncated) Error() string {
	var b strings.Builder
	b.WriteString("truncated: needs ")
	if e.Need >= 1<<62 {
		b.WriteString("more than 2^62 bytes")
	} else {
		fmt.Fprintf(&b, "%d bytes", e.Need)
	}
	if e.Entsize != 0 {
		fmt.Fprintf(&b, " (%d entries of %d bytes)", e.Count, e.Entsize)
	}
	unit := e.Unit
	if unit == "" {
		unit = "file"
	}
	if e.Size >= 0 {
		fmt.Fprintf(&b, ", the %s has %d", unit, e.Size)
	} else {
		fmt.Fprintf(&b, ", the %s ends before", unit)
	}
	return b.String()
}

// Is reports whether target is stackmap.ErrNotObject.
func (e *Truncated) Is(target error) bool { return target == stackmap.ErrNotObject }

// Damaged is a header that cannot be read for another reason than
// truncation. errors.Is(err, stackmap.ErrNotObject) holds for it.
type Damaged struct {
	Detail string
	err    error // the standard library's error, when it found the fault
}

// Error returns the detail.
func (e *Damaged) Error() string { return e.Detail }

// Is reports whether target is stackmap.ErrNotObject.
func (e *Damaged) Is(target error) bool { return target == stackmap.ErrNotObject }

// Unwrap returns the standard library's error, if any.
func (e *Damaged) Unwrap() error { return e.err }
