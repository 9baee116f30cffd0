// Package objfile opens any object file this library reads, once, and
// answers what tools and runtimes ask of it: its LLVM stack map sections,
// its unwind tables (through the format's reader: ELF, MachO, PE), a
// symbol map (address -> function name and offset) and its code bytes.
// ELF, Mach-O (thin, and universal with one image per slice), COFF objects
// and PE images are told apart by their content, not their name:
//
//	f, err := objfile.Open("prog.o")
//	if err != nil { ... }
//	defer f.Close()
//	for _, sd := range f.Sections {
//		sec, err := sd.Parse()
//		...
//	}
//
// What is decoded from a File stays valid after Close (see File.Close).
//
// Failures match the same sentinels whatever the format: errors.Is(err,
// objfile.ErrNoSection) for an object file without stack maps,
// errors.Is(err, objfile.ErrNotObject) for bytes that are not an object
// file this package reads. Errors about the file's structure are
// *stackmap.FileError, naming what was being read and its file offset.
//
// The format-specific readers (packages elfsection, machosection and
// pesection) do the work; use them directly to start from a debug/elf,
// debug/macho or debug/pe file of your own (their FromFile).
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

	elf    *elfsection.File
	macho  *machosection.File
	pe     *pesection.File
	r      io.ReaderAt // what the image is read through (byte 0: the image's first byte)
	osf    *os.File    // Open, OpenRaw: what Close closes
	syms   *SymbolMap  // built on first use
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
	f := &File{Format: id.format, Universal: id.universal, r: r}
	switch id.format {
	case stackmap.FormatELF:
		ef, err := elfsection.NewFileOptions(r, opts.elf())
		if err != nil {
			return nil, err
		}
		f.elf, f.Arch, f.ByteOrder = ef, ef.Arch, ef.ByteOrder
		sd, err := ef.StackMaps()
		if err := opts.check(err); err != nil {
			return nil, err
		}
		if sd != nil {
			f.Sections = []*stackmap.SectionData{sd}
		}
	case stackmap.FormatMachO:
		ff, err := machosection.NewFat(r)
		if err != nil {
			return nil, err
		}
		f.Sections, err = ff.StackMaps()
		if err := opts.check(err); err != nil {
			return nil, err
		}
		for _, s := range ff.Slices {
			sub := &File{Format: stackmap.FormatMachO, Arch: s.Arch, ByteOrder: s.ByteOrder, macho: s, r: s.ReaderAt()}
			for _, sd := range f.Sections {
				if sd.Slice == s.Slice {
					sub.Sections = []*stackmap.SectionData{sd}
				}
			}
			f.Slices = append(f.Slices, sub)
		}
		if !ff.Universal {
			f.macho, f.Arch, f.ByteOrder, f.Slices = ff.Slices[0], ff.Slices[0].Arch, ff.Slices[0].ByteOrder, nil
		}
	default:
		pf, err := pesection.NewFile(r)
		if err != nil {
			return nil, err
		}
		f.pe, f.Arch, f.ByteOrder, f.Format = pf, pf.Arch, pf.ByteOrder, pf.Format
		sd, err := pf.StackMaps()
		if err := opts.check(err); err != nil {
			return nil, err
		}
		if sd != nil {
			f.Sections = []*stackmap.SectionData{sd}
		}
	}
	return f, nil
}

// ELF returns the ELF reader of an ELF file (its Frames, Symbols,
// TextRanges), or nil.
func (f *File) ELF() *elfsection.File { return f.elf }

// MachO returns the Mach-O reader of a thin Mach-O file or of one slice
// (its Frames, CompactUnwind, Symbols, TextRanges), or nil; for a
// universal file, see Slices or Image.
func (f *File) MachO() *machosection.File { return f.macho }

// PE returns the COFF/PE reader of a COFF or PE file, or nil.
func (f *File) PE() *pesection.File { return f.pe }

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
		if s.macho.Slice == name {
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
