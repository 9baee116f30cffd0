package regs

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stackmaps/stackmaps/internal/testenv"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestPinsRegenerate reruns testdata/regs/gen.sh with the local llc-14 (and
// llc-19/llc-22 when present) into a temporary directory and requires the
// same expectations as the checked-in ones.
func TestPinsRegenerate(t *testing.T) {
	if testing.Short() {
		t.Skip("runs llc hundreds of times")
	}
	testenv.Need(t, "llc-14", "llvm-readobj-14", "bash")
	versions := "14"
	for _, v := range []string{"19", "22"} {
		if _, err := exec.LookPath("llc-" + v); err != nil {
			continue
		}
		if _, err := exec.LookPath("llvm-readobj-" + v); err != nil {
			continue
		}
		versions += " " + v
	}
	dir := t.TempDir()
	cmd := exec.Command("bash", filepath.Join(pinDir, "gen.sh"), dir)
	cmd.Env = append(os.Environ(), "LLVM_VERSIONS="+versions)
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s", out)
	fresh, err := filepath.Glob(filepath.Join(dir, "*", "*", "expect.tsv"))
	require.NoError(t, err)
	require.NotEmpty(t, fresh)
	for _, f := range fresh {
		rel, err := filepath.Rel(dir, f)
		require.NoError(t, err)
		want, err := os.ReadFile(filepath.Join(pinDir, rel))
		require.NoError(t, err, "no checked-in %s: rerun testdata/regs/gen.sh", rel)
		got, err := os.ReadFile(f)
		require.NoError(t, err)
		assert.Equal(t, string(want), string(got), "%s differs from what llc reports now", rel)
	}
}
