// Package elfsection finds the LLVM stack map section (.llvm_stackmaps) in
// ELF files, using debug/elf.
package elfsection

import (
	"debug/elf"
	"errors"
	"fmt"
	"io"

	"github.com/stackmaps/stackmaps/regs"
	"github.com/stackmaps/stackmaps/stackmap"
)

// SectionName is the name of the stack map section in ELF files.
const SectionName = ".llvm_stackmaps"

// ErrNoSection is returned (wrapped) when a file has no stack map section.
var ErrNoSection = errors.New("no " + SectionName + " section")

// Open finds the stack map section in the named ELF file.
func Open(name string) (*stackmap.SectionData, error) {
	f, err := elf.Open(name)
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

// Read finds the stack map section in the ELF file read through r.
func Read(r io.ReaderAt) (*stackmap.SectionData, error) {
	f, err := elf.NewFile(r)
	if err != nil {
		return nil, err
	}
	return fromFile(f)
}

// FromFile finds the stack map section in an ELF file already opened with
// debug/elf.
func FromFile(f *elf.File) (*stackmap.SectionData, error) { return fromFile(f) }

func fromFile(f *elf.File) (*stackmap.SectionData, error) {
	s := f.Section(SectionName)
	if s == nil {
		return nil, fmt.Errorf("%w (was it linked with --gc-sections? keep the section with a linker script KEEP(*(.llvm_stackmaps)) or by referencing __LLVM_StackMaps)", ErrNoSection)
	}
	if s.Type == elf.SHT_NOBITS {
		return nil, fmt.Errorf("%s has no bytes in the file (SHT_NOBITS)", SectionName)
	}
	data, err := s.Data()
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", SectionName, err)
	}
	return &stackmap.SectionData{
		Format:    "elf",
		Arch:      regs.ArchFromELF(f.Machine, f.Class, f.Data),
		ByteOrder: f.ByteOrder,
		Name:      SectionName,
		Addr:      s.Addr,
		Offset:    int64(s.Offset),
		Data:      data,
	}, nil
}
