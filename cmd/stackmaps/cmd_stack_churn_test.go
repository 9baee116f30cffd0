//go:build linux

package main

import (
	"bufio"
	"bytes"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/internal/testenv"
)

// TestLiveStackChurn walks testdata/live/churn.c, a process that creates
// and joins threads without pause, 100 times with "stackmaps stack --pid":
// every run must exit 0 and walk every thread it stopped. Before, a thread
// caught in glibc's clone3 (no FDE covers its pc) failed its walk and the
// command exited 1 on about half the runs; a thread exiting while the
// others were stopped (ESRCH, EPERM) failed the attach.
func TestLiveStackChurn(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs a program")
	}
	cc := testenv.Need(t, "gcc")[0]
	exe := filepath.Join(t.TempDir(), "churn")
	out, err := exec.Command(cc, "-O1", "-pthread", "-o", exe, filepath.Join("..", "..", "testdata", "live", "churn.c")).CombinedOutput()
	require.NoError(t, err, "cc: %s", out)
	cmd := exec.Command(exe)
	stdout, err := cmd.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	line, err := bufio.NewReader(stdout).ReadString('\n')
	require.NoError(t, err)
	require.Equal(t, "ready\n", line)

	pid := strconv.Itoa(cmd.Process.Pid)
	threads, noCFI, notes := 0, 0, 0
	for i := range 100 {
		var o, e bytes.Buffer
		status := run([]string{"stack", "--pid", pid}, &o, &e)
		if i == 0 && status != exitOK && strings.Contains(e.String(), "not permitted to trace") {
			t.Skipf("ptrace refused here: %s", e.String())
		}
		require.Equal(t, exitOK, status, "run %d: stderr:\n%s\nstdout:\n%s", i, e.String(), o.String())
		text := o.String()
		n := strings.Count(text, "\nthread ") + 1
		require.Equal(t, n, strings.Count(text, "  end: "), "run %d: a thread without its end:\n%s", i, text)
		assert.NotContains(t, text, "end: error", "run %d", i)
		assert.Contains(t, text, "thread "+pid+"\n", "run %d: the main thread", i)
		threads += n
		noCFI += strings.Count(text, "end: no CFI")
		notes += strings.Count(e.String(), "note: ")
	}
	t.Logf("100 runs: %d threads walked, %d ended at code without CFI (clone3), %d threads skipped as exiting", threads, noCFI, notes)
	assert.Greater(t, threads, 300, "at least the three long-lived threads in each run")
}
