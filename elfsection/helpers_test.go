package elfsection_test

import (
	"io"

	"github.com/stackmaps/stackmaps/elfsection"
	"github.com/stackmaps/stackmaps/stackmap"
)

// names returns the symbol names of infos.
func names(fis []stackmap.Function) []string {
	out := make([]string, len(fis))
	for i, fi := range fis {
		out[i] = fi.Symbol()
	}
	return out
}

// openSection opens name and returns its stack map section, closing the
// file (the section stays valid).
func openSection(name string) (*stackmap.SectionData, error) {
	return openSectionOptions(name, elfsection.Options{})
}

// openSectionOptions is openSection with options.
func openSectionOptions(name string, opts elfsection.Options) (*stackmap.SectionData, error) {
	f, err := elfsection.OpenOptions(name, opts)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return f.StackMaps()
}

// readSection returns the stack map section of the ELF file read through
// r (NewFile and File.StackMaps).
func readSection(r io.ReaderAt) (*stackmap.SectionData, error) {
	f, err := elfsection.NewFile(r)
	if err != nil {
		return nil, err
	}
	return f.StackMaps()
}
