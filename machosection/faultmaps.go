package machosection

import (
	"github.com/stackmaps/stackmaps/stackmap"
)

// Segment and section names of the fault map section in Mach-O files, as
// llc -enable-implicit-null-checks writes it (see package faultmap).
const (
	FaultMapSegmentName = "__LLVM_FAULTMAPS"
	FaultMapSectionName = "__llvm_faultmaps"
)

// FaultMaps finds the fault map section (FaultMapSegmentName,
// FaultMapSectionName) and what the file says about it, as StackMaps does
// for the stack map section: in objects the relocations that fill its
// function addresses, in images the chained fixups, and the function
// symbols that name them. Package faultmap decodes it
// (faultmap.NewSection). A file without the section gives an error
// matching stackmap.ErrNoSection.
func (f *File) FaultMaps() (*stackmap.SectionData, error) {
	load := f.src.Loader()
	x := f.x
	s := x.section(FaultMapSegmentName, FaultMapSectionName)
	if s == nil {
		return nil, f.wrap(x.err("load commands", headerSize(x.f), noFaultMaps(FaultMapSegmentName+","+FaultMapSectionName)))
	}
	sd, err := x.load(s, load)
	if err != nil {
		return nil, f.wrap(err)
	}
	sd.Slice = f.Slice
	return sd, nil
}

// noFaultMaps is the error for a file without the fault map section
// name: it matches stackmap.ErrNoSection (errors.Is) without saying "stack
// map".
type noFaultMaps string

func (e noFaultMaps) Error() string {
	return "no fault map section named " + string(e) + " (llc writes one with -enable-implicit-null-checks for branches marked !make.implicit)"
}

func (e noFaultMaps) Is(target error) bool { return target == stackmap.ErrNoSection }
