package corefile_test

import (
	"encoding/binary"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/corefile"
	"github.com/stackmaps/stackmaps/internal/coretest"
)

// imagePage is the first page of a 64-bit little-endian ELF image as a
// core holds it: its header, phnum program headers from phoff, the first
// a PT_NOTE at noteOff of noteSize bytes holding a GNU build ID note
// ("GNU", type 3, id).
func imagePage(phoff, phnum, noteOff, noteSize uint64, id []byte) []byte {
	o := binary.LittleEndian
	b := make([]byte, 4096)
	copy(b, "\x7fELF\x02\x01\x01")
	o.PutUint16(b[16:], 3) // ET_DYN
	o.PutUint16(b[18:], 62)
	o.PutUint64(b[32:], phoff)
	o.PutUint16(b[54:], 56)
	o.PutUint16(b[56:], uint16(phnum))
	if phoff+56 <= uint64(len(b)) {
		ph := b[phoff:]
		o.PutUint32(ph, 4) // PT_NOTE
		o.PutUint64(ph[8:], noteOff)
		o.PutUint64(ph[32:], noteSize)
	}
	if noteOff+16+uint64(len(id)) <= uint64(len(b)) {
		n := b[noteOff:]
		o.PutUint32(n, 4)
		o.PutUint32(n[4:], uint32(len(id)))
		o.PutUint32(n[8:], 3)
		copy(n[12:], "GNU\x00")
		copy(n[16:], id)
	}
	return b
}

// TestBuildID reads the build ID of an image from a core's copy of its
// first page, and refuses, with no ID and no panic, every page that lies
// about where its headers and notes are.
func TestBuildID(t *testing.T) {
	id := []byte{0xde, 0xad, 0xbe, 0xef, 1, 2, 3, 4}
	const at = 0x400000
	for _, c := range []struct {
		name string
		page []byte
		m    corefile.Mapping
		want []byte
	}{
		{"the note", imagePage(64, 1, 0x200, 16+8, id), corefile.Mapping{Start: at, End: at + 4096}, id},
		{"a mapping of another offset", imagePage(64, 1, 0x200, 16+8, id), corefile.Mapping{Start: at, End: at + 4096, Offset: 4096}, nil},
		{"program headers past the mapping", imagePage(4064, 1, 0x200, 16+8, id), corefile.Mapping{Start: at, End: at + 4096}, nil},
		{"65535 program headers", imagePage(64, 65535, 0x200, 16+8, id), corefile.Mapping{Start: at, End: at + 4096}, nil},
		{"program headers at 2^63", imagePage(1<<63, 1, 0x200, 16+8, id), corefile.Mapping{Start: at, End: at + 4096}, nil},
		{"a note past the mapping", imagePage(64, 1, 0xff0, 0x100, id), corefile.Mapping{Start: at, End: at + 4096}, nil},
		{"a note cut short", imagePage(64, 1, 0x200, 16+4, id), corefile.Mapping{Start: at, End: at + 4096}, nil},
		{"a mapping longer than the core holds", imagePage(64, 1, 0x200, 16+8, id), corefile.Mapping{Start: at, End: at + 1<<20}, id},
		{"a mapping the core does not hold", imagePage(64, 1, 0x200, 16+8, id), corefile.Mapping{Start: at + 1<<20, End: at + 2<<20}, nil},
	} {
		f, err := corefile.New(coretest.WriteCore([]coretest.Seg{{Addr: at, Data: c.page}}, nil))
		require.NoError(t, err, c.name)
		assert.Equal(t, c.want, f.BuildID(c.m), c.name)
	}
}
