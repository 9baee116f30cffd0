package stackmap_test

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/internal/corpus"
	"github.com/stackmaps/stackmaps/objfile"
	"github.com/stackmaps/stackmaps/stackmap"
)

// TestFormatDisplayName: Mach-O names lose the C compiler's underscore,
// once; no other format's do.
func TestFormatDisplayName(t *testing.T) {
	for _, tc := range []struct {
		f         stackmap.Format
		raw, want string
	}{
		{stackmap.FormatMachO, "_foo", "foo"},
		{stackmap.FormatMachO, "__Z3barv", "_Z3barv"},
		{stackmap.FormatMachO, "ltmp0", "ltmp0"},
		{stackmap.FormatMachO, "_", "_"},
		{stackmap.FormatMachO, "", ""},
		{stackmap.FormatELF, "_start", "_start"},
		{stackmap.FormatCOFF, "_foo", "_foo"},
		{stackmap.FormatRaw, "_foo", "_foo"},
	} {
		assert.Equal(t, tc.want, tc.f.DisplayName(tc.raw), "%s %q", tc.f, tc.raw)
	}
}

// A Mach-O function is named by its raw symbol and by C's name; an ELF
// function by its symbol only.
func TestFunctionNamed(t *testing.T) {
	for _, c := range []struct {
		path      string
		raw, name string
	}{
		{"objects/llvm22/x86_64-macho/kinds.o", "_kinds_all", "kinds_all"},
		{"objects/llvm22/x86_64-elf/kinds.o", "kinds_all", "kinds_all"},
	} {
		f, err := objfile.Open(filepath.Join(corpus.Root(), c.path))
		require.NoError(t, err)
		sec, err := f.Sections[0].Parse()
		require.NoError(t, err)
		found := 0
		for _, fn := range sec.Table(0).Functions() {
			if fn.Symbol() != c.raw {
				assert.False(t, fn.Named(c.name), "%s: %s", c.path, fn.Symbol())
				continue
			}
			found++
			assert.True(t, fn.Named(c.raw), c.path)
			assert.True(t, fn.Named(c.name), c.path)
			assert.False(t, fn.Named(""), c.path)
			assert.False(t, fn.Named("_"+c.raw), c.path)
		}
		assert.Equal(t, 1, found, c.path)
		f.Close()
	}
	assert.False(t, stackmap.Function{}.Named(""), "no symbol, no name")
}
