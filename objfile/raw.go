package objfile

import (
	"encoding/binary"
	"errors"
	"fmt"

	"github.com/stackmaps/stackmaps/internal/mapfile"
	"github.com/stackmaps/stackmaps/stackmap"
)

// ErrNotSection: bare bytes given to OpenRaw or NewRaw without a byte
// order decode as a stack map section in neither byte order.
var ErrNotSection = errors.New("not a stack map section")

// OpenRaw opens a file that holds a bare stack map section (as
// `llvm-objcopy --dump-section` writes it, or a runtime dumps it from
// memory) in the given byte order. The whole file is the section; it is
// memory-mapped where the platform allows, not read onto the heap. A nil
// order is found from the bytes, as NewRaw finds it.
func OpenRaw(name string, order binary.ByteOrder) (*File, error) {
	osf, err := mapfile.OpenRegular(name)
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
	f, err := NewRaw(data, order)
	if err != nil {
		release()
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	mapfile.Own(f.Sections[0], release)
	return f, nil
}

// NewRaw makes a File of a bare stack map section held in memory (read
// from a pipe, or from a runtime's own image), in the given byte order.
// A nil order is found from the bytes: the one they decode in
// (stackmap.ByteOrders), little-endian when they decode in both (an empty
// table reads the same both ways); bytes that decode in neither are an
// error matching ErrNotSection. data must not change while the File is
// used.
func NewRaw(data []byte, order binary.ByteOrder) (*File, error) {
	if order == nil {
		if orders := stackmap.ByteOrders(data); len(orders) > 0 {
			order = orders[0]
		} else if d := stackmap.DetectDialect(data, nil); d.Dialect != stackmap.DialectUnknown && d.Dialect != stackmap.DialectUpstream {
			order = d.ByteOrder // another project's layout: Parse names it
		} else {
			return nil, fmt.Errorf("%w: the bytes decode as a stack map section in neither byte order", ErrNotSection)
		}
	}
	sd := stackmap.NewSectionData(stackmap.SectionData{
		Format:    stackmap.FormatRaw,
		ByteOrder: order,
		Name:      "raw",
		Data:      data,
	}, stackmap.Relocations{}, nil)
	return &File{Format: stackmap.FormatRaw, Sections: []*stackmap.SectionData{sd}, img: rawImage{}}, nil
}
