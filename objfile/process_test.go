package objfile

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/elfsection"
	"github.com/stackmaps/stackmaps/internal/corpus"
	"github.com/stackmaps/stackmaps/procwalk"
	"github.com/stackmaps/stackmaps/stackmap"
)

func TestLoadBiasOfSegments(t *testing.T) {
	// A PIE as ld lays it out: text at file offset 0x1000, vaddr 0x1000;
	// data at offset 0x2df0, vaddr 0x3df0.
	segs := []elfsection.Segment{
		{Offset: 0, Addr: 0, FileSize: 0x700},
		{Offset: 0x1000, Addr: 0x1000, FileSize: 0x500},
		{Offset: 0x2df0, Addr: 0x3df0, FileSize: 0x230},
	}
	for _, tc := range []struct {
		name string
		maps []procwalk.Mapping
		bias uint64
		ok   bool
	}{
		{"first mapping", []procwalk.Mapping{{Start: 0x555555554000, End: 0x555555555000, Offset: 0}}, 0x555555554000, true},
		{"text mapping only", []procwalk.Mapping{{Start: 0x555555555000, End: 0x555555556000, Offset: 0x1000}}, 0x555555554000, true},
		{"data mapping only", []procwalk.Mapping{{Start: 0x555555557000, End: 0x555555558000, Offset: 0x2000}}, 0x555555554000, true},
		{"page offset does not match", []procwalk.Mapping{{Start: 0x555555557800, End: 0x555555558000, Offset: 0x2000}}, 0, false},
		{"offset in no segment", []procwalk.Mapping{{Start: 0x7000, End: 0x8000, Offset: 0x9000}}, 0, false},
		{"no mappings", nil, 0, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b, ok := loadBias(segs, tc.maps)
			assert.Equal(t, tc.ok, ok)
			assert.Equal(t, tc.bias, b)
		})
	}
}

// TestLoadBiasAndImage: a shared library's bias from its mappings, and the
// same library read from memory by NewImage, with the bias its place
// gives, a module and a symbol map by code address; a non-ELF file has no
// bias from mappings.
func TestLoadBiasAndImage(t *testing.T) {
	path := filepath.Join(corpus.Root(), "linked", "x86_64-elf", "libstackmaps.so")
	f, err := OpenOptions(path, Options{AllowNoSection: true})
	require.NoError(t, err)
	defer f.Close()
	const base = 0x7ffff7fc1000
	bias, err := f.LoadBias([]procwalk.Mapping{{Start: base + 0x1000, End: base + 0x2000, Offset: 0x1000, Path: path}})
	require.NoError(t, err)
	assert.Equal(t, uint64(base), bias)
	_, err = f.LoadBias([]procwalk.Mapping{{Start: base + 0x800, End: base + 0x1000, Offset: 0x1000}})
	assert.ErrorIs(t, err, procwalk.ErrNoBias)

	data, err := os.ReadFile(path)
	require.NoError(t, err)
	img, ibias, err := NewImage(&stackmap.Memory{Addr: base, Data: data}, base)
	require.NoError(t, err)
	defer img.Close()
	assert.Equal(t, uint64(base), ibias)
	require.Len(t, img.Sections, 1, "the image's stack maps")
	m, err := img.Module(ibias)
	require.NoError(t, err)
	fm, err := f.Module(bias)
	require.NoError(t, err)
	assert.Equal(t, fm.Start, m.Start)
	assert.Equal(t, fm.End, m.End)
	want, err := f.SymbolMap()
	require.NoError(t, err)
	got, err := img.SymbolMap()
	require.NoError(t, err)
	assert.Equal(t, want, got)

	_, _, err = NewImage(&stackmap.Memory{Addr: base, Data: data[:100]}, base)
	assert.Error(t, err, "memory that holds the header but not the image")

	pe, err := Open(filepath.Join(corpus.Root(), "linked-pe", "sm.dll"))
	require.NoError(t, err)
	defer pe.Close()
	// A PE image is placed by the mapping of its first byte (a minidump's
	// module base); a mapping of another part of it places nothing.
	bias, err = pe.LoadBias([]procwalk.Mapping{{Start: base, End: base + 0x1000}})
	require.NoError(t, err)
	assert.Equal(t, base-pe.PE().ImageBase(), bias)
	_, err = pe.LoadBias([]procwalk.Mapping{{Start: base, End: base + 0x1000, Offset: 0x1000}})
	assert.ErrorIs(t, err, procwalk.ErrNoBias)
	obj, err := Open(filepath.Join(corpus.Root(), "windows", "win.o"))
	require.NoError(t, err)
	defer obj.Close()
	_, err = obj.LoadBias([]procwalk.Mapping{{Start: base, End: base + 0x1000}})
	assert.ErrorIs(t, err, procwalk.ErrNoBias, "a COFF object is not placed")
}
