package machosection_test

import (
	"debug/macho"
	"errors"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/internal/corpus"
	"github.com/stackmaps/stackmaps/internal/reloctest"
	"github.com/stackmaps/stackmaps/machosection"
	"github.com/stackmaps/stackmaps/stackmap"
)

// FromFile is the way in from a debug/macho file of the caller's own: on
// every checked-in thin Mach-O object and image it gives what Open gives,
// the stack map section (bytes and relocated functions), __eh_frame
// (relocated in objects), the compact unwind information, the symbols and
// the code ranges.
func TestFromFileAgreesWithOpen(t *testing.T) {
	var paths []string
	for _, o := range reloctest.Objects(t, "macho") {
		paths = append(paths, o.Path)
	}
	for _, rel := range []string{
		"linked-macho/arm64-macos11.dylib", "linked-macho/arm64-macos13", "linked-macho/arm64-macos13.dylib",
		"linked-macho/x86_64-macos11.dylib",
		"compactunwind/arm64.o", "compactunwind/arm64.dylib", "compactunwind/arm64-dwarf.o",
		"compactunwind/x86_64.o", "compactunwind/x86_64.dylib", "compactunwind/x86_64-dwarf.dylib",
	} {
		paths = append(paths, filepath.Join(corpus.Root(), rel))
	}
	frames, compact, sections := 0, 0, 0
	for _, p := range paths {
		f, err := machosection.Open(p)
		require.NoError(t, err, p)
		mf, err := macho.Open(p)
		require.NoError(t, err, p)
		ff := machosection.FromFile(mf)

		want, err := f.StackMaps()
		got, gerr := ff.StackMaps()
		if errors.Is(err, stackmap.ErrNoSection) {
			assert.ErrorIs(t, gerr, stackmap.ErrNoSection, p)
		} else {
			require.NoError(t, err, p)
			require.NoError(t, gerr, p)
			assert.Equal(t, want.Data, got.Data, p)
			assert.Equal(t, functionList(t, want), functionList(t, got), p)
			require.NoError(t, want.Close())
			require.NoError(t, got.Close())
			sections++
		}

		wantEH, err := f.Frames()
		require.NoError(t, err, p)
		gotEH, err := ff.Frames()
		require.NoError(t, err, p)
		assert.Equal(t, wantEH, gotEH, p)
		if gotEH.Data != nil {
			frames++
		}

		wantCU, err := f.CompactUnwind()
		require.NoError(t, err, p)
		gotCU, err := ff.CompactUnwind()
		require.NoError(t, err, p)
		assert.Equal(t, wantCU, gotCU, p)
		if gotCU.Info != nil || gotCU.Object != nil {
			compact++
		}

		assert.Equal(t, f.Symbols(), ff.Symbols(), p)
		assert.Equal(t, f.TextRanges(), ff.TextRanges(), p)
		require.NoError(t, ff.Close())
		require.NoError(t, mf.Close())
		require.NoError(t, f.Close())
	}
	t.Logf("%d files: %d sections, %d with __eh_frame, %d with compact unwind", len(paths), sections, frames, compact)
	assert.Greater(t, sections, 20)
	assert.Greater(t, frames, 20)
	assert.Greater(t, compact, 20)
}

// functionList gives each function of sd as "symbol@address".
func functionList(t *testing.T, sd *stackmap.SectionData) []string {
	var out []string
	for _, fn := range reloctest.Functions(t, sd) {
		out = append(out, fmt.Sprintf("%s@%#x", fn.Symbol(), fn.Address()))
	}
	return out
}
