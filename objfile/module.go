package objfile

import (
	"errors"
	"fmt"
	"io"

	"github.com/stackmaps/stackmaps/elfsection"
	"github.com/stackmaps/stackmaps/stackmap"
	"github.com/stackmaps/stackmaps/stackwalk"
	"github.com/stackmaps/stackmaps/unwind"
)

// This file builds unwind tables (package unwind) and walker modules
// (package stackwalk) from an opened file, so that neither of those
// packages reads a file format.

// Unwind builds the unwind table of the file (of one slice of a universal
// file: see Image): ELF .eh_frame (with .eh_frame_hdr) and .debug_frame;
// Mach-O __eh_frame, __unwind_info and __compact_unwind, with the
// function code that x86_64 STACK_IND entries read their stack size from.
// In a relocatable object the tables are relocated as stack map function
// addresses are (ELF: every section at 0, each FDE keeping its code
// section for objects built with function sections; Mach-O: every section
// at its address in the object), so that a record's address finds its
// function's row. COFF objects and PE images for x86_64: .pdata and the
// UNWIND_INFO records it names (in an object relocated against a layout
// of its sections; see pesection.File.X64Unwind).
func (f *File) Unwind() (*unwind.Table, error) {
	if f.Universal {
		return nil, errUniversal
	}
	return f.img.unwind(f.codeCopy)
}

// sectionOf adapts an object's FDE code sections to unwind.SectionOf (nil
// unless the FDEs lie in several code sections).
func sectionOf(es elfsection.EntrySections) unwind.SectionOf {
	if es.NumSections() < 2 {
		return nil
	}
	return func(off uint64) (int, bool) {
		c, ok := es.Section(off)
		return c.Index, ok && c.Known()
	}
}

// codeCopy copies the file's code ranges into memory, for x86_64
// STACK_IND compact entries, which read a function's stack size from its
// code: the table then needs nothing of the file after Close.
func (f *File) codeCopy() (codeRanges, error) {
	var cs codeRanges
	for _, r := range f.CodeRanges() {
		b, err := f.Code(r.Addr, int(min(r.FileSize, 1<<31)))
		if err != nil {
			return nil, err
		}
		cs = append(cs, codeRange{r.Addr, b})
	}
	return cs, nil
}

// codeRanges are code bytes at their addresses: an unwind.CodeReader.
type codeRanges []codeRange

type codeRange struct {
	addr uint64
	data []byte
}

// ReadAt reads code at an address (io.ReaderAt, with off an address).
func (cs codeRanges) ReadAt(p []byte, addr int64) (int, error) {
	for _, s := range cs {
		if addr < 0 || uint64(addr) < s.addr || uint64(addr)-s.addr >= uint64(len(s.data)) {
			continue
		}
		n := copy(p, s.data[uint64(addr)-s.addr:])
		if n < len(p) {
			return n, io.EOF
		}
		return n, nil
	}
	return 0, fmt.Errorf("%w: %#x", ErrNoCode, addr)
}

// Module describes the file (an ELF executable or shared library, or a
// thin Mach-O image) for a walk, loaded with the given bias (runtime
// address - link-time address; 0 for a non-PIE executable): its code range
// (ELF: the executable PT_LOAD segments; Mach-O: the code sections), its
// unwind table (Unwind) and its stack map index (nil when it has none).
// Everything the module holds stays valid after the File is closed.
func (f *File) Module(bias uint64) (*stackwalk.Module, error) {
	if f.Universal {
		return nil, errUniversal
	}
	lo, hi, err := f.img.extent()
	if err != nil {
		return nil, err
	}
	if lo >= hi {
		return nil, errors.New("no executable code")
	}
	t, err := f.Unwind()
	if err != nil {
		return nil, err
	}
	m := &stackwalk.Module{Arch: t.Arch(), Bias: bias, Start: lo + bias, End: hi + bias, Unwind: t}
	if len(f.Sections) > 0 {
		sec, err := f.Sections[0].Parse()
		if err != nil {
			return nil, err
		}
		m.Stackmaps = stackmap.NewIndex(sec)
	}
	return m, nil
}

// OpenModule opens the file at path once and describes it for a walk
// (File.Module); the module is named after path. The file is closed before
// OpenModule returns: the module needs nothing of it afterwards.
func OpenModule(path string, bias uint64) (*stackwalk.Module, error) {
	f, err := OpenOptions(path, Options{AllowNoSection: true})
	if err != nil {
		return nil, err
	}
	defer f.Close()
	m, err := f.Module(bias)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	m.Name = path
	return m, nil
}

// NewModule is OpenModule for a file already open as r (an *os.File, or
// the bytes of an image a runtime loaded: bytes.NewReader); name names the
// module in errors.
func NewModule(r io.ReaderAt, name string, bias uint64) (*stackwalk.Module, error) {
	f, err := NewFileOptions(r, Options{AllowNoSection: true})
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	defer f.Close()
	m, err := f.Module(bias)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	m.Name = name
	return m, nil
}

// OpenUnwind opens the file at path once and builds its unwind table
// (File.Unwind); slice names the slice of a universal Mach-O file (as
// stackmap.SectionData.Slice does) and is "" for any other file. The file
// is closed before OpenUnwind returns: the table needs nothing of it.
func OpenUnwind(path, slice string) (*unwind.Table, error) {
	f, err := OpenOptions(path, Options{AllowNoSection: true})
	if err != nil {
		return nil, err
	}
	defer f.Close()
	img := f.slice(slice)
	if img == nil {
		return nil, fmt.Errorf("%s: no slice \"%s\"", path, slice)
	}
	t, err := img.Unwind()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return t, nil
}
