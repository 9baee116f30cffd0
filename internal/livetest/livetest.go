// Package livetest runs testdata/live's program for the live-process tests:
// it builds it for this machine, starts it, waits until its threads are
// parked above the llc frames, gives each thread's record (a
// walktest.File) and, after the test has walked and detached, lets the
// program finish and checks its result.
package livetest

import (
	"bufio"
	"fmt"
	"io"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/internal/testenv"
	"github.com/stackmaps/stackmaps/internal/walktest"
)

// Threads is how many threads the program parks.
const Threads = 3

// CallerSavedPerThread is how many of one thread's patchpoint values sit
// in caller-saved registers, unknown to a walk that starts above the llc
// frames (in libc): 3 of walk_a..walk_c, as testdata/walk's walks find, and
// 1 of walk_d, an outer frame here. x86_64; statepoints have none.
const CallerSavedPerThread = 4

// Program is a started testdata/live program whose threads are parked.
type Program struct {
	Cmd  *exec.Cmd
	PID  int
	TIDs []int // thread k's id, k = 0..Threads-1
	Dir  string

	stdin  io.WriteCloser
	stdout *bufio.Reader
	stderr *strings.Builder
}

// Start builds testdata/live in the given mode ("statepoint" or
// "patchpoint") and runs it until every thread is parked. It skips with
// -short, on other machines than x86_64 Linux and when a tool is missing.
func Start(t testing.TB, mode string) *Program {
	t.Helper()
	return start(t, mode)
}

// StartSignal is Start with the threads parked inside a SIGUSR1 handler:
// each runs on in a C leaf (spin) above the llc frames until the program's
// main thread sends it SIGUSR1, as a runtime stops its threads for a
// safepoint, and the handler parks it k+1 frames deep.
func StartSignal(t testing.TB, mode string) *Program {
	t.Helper()
	return start(t, mode, "signal")
}

func start(t testing.TB, mode string, args ...string) *Program {
	t.Helper()
	if testing.Short() {
		t.Skip("builds and runs a program")
	}
	if runtime.GOOS != "linux" || runtime.GOARCH != "amd64" {
		t.Skipf("the live test program is built and checked on x86_64 Linux only, not %s/%s", runtime.GOOS, runtime.GOARCH)
	}
	testenv.Need(t, "bash", "llc-22", "gcc")
	out := t.TempDir()
	build := exec.Command(filepath.Join(walktest.Dir(), "..", "live", "build.sh"), mode, out)
	msg, err := build.CombinedOutput()
	require.NoError(t, err, "build.sh: %s", msg)

	p := &Program{Dir: t.TempDir(), stderr: &strings.Builder{}}
	p.Cmd = exec.Command(filepath.Join(out, "live"), append([]string{strconv.Itoa(Threads), p.Dir}, args...)...)
	p.Cmd.Stderr = p.stderr
	p.stdin, err = p.Cmd.StdinPipe()
	require.NoError(t, err)
	stdout, err := p.Cmd.StdoutPipe()
	require.NoError(t, err)
	p.stdout = bufio.NewReader(stdout)
	require.NoError(t, p.Cmd.Start())
	p.PID = p.Cmd.Process.Pid
	t.Cleanup(func() {
		if p.Cmd.ProcessState == nil {
			p.Cmd.Process.Kill()
			p.Cmd.Wait()
		}
	})
	line := p.readLine(t)
	f := strings.Fields(line)
	require.True(t, len(f) == 1+Threads && f[0] == "ready", "program said %q (stderr %q)", line, p.stderr)
	for _, s := range f[1:] {
		tid, err := strconv.Atoi(s)
		require.NoError(t, err)
		p.TIDs = append(p.TIDs, tid)
	}
	return p
}

// Record returns what thread k recorded: its llc frames (innermost first)
// with their values and stack pointers, and its start routine live_thread
// (the last frame, "main" in the format) with its CFA.
func (p *Program) Record(t testing.TB, k int) *walktest.File {
	t.Helper()
	f, err := walktest.ParseFile(filepath.Join(p.Dir, fmt.Sprintf("thread-%d.txt", k)))
	require.NoError(t, err)
	return f
}

// Finish releases the program and checks that it completes with the right
// result: nothing the walk did disturbed it.
func (p *Program) Finish(t testing.TB) {
	t.Helper()
	_, err := io.WriteString(p.stdin, "go\n")
	require.NoError(t, err)
	line := p.readLine(t)
	assert.Equal(t, fmt.Sprintf("ok %d", Threads), line, "stderr %q", p.stderr)
	require.NoError(t, p.Cmd.Wait(), "stderr %q", p.stderr)
}

func (p *Program) readLine(t testing.TB) string {
	t.Helper()
	type res struct {
		s   string
		err error
	}
	c := make(chan res, 1)
	go func() { s, err := p.stdout.ReadString('\n'); c <- res{s, err} }()
	select {
	case r := <-c:
		require.NoError(t, r.err, "stderr %q", p.stderr)
		return strings.TrimSpace(r.s)
	case <-time.After(30 * time.Second):
		t.Fatal("the program did not answer within 30 s")
		return ""
	}
}
