package liveproc

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/internal/testenv"
)

// vforkC is a parent that vforks a child which never execs: the parent
// waits in the kernel (a killable, not interruptible, wait) and cannot
// be stopped until the child is gone.
const vforkC = `#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>
int main(void) {
	pid_t c = vfork();
	if (c == 0) {
		pause();
		_exit(0);
	}
	printf("parent done\n");
	return 0;
}
`

// TestLiveNotStoppable attaches to a process that cannot stop (a vfork
// parent waiting for its child): Attach gives up after its timeout with
// ErrNotStoppable, leaves the process untraced, and the parent finishes
// once its child is gone.
func TestLiveNotStoppable(t *testing.T) {
	cc := testenv.Need(t, "gcc")[0]
	dir := t.TempDir()
	src := filepath.Join(dir, "vfork.c")
	require.NoError(t, os.WriteFile(src, []byte(vforkC), 0o644))
	exe := filepath.Join(dir, "vfork")
	msg, err := exec.Command(cc, "-O1", "-o", exe, src).CombinedOutput()
	require.NoError(t, err, "%s", msg)

	var out strings.Builder
	cmd := exec.Command(exe)
	cmd.Stdout = &out
	require.NoError(t, cmd.Start())
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	pid := cmd.Process.Pid
	child := 0
	for range 500 {
		b, _ := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/task/" + strconv.Itoa(pid) + "/children")
		if f := strings.Fields(string(b)); len(f) > 0 {
			child, _ = strconv.Atoi(f[0])
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	require.NotZero(t, child, "no vfork child")
	// The parent waits for the child in the kernel (state D).
	for range 500 {
		b, _ := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
		if strings.Contains(string(b), ") D ") {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}

	old := stopTimeout
	stopTimeout = 300 * time.Millisecond
	defer func() { stopTimeout = old }()
	_, err = Attach(pid)
	require.Error(t, err)
	assert.ErrorIs(t, err, ErrNotStoppable)
	var e *Error
	require.True(t, errors.As(err, &e))
	assert.Equal(t, "stop", e.Op)
	assert.Contains(t, err.Error(), "did not stop within 300ms")

	// Not traced any more: the tracer thread's exit released it.
	var status []byte
	for range 200 {
		status, _ = os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
		if strings.Contains(string(status), "TracerPid:\t0\n") {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	assert.Contains(t, string(status), "TracerPid:\t0\n")

	// Once the child is gone, the parent runs on and finishes.
	require.NoError(t, syscallKill(child))
	require.NoError(t, cmd.Wait())
	assert.Equal(t, "parent done\n", out.String())
}

func syscallKill(pid int) error {
	p, err := os.FindProcess(pid)
	if err != nil {
		return err
	}
	return p.Kill()
}
