package machosection

import (
	"debug/macho"
	"io"

	"github.com/stackmaps/stackmaps/cfi"
	"github.com/stackmaps/stackmaps/stackmap"
)

// Read finds the stack map section in the thin Mach-O file read through
// r. The section's bytes are read into memory.
//
// Deprecated: use NewFile(r) and File.StackMaps.
func Read(r io.ReaderAt) (*stackmap.SectionData, error) {
	f, err := NewFile(r)
	if err != nil {
		return nil, err
	}
	return f.StackMaps()
}

// ReadFat finds the stack map section of every slice of the Mach-O file
// read through r that has one (see Fat.StackMaps).
//
// Deprecated: use NewFat(r) and Fat.StackMaps.
func ReadFat(r io.ReaderAt) ([]*stackmap.SectionData, error) {
	ff, err := NewFat(r)
	if err != nil {
		return nil, err
	}
	return ff.StackMaps()
}

// OpenFrames reads the __TEXT,__eh_frame section of the named thin Mach-O
// file.
//
// Deprecated: use Open and File.Frames.
func OpenFrames(name string) (cfi.Config, error) {
	f, err := Open(name)
	if err != nil {
		return cfi.Config{}, err
	}
	defer f.Close()
	return f.Frames()
}

// ReadFrames is OpenFrames for a file read through r.
//
// Deprecated: use NewFile and File.Frames.
func ReadFrames(r io.ReaderAt) (cfi.Config, error) {
	f, err := NewFile(r)
	if err != nil {
		return cfi.Config{}, err
	}
	return f.Frames()
}

// FramesFromFile reads the __TEXT,__eh_frame section of a file already
// opened with debug/macho.
//
// Deprecated: use FromFile(mf).Frames.
func FramesFromFile(mf *macho.File) (cfi.Config, error) { return FromFile(mf).Frames() }

// OpenCompactUnwind reads the compact unwind information of the named
// thin Mach-O file.
//
// Deprecated: use Open and File.CompactUnwind.
func OpenCompactUnwind(name string) (CompactUnwind, error) {
	f, err := Open(name)
	if err != nil {
		return CompactUnwind{}, err
	}
	defer f.Close()
	return f.CompactUnwind()
}

// CompactUnwindFromFile reads the compact unwind information of a file
// already opened with debug/macho.
//
// Deprecated: use FromFile(mf).CompactUnwind.
func CompactUnwindFromFile(mf *macho.File) (CompactUnwind, error) {
	return FromFile(mf).CompactUnwind()
}
