package machosection_test

import (
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
