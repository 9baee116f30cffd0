package objfile_test

import (
	"encoding/binary"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/internal/corpus"
	"github.com/stackmaps/stackmaps/objfile"
)

// TestRawOrderFromBytes: without a byte order, a bare section is read in
// the one its bytes decode in (s390x: big-endian; x86_64: little-endian),
// from a file or from memory; bytes that decode in neither are
// ErrNotSection.
func TestRawOrderFromBytes(t *testing.T) {
	root := corpus.Root()
	for rel, want := range map[string]binary.ByteOrder{
		"objects/llvm14/s390x-elf/large_record.stackmaps.bin": binary.BigEndian,
		"objects/llvm19/x86_64-elf/kinds.stackmaps.bin":       binary.LittleEndian,
	} {
		path := filepath.Join(root, rel)
		f, err := objfile.OpenRaw(path, nil)
		require.NoError(t, err, rel)
		assert.Equal(t, want, f.Sections[0].ByteOrder, rel)
		_, err = f.Sections[0].Parse()
		assert.NoError(t, err, rel)
		f.Close()

		data, err := os.ReadFile(path)
		require.NoError(t, err)
		g, err := objfile.NewRaw(data, nil)
		require.NoError(t, err, rel)
		assert.Equal(t, want, g.Sections[0].ByteOrder, rel)
	}
	_, err := objfile.NewRaw([]byte("not a section at all"), nil)
	assert.True(t, errors.Is(err, objfile.ErrNotSection), "%v", err)
	_, err = objfile.OpenRaw(filepath.Join(root, "objects/llvm19/x86_64-elf/kinds.o"), nil)
	assert.True(t, errors.Is(err, objfile.ErrNotSection), "%v", err)
}
