// Package pesection finds the LLVM stack map section (.llvm_stackmaps) in
// COFF objects and PE images, using debug/pe. LLVM 19 and later emit stack
// maps for x86_64 Windows.
package pesection

import (
	"debug/pe"
	"encoding/binary"
	"errors"
	"fmt"
	"io"

	"github.com/stackmaps/stackmaps/regs"
	"github.com/stackmaps/stackmaps/stackmap"
)

// SectionName is the name of the stack map section in COFF files.
const SectionName = ".llvm_stackmaps"

// ErrNoSection is returned (wrapped) when a file has no stack map section.
var ErrNoSection = errors.New("no " + SectionName + " section")

// Open finds the stack map section in the named COFF or PE file.
func Open(name string) (*stackmap.SectionData, error) {
	f, err := pe.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	sd, err := fromFile(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return sd, nil
}

// Read finds the stack map section in the COFF or PE file read through r.
func Read(r io.ReaderAt) (*stackmap.SectionData, error) {
	f, err := pe.NewFile(r)
	if err != nil {
		return nil, err
	}
	return fromFile(f)
}

// FromFile finds the stack map section in a file already opened with
// debug/pe.
func FromFile(f *pe.File) (*stackmap.SectionData, error) { return fromFile(f) }

func fromFile(f *pe.File) (*stackmap.SectionData, error) {
	s := f.Section(SectionName)
	if s == nil {
		return nil, ErrNoSection
	}
	data, err := s.Data()
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", SectionName, err)
	}
	// A section's raw data is padded to the file alignment in images;
	// VirtualSize is the real length there (it is 0 in objects).
	if s.VirtualSize != 0 && int(s.VirtualSize) < len(data) {
		data = data[:s.VirtualSize]
	}
	return &stackmap.SectionData{
		Format:    "pe",
		Arch:      regs.ArchFromPE(f.Machine),
		ByteOrder: binary.LittleEndian,
		Name:      SectionName,
		Addr:      uint64(s.VirtualAddress),
		Offset:    int64(s.Offset),
		Data:      data,
	}, nil
}
