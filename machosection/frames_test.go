package machosection_test

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/cfi"
	"github.com/stackmaps/stackmaps/internal/corpus"
	"github.com/stackmaps/stackmaps/internal/reloctest"
)

// llc writes __eh_frame in x86_64 Mach-O objects (arm64 ones get compact
// unwind only); package cfi decodes every one, and the linked x86_64 dylib's.
func TestFrameSections(t *testing.T) {
	paths := []string{filepath.Join(corpus.Root(), "linked-macho", "x86_64-macos11.dylib")}
	for _, o := range reloctest.Objects(t, "macho") {
		paths = append(paths, o.Path)
	}
	withFrames := 0
	for _, p := range paths {
		c, err := openFrames(p)
		require.NoError(t, err, p)
		if c.Data == nil {
			assert.Contains(t, p, "arm64", "only arm64 objects lack __eh_frame")
			continue
		}
		withFrames++
		sec, err := cfi.New(c)
		require.NoError(t, err, p)
		n := 0
		for _, err := range sec.FDEs() {
			require.NoError(t, err, p)
			n++
		}
		assert.Positive(t, n, p)
	}
	assert.Greater(t, withFrames, 20)
}
