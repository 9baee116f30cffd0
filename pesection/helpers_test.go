package pesection_test

import (
	"io"

	"github.com/stackmaps/stackmaps/pesection"
	"github.com/stackmaps/stackmaps/stackmap"
)

// openSection opens name and returns its stack map section, closing the
// file (the section stays valid).
func openSection(name string) (*stackmap.SectionData, error) {
	f, err := pesection.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return f.StackMaps()
}

// readSection returns the stack map section of the COFF or PE file read
// through r (NewFile and File.StackMaps).
func readSection(r io.ReaderAt) (*stackmap.SectionData, error) {
	f, err := pesection.NewFile(r)
	if err != nil {
		return nil, err
	}
	return f.StackMaps()
}
