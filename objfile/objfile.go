package objfile

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/stackmaps/stackmaps/elfsection"
	"github.com/stackmaps/stackmaps/internal/mapfile"
	"github.com/stackmaps/stackmaps/machosection"
	"github.com/stackmaps/stackmaps/pesection"
	"github.com/stackmaps/stackmaps/regs"
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

// File is an object file opened once: its stack map sections, and the
// format's own reader (ELF, MachO, PE) for its unwind tables, with the
// symbols (SymbolMap) and the code bytes (ReadCodeAt) of its image.
type File struct {
	// Format is the file's format, as Identify tells it.
	Format stackmap.Format
	// Universal reports a universal (fat) Mach-O file.
	Universal bool
	// Sections holds the file's stack map sections: one, except in a
	// universal file, which has one per slice that has a section (in slice
	// order; each SectionData's Slice names its architecture).
	Sections []*stackmap.SectionData
	// Arch is the target architecture (regs.ArchUnknown for a universal
	// file: see Slices).
	Arch regs.Arch
	// ByteOrder is the file's byte order (nil for a universal file).
	ByteOrder binary.ByteOrder
	// Slices are a universal file's slices, each a thin Mach-O File
	// (sharing this one's descriptor: close this one); nil otherwise.
	Slices []*File

	img    image             // the format's reader; nil for a universal file
	r      io.ReaderAt       // what the image is read through (byte 0: the image's first byte)
	osf    *os.File          // Open, OpenRaw: what Close closes
	syms   *SymbolMap        // built on first use
	code   []CodeRange       // CodeRanges, read with syms: what FunctionSymbol checks
	byName map[string]uint64 // FunctionAddress's index: each name's (and display name's) lowest address
	symErr error
}

// Open opens the named file, finds its format from its content and its
// stack map sections. The file is opened once and stays open until Close,
// for what is read later (unwind tables, symbols, code). The sections'
// bytes are memory-mapped where the platform allows, so that a large
// binary is not read into the heap. Call Close when done with the file;
// what was decoded from it stays valid (see Close).
//
// A mapping reflects the file: if another process truncates or rewrites
// the file while it is mapped, reading the bytes can fault (SIGBUS), which
// Go cannot recover from. For files that may change underneath you, use
// NewFile with a reader that is not an *os.File, which copies the sections.
func Open(name string) (*File, error) { return OpenOptions(name, Options{}) }

// OpenOptions is Open with options.
func OpenOptions(name string, opts Options) (*File, error) {
	osf, err := mapfile.OpenRegular(name)
	if err != nil {
		return nil, err
	}
	f, err := NewFileOptions(osf, opts)
	if err != nil {
		osf.Close()
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	f.osf = osf
	return f, nil
}

// NewFile finds the format and the stack map sections of the object file
// read through r, which must stay readable while the File is used (the
// File does not close it). The sections' bytes are read into memory, or
// memory-mapped when r is an *os.File.
func NewFile(r io.ReaderAt) (*File, error) { return NewFileOptions(r, Options{}) }

// NewFileOptions is NewFile with options.
func NewFileOptions(r io.ReaderAt, opts Options) (*File, error) {
	id, err := identify(r)
	if err != nil {
		return nil, err
	}
	return open(id, r, opts)
}

// ELF returns the ELF reader of an ELF file (its Frames, Symbols,
// TextRanges), or nil.
func (f *File) ELF() *elfsection.File {
	if e, ok := f.img.(elfImage); ok {
		return e.f
	}
	return nil
}

// MachO returns the Mach-O reader of a thin Mach-O file or of one slice
// (its Frames, CompactUnwind, Symbols, TextRanges), or nil; for a
// universal file, see Slices or Image.
func (f *File) MachO() *machosection.File {
	if m, ok := f.img.(machoImage); ok {
		return m.f
	}
	return nil
}

// PE returns the COFF/PE reader of a COFF or PE file, or nil.
func (f *File) PE() *pesection.File {
	if p, ok := f.img.(peImage); ok {
		return p.f
	}
	return nil
}

// Image returns the File that sd was found in: f itself, or in a
// universal file the slice sd.Slice names (nil if none does).
func (f *File) Image(sd *stackmap.SectionData) *File {
	if !f.Universal {
		return f
	}
	return f.slice(sd.Slice)
}

// slice returns f for "" in a file that is not universal, or the slice of
// a universal file whose architecture is named (nil if none is).
func (f *File) slice(name string) *File {
	if !f.Universal {
		if name != "" {
			return nil
		}
		return f
	}
	for _, s := range f.Slices {
		if s.MachO().Slice == name {
			return s
		}
	}
	return nil
}

// Close closes the file opened by Open (OpenRaw keeps no descriptor; for
// NewFile it closes nothing: the caller owns the reader), and each
// section's Data becomes
// nil. Memory-mapped bytes are not unmapped by Close but once nothing
// refers to them: every Section, Table, Record and Index decoded from a
// section refers to its SectionData, which owns the mapping, so whatever
// was decoded before Close stays valid after it (as data read from a
// debug/elf file does), and the mapping goes with the last of them. A
// slice of a SectionData's Data kept on its own, or a copy of the
// SectionData struct, does not keep the mapping: keep the *SectionData
// too, or copy the bytes. (Sections under 1 MiB are read onto the heap,
// not mapped.) After Close, ReadCodeAt and the
// format readers' methods that read the file return errors. Close is safe
// to call more than once.
func (f *File) Close() error {
	var errs []error
	for _, sd := range f.Sections {
		errs = append(errs, sd.Close())
	}
	if osf := f.osf; osf != nil {
		f.osf = nil
		errs = append(errs, osf.Close())
	}
	return errors.Join(errs...)
}
