package faultmap

import (
	"github.com/stackmaps/stackmaps/stackmap"
)

// NewSection decodes the fault map section a locator found (elfsection,
// machosection or objfile: File.FaultMaps), applying what the file says
// about it: in relocatable objects the relocations that fill the
// functions' addresses (Address is then an offset in the function's code
// section, CodeSection names it, Symbol names the function), and in
// linked files the dynamic relocations of position-independent code and
// the function symbols that name the addresses. Functions are named by
// stackmap.SectionData.ResolveFunction, as stack map functions are.
//
// The Section reads sd.Data in place and keeps sd reachable: a section a
// locator memory-mapped stays mapped while the Section is in use (see
// objfile.File.Close).
func NewSection(sd *stackmap.SectionData) (*Section, error) {
	s, err := Parse(sd.Data, sd.ByteOrder)
	if err != nil {
		return nil, err
	}
	s.keep = sd
	s.reloc = make([]stackmap.ResolvedFunction, len(s.funcs))
	for i, off := range s.funcs {
		s.reloc[i] = sd.ResolveFunction(off, s.storedAddress(i))
	}
	return s, nil
}
