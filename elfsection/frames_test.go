package elfsection_test

import (
	"bytes"
	"debug/elf"
	"errors"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/cfi"
	"github.com/stackmaps/stackmaps/elfsection"
	"github.com/stackmaps/stackmaps/internal/golden"
	"github.com/stackmaps/stackmaps/stackmap"
)

// Every checked-in ELF object and linked binary has call frame information
// the locator finds and package cfi decodes: the same bytes debug/elf
// reads, with .eh_frame_hdr in linked files.
func TestFrameSections(t *testing.T) {
	objs, err := golden.Objects()
	require.NoError(t, err)
	var paths []string
	for _, o := range objs {
		if o.Format == "elf" {
			paths = append(paths, o.Path)
		}
	}
	linked, err := golden.LinkedBinaries()
	require.NoError(t, err)
	for _, l := range linked {
		paths = append(paths, l.Path)
	}
	fdes, withHdr := 0, 0
	for _, p := range paths {
		fs, err := elfsection.OpenFrames(p)
		require.NoError(t, err, p)
		ef, err := elf.Open(p)
		require.NoError(t, err)
		want, err := ef.Section(".eh_frame").Data()
		require.NoError(t, err, p)
		ef.Close()
		require.Equal(t, want, fs.EHFrame.Data, p)
		assert.Equal(t, cfi.EHFrame, fs.EHFrame.Kind)
		sec, err := cfi.New(fs.EHFrame)
		require.NoError(t, err, p)
		n := 0
		for _, err := range sec.FDEs() {
			require.NoError(t, err, p)
			n++
		}
		assert.Positive(t, n, p)
		fdes += n
		if fs.EHFrame.Hdr != nil {
			withHdr++
			assert.True(t, sec.HasHdr(), p)
		}
	}
	assert.Greater(t, fdes, 1000)
	assert.Equal(t, len(linked), withHdr, "every linked binary has .eh_frame_hdr, no object has")
}

func TestFrameSectionsRefuseDamage(t *testing.T) {
	data, err := os.ReadFile(golden.Root() + "/linked/x86_64-elf/exe")
	require.NoError(t, err)
	_, err = elfsection.ReadFrames(bytes.NewReader(data[:len(data)/2]))
	var fe *stackmap.FileError
	require.True(t, errors.As(err, &fe), "%v", err)
	assert.Positive(t, fe.Offset)
}
