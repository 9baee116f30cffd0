package elfsection_test

import (
	"debug/elf"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/elfsection"
	"github.com/stackmaps/stackmaps/internal/corpus"
	"github.com/stackmaps/stackmaps/internal/reloctest"
	"github.com/stackmaps/stackmaps/stackmap"
)

// FromFile is the way in from a debug/elf file of the caller's own: on
// every checked-in ELF object and linked binary it gives what Open gives,
// the stack map section (bytes and relocated functions), the call frame
// sections (relocated in objects), the symbols and the code ranges.
func TestFromFileAgreesWithOpen(t *testing.T) {
	var paths []string
	for _, o := range reloctest.Objects(t, "elf") {
		paths = append(paths, o.Path)
	}
	linked, err := corpus.LinkedBinaries()
	require.NoError(t, err)
	for _, l := range linked {
		paths = append(paths, l.Path)
	}
	relocated := 0
	for _, p := range paths {
		f, err := elfsection.Open(p)
		require.NoError(t, err, p)
		ef, err := elf.Open(p)
		require.NoError(t, err, p)
		ff := elfsection.FromFile(ef)

		want, err := f.StackMaps()
		require.NoError(t, err, p)
		got, err := ff.StackMaps()
		require.NoError(t, err, p)
		assert.Equal(t, want.Data, got.Data, p)
		assert.Equal(t, functionList(t, want), functionList(t, got), p)

		wantFS, err := f.Frames()
		require.NoError(t, err, p)
		gotFS, err := ff.Frames()
		require.NoError(t, err, p)
		assert.Equal(t, wantFS, gotFS, p)
		if gotFS.Relocated {
			relocated++
		}

		wantSyms, err := f.Symbols()
		require.NoError(t, err, p)
		gotSyms, err := ff.Symbols()
		require.NoError(t, err, p)
		assert.Equal(t, wantSyms, gotSyms, p)
		assert.Equal(t, f.TextRanges(), ff.TextRanges(), p)

		require.NoError(t, want.Close())
		require.NoError(t, got.Close())
		require.NoError(t, ff.Close())
		require.NoError(t, ef.Close())
		require.NoError(t, f.Close())
	}
	t.Logf("%d files, %d relocated objects", len(paths), relocated)
	assert.Greater(t, relocated, 20, "objects whose frames FromFile relocated")
}

// functionList gives each function of sd as "symbol@address".
func functionList(t *testing.T, sd *stackmap.SectionData) []string {
	var out []string
	for _, fn := range reloctest.Functions(t, sd) {
		out = append(out, fmt.Sprintf("%s@%#x", fn.Symbol(), fn.Address()))
	}
	return out
}
