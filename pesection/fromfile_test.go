package pesection_test

import (
	"debug/pe"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/internal/corpus"
	"github.com/stackmaps/stackmaps/internal/reloctest"
	"github.com/stackmaps/stackmaps/pesection"
	"github.com/stackmaps/stackmaps/stackmap"
)

// FromFile is the way in from a debug/pe file of the caller's own: on
// every checked-in COFF object and the PE image it gives what Open gives,
// the stack map section (bytes and relocated functions), the symbols and
// the code ranges.
func TestFromFileAgreesWithOpen(t *testing.T) {
	var paths []string
	for _, o := range reloctest.Objects(t, "coff") {
		paths = append(paths, o.Path)
	}
	paths = append(paths, filepath.Join(corpus.Root(), "linked-pe/sm.dll"))
	functions := 0
	for _, p := range paths {
		f, err := pesection.Open(p)
		require.NoError(t, err, p)
		pf, err := pe.Open(p)
		require.NoError(t, err, p)
		ff := pesection.FromFile(pf)

		want, err := f.StackMaps()
		require.NoError(t, err, p)
		got, err := ff.StackMaps()
		require.NoError(t, err, p)
		assert.Equal(t, want.Data, got.Data, p)
		wantFns := functionList(t, want)
		assert.Equal(t, wantFns, functionList(t, got), p)
		functions += len(wantFns)
		assert.Equal(t, f.Symbols(), ff.Symbols(), p)
		assert.Equal(t, f.TextRanges(), ff.TextRanges(), p)

		require.NoError(t, want.Close())
		require.NoError(t, got.Close())
		require.NoError(t, ff.Close())
		require.NoError(t, pf.Close())
		require.NoError(t, f.Close())
	}
	t.Logf("%d files, %d functions", len(paths), functions)
	assert.Greater(t, functions, 20)
}

// functionList gives each function of sd as "symbol@address".
func functionList(t *testing.T, sd *stackmap.SectionData) []string {
	var out []string
	for _, fn := range reloctest.Functions(t, sd) {
		out = append(out, fmt.Sprintf("%s@%#x", fn.Symbol(), fn.Address()))
	}
	return out
}
