package stackmap_test

import (
	"encoding/binary"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/internal/corpus"
	"github.com/stackmaps/stackmaps/stackmap"
)

// Every checked-in section decodes under its target's byte order and only
// under it.
func TestByteOrdersOfRealSections(t *testing.T) {
	objs, err := corpus.Objects()
	require.NoError(t, err)
	counts := map[binary.ByteOrder]int{}
	for _, o := range objs {
		data, err := os.ReadFile(o.Base() + ".stackmaps.bin")
		require.NoError(t, err)
		got := stackmap.ByteOrders(data)
		if assert.Len(t, got, 1, o.Name()) {
			assert.Equal(t, o.ByteOrder, got[0], o.Name())
			counts[got[0]]++
		}
	}
	assert.Positive(t, counts[binary.LittleEndian])
	assert.Positive(t, counts[binary.BigEndian])
}

func TestByteOrdersOfOddBytes(t *testing.T) {
	assert.Empty(t, stackmap.ByteOrders([]byte("not a stack map section")))
	empty := []byte{3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}
	assert.Len(t, stackmap.ByteOrders(empty), 2, "an empty table reads the same both ways")
}
