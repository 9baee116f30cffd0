package elfnote

import (
	"encoding/binary"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// note encodes one note: name with its NUL, padded, then desc, padded.
func note(o binary.AppendByteOrder, name string, typ uint32, desc []byte) []byte {
	b := o.AppendUint32(nil, uint32(len(name)+1))
	b = o.AppendUint32(b, uint32(len(desc)))
	b = o.AppendUint32(b, typ)
	b = append(b, name...)
	b = append(b, 0)
	for len(b)%4 != 0 {
		b = append(b, 0)
	}
	b = append(b, desc...)
	for len(b)%4 != 0 {
		b = append(b, 0)
	}
	return b
}

// TestEach reads every note of a segment with its name, type,
// description and offset, in both byte orders, and refuses notes cut
// short with their offsets.
func TestEach(t *testing.T) {
	for _, o := range []interface {
		binary.ByteOrder
		binary.AppendByteOrder
	}{binary.LittleEndian, binary.BigEndian} {
		seg := append(note(o, "CORE", 1, []byte{1, 2, 3}), note(o, "GNU", NTGNUBuildID, []byte{0xaa, 0xbb, 0xcc, 0xdd, 0xee})...)
		type got struct {
			name string
			typ  uint32
			desc []byte
			off  int
		}
		var notes []got
		require.NoError(t, Each(seg, o, func(name []byte, typ uint32, desc []byte, off int) error {
			notes = append(notes, got{string(name), typ, desc, off})
			return nil
		}))
		assert.Equal(t, []got{{"CORE", 1, []byte{1, 2, 3}, 20}, {"GNU", 3, []byte{0xaa, 0xbb, 0xcc, 0xdd, 0xee}, 40}}, notes)
		assert.Equal(t, []byte{0xaa, 0xbb, 0xcc, 0xdd, 0xee}, BuildID(seg, o))
		assert.Nil(t, BuildID(seg[:24], o), "no build ID note")

		err := Each(seg[:len(seg)-4], o, func([]byte, uint32, []byte, int) error { return nil })
		var e *Error
		require.ErrorAs(t, err, &e)
		assert.Equal(t, 24, e.Off)
		assert.Equal(t, "name of 4 and description of 5 bytes past the end of the segment (8 bytes left)", e.Msg)
		err = Each(seg[:30], o, func([]byte, uint32, []byte, int) error { return nil })
		require.ErrorAs(t, err, &e)
		assert.Equal(t, "header of 6 bytes cut at the end of the segment", e.Msg)
	}
}
