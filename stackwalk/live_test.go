package stackwalk_test

import (
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/internal/testenv"
	"github.com/stackmaps/stackmaps/internal/walktest"
)

// TestWalkLive rebuilds the x86_64 walk programs with testdata/walk's
// scripts (llc-22, gcc), runs them natively and walks the fresh capture.
func TestWalkLive(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs programs")
	}
	for _, b := range []struct{ pie, mode string }{
		{"pie", "statepoint"}, {"nopie", "statepoint"}, {"pie", "patchpoint"}, {"nopie", "patchpoint"},
	} {
		t.Run("x86_64/"+b.pie+"-"+b.mode, func(t *testing.T) {
			testenv.Need(t, "bash", "python3", "llc-22", "gcc")
			out := t.TempDir()
			dir := walktest.Dir()
			run := func(name string, args ...string) {
				cmd := exec.Command(filepath.Join(dir, name), args...)
				msg, err := cmd.CombinedOutput()
				require.NoError(t, err, "%s: %s", name, msg)
			}
			run("build.sh", "x86_64", b.pie, b.mode, out)
			exe := filepath.Join(out, "walk")
			capPath := filepath.Join(out, "capture.txt")
			run("run.sh", "x86_64", exe, capPath)
			f, err := walktest.ParseFile(capPath)
			require.NoError(t, err)
			require.True(t, f.Done)
			st := walkCapture(t, exe, f)
			want := 0
			if b.mode == "patchpoint" {
				want = unrecoverable["x86_64"]
			}
			assert.Equal(t, want, st.skipped)
			assert.Equal(t, 5, st.frames)
		})
	}
}
