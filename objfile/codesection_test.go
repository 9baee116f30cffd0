package objfile_test

import (
	"errors"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/internal/corpus"
	"github.com/stackmaps/stackmaps/objfile"
	"github.com/stackmaps/stackmaps/stackmap"
)

func TestParseCodeSection(t *testing.T) {
	for _, c := range []struct {
		spec   string
		ok     bool
		name   string
		number int
	}{
		{".text.kinds_indirect", true, ".text.kinds_indirect", 0},
		{".text[5]", true, ".text", 5},
		{"5", true, "", 5},
		{"a:b", true, "a:b", 0},
		{".text[x]", true, ".text[x]", 0},
		{".text[0]", true, ".text[0]", 0}, // no number: a name
		{"0", false, "", 0},               // section 0 is no section
		{"-3", false, "", 0},
		{"", false, "", 0},
	} {
		name, number, ok := objfile.ParseCodeSection(c.spec)
		assert.Equal(t, c.ok, ok, c.spec)
		if c.ok {
			assert.Equal(t, c.name, name, c.spec)
			assert.Equal(t, c.number, number, c.spec)
		}
	}
}

// TestCodeSection resolves specs against objects built with function
// sections. The section numbers are llvm-readobj's (the function symbols'
// "Section: .text (0xN)" in cfuncs_nouniq.relocs.txt).
func TestCodeSection(t *testing.T) {
	root := filepath.Join(corpus.Root(), "fsections")
	f, err := objfile.Open(filepath.Join(root, "clang22/x86_64/cfuncs_nouniq.o"))
	require.NoError(t, err)
	defer f.Close()
	var nums []int
	for _, c := range f.CodeSections() {
		assert.Equal(t, ".text", c.Name)
		nums = append(nums, c.Index)
	}
	assert.Equal(t, []int{3, 5, 7, 9, 11}, nums)

	for _, spec := range []string{"9", ".text[9]"} {
		c, err := f.CodeSection(spec)
		require.NoError(t, err, spec)
		assert.Equal(t, stackmap.CodeSection{Index: 9, Name: ".text"}, c, spec)
		assert.Equal(t, ".text[9]", objfile.CodeSectionLabel(c, true))
	}
	// Every section shares .text: each label is numbered, and reads back.
	labels := objfile.CodeSectionLabels(f.Sections[0])
	require.Len(t, labels, 5)
	for _, n := range nums {
		assert.Equal(t, fmt.Sprintf(".text[%d]", n), labels[n])
		c, err := f.CodeSection(labels[n])
		require.NoError(t, err)
		assert.Equal(t, n, c.Index)
	}
	_, err = f.CodeSection(".text")
	var e *objfile.CodeSectionError
	require.True(t, errors.As(err, &e))
	assert.Len(t, e.Matches, 5)
	assert.EqualError(t, err, "5 code sections are named .text (.text[3], .text[5], .text[7], .text[9], .text[11])")
	_, err = f.CodeSection(".text[4]")
	assert.EqualError(t, err, "no code section with stack map records is .text[4] (the file's: .text, .text, .text, .text, .text)")

	g, err := objfile.Open(filepath.Join(root, "llvm22/x86_64/kinds.o"))
	require.NoError(t, err)
	defer g.Close()
	require.Len(t, g.CodeSections(), 6)
	for _, sd := range g.Sections {
		sec, err := sd.Parse()
		require.NoError(t, err)
		for _, tab := range sec.Tables() {
			for _, fn := range tab.Functions() {
				want := fn.CodeSection()
				got, err := g.CodeSection(objfile.CodeSectionLabel(want, false))
				require.NoError(t, err)
				assert.Equal(t, want, got)
			}
		}
	}

	// Distinct names: plain labels, each its section's.
	labels = objfile.CodeSectionLabels(g.Sections[0])
	require.Len(t, labels, 6)
	for n, l := range labels {
		assert.NotContains(t, l, "[")
		c, err := g.CodeSection(l)
		require.NoError(t, err, l)
		assert.Equal(t, n, c.Index, l)
	}

	linked, err := corpus.LinkedBinaries()
	require.NoError(t, err)
	h, err := objfile.Open(linked[0].Path)
	require.NoError(t, err)
	defer h.Close()
	assert.Empty(t, h.CodeSections())
	assert.Nil(t, objfile.CodeSectionLabels(h.Sections[0]))
	_, err = h.CodeSection(".text")
	assert.EqualError(t, err, "the file's stack maps name no code section (only relocatable objects do)")
}
