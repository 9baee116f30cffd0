package objfile

import (
	"encoding/binary"
	"os"

	"github.com/stackmaps/stackmaps/internal/mapfile"
	"github.com/stackmaps/stackmaps/stackmap"
)

// OpenRaw opens a file that holds a bare stack map section (as
// `llvm-objcopy --dump-section` writes it, or a runtime dumps it from
// memory) in the given byte order. The whole file is the section; it is
// memory-mapped where the platform allows, not read onto the heap.
func OpenRaw(name string, order binary.ByteOrder) (*File, error) {
	osf, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer osf.Close()
	st, err := osf.Stat()
	if err != nil {
		return nil, err
	}
	data, release, err := mapfile.Section(osf, 0, st.Size())
	if err != nil {
		return nil, err
	}
	sd := stackmap.NewSectionData(stackmap.SectionData{
		Format:    stackmap.FormatRaw,
		ByteOrder: order,
		Name:      "raw",
		Data:      data,
	}, stackmap.Relocations{}, nil)
	mapfile.Own(sd, release)
	return &File{Format: stackmap.FormatRaw, Sections: []*stackmap.SectionData{sd}}, nil
}
