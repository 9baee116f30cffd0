package machosection_test

import (
	"bytes"
	"errors"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/regs"
	"github.com/stackmaps/stackmaps/stackmap"
)

func TestUniversalFileGivesEverySlice(t *testing.T) {
	sds, err := openFatSections("../testdata/fat/kinds-universal.o")
	require.NoError(t, err)
	require.Len(t, sds, 2)
	assert.Equal(t, regs.X86_64, sds[0].Arch)
	assert.Equal(t, "x86_64", sds[0].Slice)
	assert.Equal(t, regs.AArch64, sds[1].Arch)
	assert.Equal(t, "aarch64", sds[1].Slice)
	for i, thin := range []string{"../testdata/objects/llvm14/x86_64-macho/kinds.stackmaps.bin", "../testdata/objects/llvm14/arm64-macho/kinds.stackmaps.bin"} {
		want, err := os.ReadFile(thin)
		require.NoError(t, err)
		assert.Equal(t, want, sds[i].Data, "slice %d holds the thin object's section", i)
		assert.Equal(t, stackmap.FormatMachO, sds[i].Format)
		assert.Equal(t, "__LLVM_STACKMAPS,__llvm_stackmaps", sds[i].Name)
		sec, err := sds[i].Parse()
		require.NoError(t, err)
		assert.Equal(t, 1, sec.NumTables())
	}
}

func TestNoSection(t *testing.T) {
	// A real object whose section is renamed has no stack map section.
	data, err := os.ReadFile("../testdata/objects/llvm14/x86_64-macho/kinds.o")
	require.NoError(t, err)
	renamed := bytes.Replace(data, []byte("__llvm_stackmaps"), []byte("__llvm_stackmapz"), -1)
	_, err = readSection(bytes.NewReader(renamed))
	require.Error(t, err)
	assert.True(t, errors.Is(err, stackmap.ErrNoSection))
	assert.Contains(t, err.Error(), "the object has no stack map records", "an object was never linked: nothing was stripped")
	assert.NotContains(t, err.Error(), "dead-stripped")

	// A linked image without the section may have lost it to the linker.
	data, err = os.ReadFile("../testdata/linked-macho/x86_64-macos11.dylib")
	require.NoError(t, err)
	renamed = bytes.Replace(data, []byte("__llvm_stackmaps"), []byte("__llvm_stackmapz"), -1)
	_, err = readSection(bytes.NewReader(renamed))
	require.ErrorIs(t, err, stackmap.ErrNoSection)
	assert.Contains(t, err.Error(), "dead-stripped")
}

func TestGarbageIsAnError(t *testing.T) {
	_, err := readSection(bytes.NewReader([]byte("not a mach-o file at all")))
	assert.ErrorIs(t, err, stackmap.ErrNotObject)
	var fe *stackmap.FileError
	require.ErrorAs(t, err, &fe)
	assert.Equal(t, int64(0), fe.Offset)
}
