package compactunwind_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/internal/testenv"
)

// TestLiveObjdump: llvm-objdump-22 --unwind-info still prints the
// checked-in goldens for every Mach-O image and object they were made from.
func TestLiveObjdump(t *testing.T) {
	tools := testenv.Need(t, "llvm-objdump-22")
	golden, err := filepath.Glob(td + "*/*.unwind-info.txt")
	require.NoError(t, err)
	require.Len(t, golden, 12)
	for _, g := range golden {
		want, err := os.ReadFile(g)
		require.NoError(t, err)
		file := filepath.Base(g[:len(g)-len(".unwind-info.txt")])
		cmd := exec.Command(tools[0], "--unwind-info", file)
		cmd.Dir = filepath.Dir(g)
		got, err := cmd.Output()
		require.NoError(t, err, g)
		assert.Equal(t, string(want), string(got), g)
	}
}

// TestLiveCompile: llc-22 compiles testdata/compactunwind/*.ll to objects
// with the checked-in compact unwind entries (start, length, encoding), so
// the ground truth is what today's llc-22 emits.
func TestLiveCompile(t *testing.T) {
	tools := testenv.Need(t, "llc-22", "llvm-objdump-22")
	if testing.Short() {
		t.Skip("-short")
	}
	dir := t.TempDir()
	entry := regexp.MustCompile(`(?m)^    (start|length|compact encoding):.*$`)
	for arch, triple := range map[string]string{"arm64": "arm64-apple-macos", "x86_64": "x86_64-apple-macos11"} {
		out := filepath.Join(dir, arch+".o")
		b, err := exec.Command(tools[0], "-filetype=obj", "-mtriple="+triple, td+"compactunwind/"+arch+".ll", "-o", out).CombinedOutput()
		require.NoError(t, err, string(b))
		got, err := exec.Command(tools[1], "--unwind-info", out).Output()
		require.NoError(t, err)
		want, err := os.ReadFile(td + "compactunwind/" + arch + ".o.unwind-info.txt")
		require.NoError(t, err)
		w := entry.FindAllString(string(want), -1)
		require.NotEmpty(t, w)
		assert.Equal(t, w, entry.FindAllString(string(got), -1), arch)
	}
}
