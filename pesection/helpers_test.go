package pesection_test

import (
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
