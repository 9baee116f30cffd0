// Package pesection reads what this library needs from COFF objects and
// PE images, using debug/pe: File, opened once (Open, NewFile, FromFile),
// gives the LLVM stack map section (File.StackMaps: .llvm_stackmaps) with
// the relocations that name its functions in objects
// (IMAGE_REL_AMD64_ADDR64), the file's function symbols (File.Symbols),
// its code ranges (File.TextRanges) and, for a disassembler, the
// functions' code and the names of branch targets (File.Code). LLVM 19
// and later emit stack maps for x86_64 Windows.
package pesection

import (
	"debug/pe"
	"encoding/binary"
	"fmt"
	"io"

	"github.com/stackmaps/stackmaps/internal/bounds"
	"github.com/stackmaps/stackmaps/internal/mapfile"

	"github.com/stackmaps/stackmaps/stackmap"
)

// SectionName is the name of the stack map section in COFF objects.
const SectionName = ".llvm_stackmaps"

// ImageSectionName is the stack map section's name in PE images, whose
// section names have no string table and are cut to 8 bytes.
const ImageSectionName = ".llvm_st"

// imageBase returns a PE image's preferred base address (0 for objects).
func imageBase(f *pe.File) uint64 {
	switch oh := f.OptionalHeader.(type) {
	case *pe.OptionalHeader64:
		return oh.ImageBase
	case *pe.OptionalHeader32:
		return uint64(oh.ImageBase)
	}
	return 0
}

// loader gets n bytes at file offset off, and what releases them; nil
// means the section's Data method.
type loader func(off, n int64) ([]byte, func() error, error)

// fromFile finds the section; bf is nil and table (the section table's
// file offset) -1 when they are not known (FromFile).
func fromFile(f *pe.File, bf *bounds.File, table int64, load loader) (*stackmap.SectionData, error) {
	index := -1
	for i, sec := range f.Sections {
		if sec.Name == SectionName || sec.Name == ImageSectionName {
			index = i
			break
		}
	}
	format := stackmap.FormatCOFF
	if f.OptionalHeader != nil {
		format = stackmap.FormatPE
	}
	if index < 0 {
		return nil, fileError(format, "section table", table, fmt.Errorf("%w named %s (or %s in an image)", stackmap.ErrNoSection, SectionName, ImageSectionName))
	}
	s := f.Sections[index]
	// A section's raw data is padded to the file alignment in images;
	// VirtualSize is the real length there (it is 0 in objects).
	n := int64(s.Size)
	if s.VirtualSize != 0 && int64(s.VirtualSize) < n {
		n = int64(s.VirtualSize)
	}
	var (
		data    []byte
		release func() error
		err     error
	)
	what := "section " + s.Name
	if bf != nil {
		// Check the whole raw data, padding included: a header claiming
		// more than the file holds is damaged even where it is not read.
		if err := bf.Need(what, uint64(s.Offset), uint64(s.Size)); err != nil {
			return nil, err
		}
	}
	if load != nil {
		data, release, err = load(int64(s.Offset), n)
	} else {
		data, err = readData(s, n)
	}
	if err != nil {
		if bf != nil {
			return nil, bf.Wrap(what, int64(s.Offset), err)
		}
		return nil, fileError(format, what, int64(s.Offset), err)
	}
	info := stackmap.SectionData{
		Format:    format,
		Arch:      Arch(f.Machine),
		ByteOrder: binary.LittleEndian,
		Name:      s.Name,
		Addr:      imageBase(f) + uint64(s.VirtualAddress),
		Offset:    int64(s.Offset),
		Data:      data,
	}
	syms := newSymbols(f)
	var rel stackmap.Relocations
	if rel.Fixups, err = fixups(f, s, data, syms); err != nil {
		if release != nil {
			release()
		}
		return nil, err
	}
	rel.Symbols = syms.functions()
	sd := stackmap.NewSectionData(info, rel, nil)
	mapfile.Own(sd, release) // unmapped when nothing decoded from sd is in use, not by Close
	return sd, nil
}

// readData reads the first n bytes of s's raw data. With the file's size
// unknown (FromFile) the buffer grows only as bytes arrive.
func readData(s *pe.Section, n int64) ([]byte, error) {
	data, err := io.ReadAll(io.NewSectionReader(s, 0, n))
	if err == nil && int64(len(data)) < n {
		err = fmt.Errorf("%w: %d bytes, the file has %d", stackmap.ErrNotObject, n, len(data))
	}
	return data, err
}

// fileError says what was being read at which file offset.
func fileError(format stackmap.Format, what string, off int64, err error) error {
	return &stackmap.FileError{Format: format, What: what, Offset: off, Err: err}
}

// ImageID returns the identity of a PE image as a symbol server and a
// minidump's module list name it: the file header's TimeDateStamp as 8
// upper-case hex digits, then the optional header's SizeOfImage in
// lower-case hex ("" for a COFF object, which has no SizeOfImage).
func (f *File) ImageID() string {
	var size uint32
	switch oh := f.f.OptionalHeader.(type) {
	case *pe.OptionalHeader64:
		size = oh.SizeOfImage
	case *pe.OptionalHeader32:
		size = oh.SizeOfImage
	default:
		return ""
	}
	return fmt.Sprintf("%08X%x", f.f.TimeDateStamp, size)
}

// ImageBase returns a PE image's preferred base address, the address its
// first byte is linked at (0 for a COFF object).
func (f *File) ImageBase() uint64 { return imageBase(f.f) }
