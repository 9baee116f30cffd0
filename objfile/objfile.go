// Package objfile opens any object file this library reads and returns its
// LLVM stack map sections: ELF, Mach-O (thin, and universal with one
// section per slice), COFF objects and PE images, told apart by their
// content, not their name. It is the one call a tool or a runtime that
// loads binaries needs:
//
//	f, err := objfile.Open("prog.o")
//	if err != nil { ... }
//	defer f.Close()
//	for _, sd := range f.Sections {
//		sec, err := sd.Parse()
//		...
//	}
//
// Failures match the same sentinels whatever the format: errors.Is(err,
// objfile.ErrNoSection) for an object file without stack maps,
// errors.Is(err, objfile.ErrNotObject) for bytes that are not an object
// file this package reads. Errors about the file's structure are
// *stackmap.FileError, naming what was being read and its file offset.
//
// The format-specific locators (packages elfsection, machosection and
// pesection) do the work; use them directly to start from a debug/elf,
// debug/macho or debug/pe file of your own.
package objfile

import (
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/stackmaps/stackmaps/elfsection"
	"github.com/stackmaps/stackmaps/machosection"
	"github.com/stackmaps/stackmaps/pesection"
	"github.com/stackmaps/stackmaps/stackmap"
)

// The sentinels errors from this package match, whatever the file's
// format (they are package stackmap's, which every locator uses).
var (
	// ErrNoSection: an object file with no stack map section.
	ErrNoSection = stackmap.ErrNoSection
	// ErrNotObject: not an object file this package reads.
	ErrNotObject = stackmap.ErrNotObject
)

// File is an object file's stack map sections.
type File struct {
	// Format is the file's format, as Identify tells it.
	Format stackmap.Format
	// Universal reports a universal (fat) Mach-O file.
	Universal bool
	// Sections holds the file's stack map sections: one, except in a
	// universal file, which has one per slice that has a section (in slice
	// order; each SectionData's Slice names its architecture).
	Sections []*stackmap.SectionData
}

// Open opens the named file and finds its stack map sections. The
// sections' bytes are memory-mapped where the platform allows, so that a
// large binary is not read into the heap. Call Close when done with the
// file; what was decoded from it stays valid (see Close).
//
// A mapping reflects the file: if another process truncates or rewrites
// the file while it is mapped, reading the bytes can fault (SIGBUS), which
// Go cannot recover from. For files that may change underneath you, use
// NewFile, which copies the sections.
func Open(name string) (*File, error) { return OpenOptions(name, Options{}) }

// OpenOptions is Open with options.
func OpenOptions(name string, opts Options) (*File, error) {
	osf, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	id, err := identify(osf)
	osf.Close()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	f := &File{Format: id.format, Universal: id.universal}
	var sd *stackmap.SectionData
	switch {
	case id.universal:
		f.Sections, err = machosection.OpenFat(name)
	case id.format == stackmap.FormatELF:
		sd, err = elfsection.OpenOptions(name, opts.elf())
	case id.format == stackmap.FormatMachO:
		sd, err = machosection.Open(name)
	default:
		sd, err = pesection.Open(name)
	}
	if err != nil {
		return nil, err // the locators name the file
	}
	if sd != nil {
		f.Sections = []*stackmap.SectionData{sd}
	}
	return f, nil
}

// NewFile finds the stack map sections of the object file read through r.
// The sections' bytes are read into memory.
func NewFile(r io.ReaderAt) (*File, error) { return NewFileOptions(r, Options{}) }

// NewFileOptions is NewFile with options.
func NewFileOptions(r io.ReaderAt, opts Options) (*File, error) {
	id, err := identify(r)
	if err != nil {
		return nil, err
	}
	f := &File{Format: id.format, Universal: id.universal}
	var sd *stackmap.SectionData
	switch {
	case id.universal:
		f.Sections, err = machosection.ReadFat(r)
	case id.format == stackmap.FormatELF:
		sd, err = elfsection.ReadOptions(r, opts.elf())
	case id.format == stackmap.FormatMachO:
		sd, err = machosection.Read(r)
	default:
		sd, err = pesection.Read(r)
	}
	if err != nil {
		return nil, err
	}
	if sd != nil {
		f.Sections = []*stackmap.SectionData{sd}
	}
	return f, nil
}

// Close marks the file done: each section's Data becomes nil. The file's
// descriptor is already closed when Open returns. Memory-mapped bytes are
// not unmapped by Close but once nothing refers to them: every Section,
// Table, Record and Index decoded from a section refers to its
// SectionData, which owns the mapping, so whatever was decoded before Close
// stays valid after it (as data read from a debug/elf file does), and the
// mapping goes with the last of them. A slice of a SectionData's Data kept
// on its own does not keep the mapping: keep the SectionData too, or copy.
// Close is safe to call more than once.
func (f *File) Close() error {
	var errs []error
	for _, sd := range f.Sections {
		errs = append(errs, sd.Close())
	}
	return errors.Join(errs...)
}
