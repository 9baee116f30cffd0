package elfsection

import (
	"github.com/stackmaps/stackmaps/stackmap"
)

// FaultMapSectionName is the name of the fault map section in ELF files,
// as llc -enable-implicit-null-checks writes it (see package faultmap).
const FaultMapSectionName = ".llvm_faultmaps"

// FaultMaps finds the fault map section (FaultMapSectionName) and what the
// file says about it, as StackMaps does for the stack map section: in a
// relocatable object the relocations that fill its function addresses
// (.rela.llvm_faultmaps; the same relocation types as the stack map
// section's, applied by the same code), in linked files the dynamic
// relocations that apply to it and the function symbols that name its
// addresses. Package faultmap decodes it (faultmap.NewSection). A file
// without the section gives an error matching stackmap.ErrNoSection.
//
// The bytes are memory-mapped or read as for StackMaps.
func (f *File) FaultMaps() (*stackmap.SectionData, error) {
	sd, err := f.x.findFaultMaps(f.src.Loader())
	return sd, f.src.Wrap(err)
}

func (x *file) findFaultMaps(load loader) (*stackmap.SectionData, error) {
	for i, s := range x.f.Sections {
		if s.Name == FaultMapSectionName {
			return x.load(i, load)
		}
	}
	return nil, x.err("section headers", x.h.shoff, noFaultMaps(FaultMapSectionName))
}

// noFaultMaps is the error for a file without the fault map section
// name: it matches stackmap.ErrNoSection (errors.Is) without saying "stack
// map".
type noFaultMaps string

func (e noFaultMaps) Error() string {
	return "no fault map section named " + string(e) + " (llc writes one with -enable-implicit-null-checks for branches marked !make.implicit)"
}

func (e noFaultMaps) Is(target error) bool { return target == stackmap.ErrNoSection }
