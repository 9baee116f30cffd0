package objfile

import (
	"github.com/stackmaps/stackmaps/stackmap"
)

// FaultMaps finds the file's fault map sections (see package faultmap),
// through the format's reader (elfsection's or machosection's FaultMaps),
// relocated in objects as the stack map sections are: one, or in a
// universal file one per slice that has one (each SectionData's Slice
// names it). A file without one, and a COFF or PE file (LLVM writes fault
// maps for ELF and Mach-O only), gives an error matching ErrNoSection.
// Open a file that has fault maps but no stack maps with
// Options.AllowNoSection.
func (f *File) FaultMaps() ([]*stackmap.SectionData, error) {
	if !f.Universal {
		sd, err := f.img.faultMaps()
		if err != nil {
			return nil, err
		}
		return []*stackmap.SectionData{sd}, nil
	}
	var out []*stackmap.SectionData
	var first error
	for _, s := range f.Slices {
		sd, err := s.img.faultMaps()
		if err != nil {
			if first == nil {
				first = err
			}
			continue
		}
		out = append(out, sd)
	}
	if len(out) == 0 {
		return nil, first
	}
	return out, nil
}
