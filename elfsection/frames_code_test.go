package elfsection

import (
	"encoding/binary"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/stackmaps/stackmaps/stackmap"
)

// entrySections walks entries by their lengths, 32- and 64-bit, gives each
// the section of its first code fixup, and stops at an entry that does not
// fit, without reading past the data.
func TestEntrySections(t *testing.T) {
	le := binary.LittleEndian
	a := stackmap.CodeSection{Index: 3, Name: ".text.a"}
	b := stackmap.CodeSection{Index: 5, Name: ".text.b"}
	var data []byte
	data = le.AppendUint32(data, 12) // entry at 0: 16 bytes
	data = append(data, make([]byte, 12)...)
	data = le.AppendUint32(data, 0xffffffff) // entry at 16: 64-bit length, 12+8 bytes
	data = le.AppendUint64(data, 8)
	data = append(data, make([]byte, 8)...)
	data = le.AppendUint32(data, 8) // entry at 36: 12 bytes, no code fixup
	data = append(data, make([]byte, 8)...)
	fixups := []stackmap.Fixup{
		{Offset: 4},          // no code section (a CIE pointer in .debug_frame)
		{Offset: 8, Code: a}, // pc_begin of entry 0
		{Offset: 12, Code: b},
		{Offset: 28, Code: b}, // entry 16
		{Offset: 40},
	}
	es := entrySections(data, le, fixups)
	assert.Equal(t, EntrySections{{0, a}, {16, b}}, es)
	c, ok := es.Section(16)
	assert.True(t, ok)
	assert.Equal(t, b, c)
	_, ok = es.Section(36)
	assert.False(t, ok)
	_, ok = es.Section(1)
	assert.False(t, ok)
	assert.Equal(t, 2, es.NumSections())

	// Truncated: a length past the end, a 64-bit length without its 8
	// bytes, a huge 64-bit length. Nothing past them is read.
	for _, bad := range [][]byte{
		le.AppendUint32(nil, 100),
		le.AppendUint32(nil, 0xffffffff),
		le.AppendUint64(le.AppendUint32(nil, 0xffffffff), 1<<63),
		{1, 2},
	} {
		assert.Nil(t, entrySections(bad, le, []stackmap.Fixup{{Offset: 0, Code: a}}))
	}
	assert.Nil(t, entrySections(data, le, nil))
}
