package machosection_test

import (
	"io"

	"github.com/stackmaps/stackmaps/cfi"
	"github.com/stackmaps/stackmaps/machosection"
	"github.com/stackmaps/stackmaps/stackmap"
)

// openSection opens the thin Mach-O file name and returns its stack map
// section, closing the file (the section stays valid).
func openSection(name string) (*stackmap.SectionData, error) {
	f, err := machosection.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return f.StackMaps()
}

// openFatSections opens name and returns the stack map sections of its
// slices.
func openFatSections(name string) ([]*stackmap.SectionData, error) {
	ff, err := machosection.OpenFat(name)
	if err != nil {
		return nil, err
	}
	defer ff.Close()
	return ff.StackMaps()
}

// readSection returns the stack map section of the thin Mach-O file read
// through r (NewFile and File.StackMaps).
func readSection(r io.ReaderAt) (*stackmap.SectionData, error) {
	f, err := machosection.NewFile(r)
	if err != nil {
		return nil, err
	}
	return f.StackMaps()
}

// readFatSections returns the stack map sections of the slices of the
// Mach-O file read through r (NewFat and Fat.StackMaps).
func readFatSections(r io.ReaderAt) ([]*stackmap.SectionData, error) {
	ff, err := machosection.NewFat(r)
	if err != nil {
		return nil, err
	}
	return ff.StackMaps()
}

// openFrames opens the thin Mach-O file name and returns its __eh_frame
// (File.Frames).
func openFrames(name string) (cfi.Config, error) {
	f, err := machosection.Open(name)
	if err != nil {
		return cfi.Config{}, err
	}
	defer f.Close()
	return f.Frames()
}

// openCompactUnwind opens the thin Mach-O file name and returns its
// compact unwind information (File.CompactUnwind).
func openCompactUnwind(name string) (machosection.CompactUnwind, error) {
	f, err := machosection.Open(name)
	if err != nil {
		return machosection.CompactUnwind{}, err
	}
	defer f.Close()
	return f.CompactUnwind()
}
