package objfile

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/stackmaps/stackmaps/stackmap"
	"github.com/stackmaps/stackmaps/unwind"
)

// errUniversal is what the image methods of a universal file return.
var errUniversal = errors.New("objfile: a universal file has one image per slice: use File.Slices")

// ErrNoCode is returned (wrapped) by ReadCodeAt for an address in no
// executable range of the file.
var ErrNoCode = errors.New("address in no executable code of the file")

// CodeRange is a stretch of an image's executable code: the type every
// locator's TextRanges gives (stackmap.CodeRange). Its bytes in the file
// are FileSize bytes from Offset.
type CodeRange = stackmap.CodeRange

// CodeRanges returns the image's executable code: an ELF file's
// executable PT_LOAD segments (or an object's code sections), a Mach-O
// file's instruction sections, a COFF/PE file's code sections. A raw
// section or a universal file (see Slices) has none.
func (f *File) CodeRanges() []CodeRange {
	if f.Universal {
		return nil
	}
	return f.img.codeRanges()
}

// ReadCodeAt reads len(p) bytes of executable code at link-time address
// addr into p, as io.ReaderAt does (n < len(p) with an error when the code
// range ends first). The bytes are copied from the file, so they stay valid
// after Close; after Close it returns an error. In a relocatable object
// with several code sections each starts at 0: an address two of them
// hold is refused with an *unwind.AmbiguousError (ErrAmbiguousAddress)
// naming them (CodeReader reads a function's code from its own section).
// An address in no code range gives an error matching ErrNoCode.
func (f *File) ReadCodeAt(p []byte, addr uint64) (n int, err error) {
	if f.Universal {
		return 0, errUniversal
	}
	if f.r == nil {
		return 0, fmt.Errorf("%w: %#x (no code in this file)", ErrNoCode, addr)
	}
	rs := f.CodeRanges()
	if err := ambiguousCode(rs, addr); err != nil {
		return 0, err
	}
	for _, r := range rs {
		if addr < r.Addr || addr-r.Addr >= r.FileSize {
			continue
		}
		rest := r.FileSize - (addr - r.Addr)
		want := p
		if uint64(len(want)) > rest {
			want = want[:rest]
		}
		n, err = f.r.ReadAt(want, r.Offset+int64(addr-r.Addr))
		if err == nil && n < len(p) {
			err = io.EOF
		}
		return n, err
	}
	return 0, fmt.Errorf("%w: %#x", ErrNoCode, addr)
}

// Code returns n bytes of executable code at link-time address addr (fewer
// where the code range ends), copied from the file (see ReadCodeAt).
func (f *File) Code(addr uint64, n int) ([]byte, error) {
	if n < 0 {
		return nil, fmt.Errorf("objfile: Code: negative length %d", n)
	}
	found := false
	for _, r := range f.CodeRanges() {
		if addr >= r.Addr && addr-r.Addr < r.FileSize {
			n, found = int(min(uint64(n), r.FileSize-(addr-r.Addr))), true
			break
		}
	}
	if !found {
		_, err := f.ReadCodeAt(nil, addr) // the error: universal, or no code
		if err == nil {
			err = fmt.Errorf("%w: %#x", ErrNoCode, addr)
		}
		return nil, err
	}
	p := make([]byte, n) // at most the range's size, which lies in the file
	k, err := f.ReadCodeAt(p, addr)
	if err == io.EOF && k == n {
		err = nil
	}
	return p[:k], err
}

// ambiguousCode refuses addr when several code ranges hold it (the code
// sections of a relocatable object, each at 0), naming them.
func ambiguousCode(rs []CodeRange, addr uint64) error {
	var names []string
	for _, r := range rs {
		if addr >= r.Addr && addr-r.Addr < r.Size {
			names = append(names, r.Name)
		}
	}
	if len(names) < 2 {
		return nil
	}
	return &unwind.AmbiguousError{Addr: addr, What: "code of " + strings.Join(names, ", ")}
}
