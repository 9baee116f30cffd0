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
	"github.com/stackmaps/stackmaps/internal/corpus"
	"github.com/stackmaps/stackmaps/stackmap"
)

// Every checked-in ELF object and linked binary has call frame information
// the locator finds and package cfi decodes: in linked files the same bytes
// debug/elf reads, with .eh_frame_hdr; in objects a relocated copy of as
// many bytes (package cfi's tests check the relocated bytes against a
// relocation of their own).
func TestFrameSections(t *testing.T) {
	objs, err := corpus.Objects()
	require.NoError(t, err)
	var paths []string
	for _, o := range objs {
		if o.Format == "elf" {
			paths = append(paths, o.Path)
		}
	}
	linked, err := corpus.LinkedBinaries()
	require.NoError(t, err)
	for _, l := range linked {
		paths = append(paths, l.Path)
	}
	fdes, withHdr := 0, 0
	for _, p := range paths {
		fs, err := openFrames(p)
		require.NoError(t, err, p)
		ef, err := elf.Open(p)
		require.NoError(t, err)
		want, err := ef.Section(".eh_frame").Data()
		require.NoError(t, err, p)
		object := ef.Type == elf.ET_REL
		ef.Close()
		assert.Equal(t, object, fs.Relocated, p)
		if object {
			require.Len(t, fs.EHFrame.Data, len(want), p)
			assert.Zero(t, fs.EHFrame.Addr, p)
		} else {
			require.Equal(t, want, fs.EHFrame.Data, p)
		}
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
	data, err := os.ReadFile(corpus.Root() + "/linked/x86_64-elf/exe")
	require.NoError(t, err)
	f, err := elfsection.NewFile(bytes.NewReader(data[:len(data)/2]))
	if err == nil {
		_, err = f.Frames()
	}
	var fe *stackmap.FileError
	require.True(t, errors.As(err, &fe), "%v", err)
	assert.Positive(t, fe.Offset)
}

// openFrames opens an ELF file and returns its call frame sections
// (File.Frames).
func openFrames(path string) (elfsection.FrameSections, error) {
	f, err := elfsection.Open(path)
	if err != nil {
		return elfsection.FrameSections{}, err
	}
	defer f.Close()
	return f.Frames()
}
