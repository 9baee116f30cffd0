package stackmap_test

import (
	"encoding/binary"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/internal/stackmaptest"
	"github.com/stackmaps/stackmaps/stackmap"
)

func TestParseMemory(t *testing.T) {
	data := stackmaptest.Encode(binary.LittleEndian, smallTable())
	sec, err := stackmap.ParseMemory(unsafe.Pointer(&data[0]), len(data), binary.LittleEndian)
	require.NoError(t, err)
	assert.Equal(t, 3, sec.Table(0).NumRecords())
	assert.Same(t, &data[0], &sec.Bytes()[0], "the section is read in place, not copied")

	_, err = stackmap.ParseMemory(nil, 16, binary.LittleEndian)
	assert.Error(t, err)
	_, err = stackmap.ParseMemory(unsafe.Pointer(&data[0]), 0, binary.LittleEndian)
	assert.Error(t, err)
}
