package testenv

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRetryingCrash runs a shell that kills itself with SIGSEGV until a
// marker file says it has been run three times: the retries reach the
// fourth run and return its output; a command that exits with a status is
// not run again.
func TestRetryingCrash(t *testing.T) {
	Need(t, "sh")
	dir := t.TempDir()
	script := `n=$(cat count 2>/dev/null || echo 0); n=$((n+1)); echo $n > count; [ $n -ge 4 ] && { echo done $n; exit 0; }; kill -SEGV $$`
	out, err := CombinedOutputRetryingCrash(t, func() *exec.Cmd {
		c := exec.Command("sh", "-c", script)
		c.Dir = dir
		return c
	})
	require.NoError(t, err)
	assert.Equal(t, "done 4", strings.TrimSpace(string(out)))

	runs := 0
	_, err = CombinedOutputRetryingCrash(t, func() *exec.Cmd {
		runs++
		return exec.Command("sh", "-c", "exit 3")
	})
	assert.Error(t, err)
	assert.Equal(t, 1, runs, "an exit status is the tool's answer")
}

// TestWithoutASLR checks the command setarch runs: the same program, its
// arguments and its directory.
func TestWithoutASLR(t *testing.T) {
	c := exec.Command("/bin/echo", "a", "b")
	c.Dir = "/tmp"
	w := withoutASLR(c, "/usr/bin/setarch")
	assert.Equal(t, []string{"/usr/bin/setarch", "-R", "/bin/echo", "a", "b"}, w.Args)
	assert.Equal(t, "/tmp", w.Dir)
}
