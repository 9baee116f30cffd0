package testenv

import (
	"errors"
	"os/exec"
	"sync"
	"syscall"
	"testing"
)

// crashTries is how often CombinedOutputRetryingCrash runs a command that
// keeps dying of a signal.
const crashTries = 12

// CombinedOutputRetryingCrash runs the command that newCmd builds and
// returns its combined output, running it again (up to 12 times in all)
// while it dies of a signal, every other time with address space layout
// randomization off (setarch -R, where it works). Some tools crash at
// random on valid input: llc-19 segfaults in StackMaps::parseOperand on about half of its runs of
// testdata/mir/src/x86_frameindex.mir with -start-after=prologepilog, and
// writes the same object whenever it does not. An exit with a status is
// returned at once: that is the tool's answer, not a crash.
func CombinedOutputRetryingCrash(t testing.TB, newCmd func() *exec.Cmd) ([]byte, error) {
	t.Helper()
	var out []byte
	var err error
	setarch := noASLR()
	for try := 1; try <= crashTries; try++ {
		cmd := newCmd()
		if try%2 == 0 && setarch != "" {
			cmd = withoutASLR(cmd, setarch)
		}
		out, err = cmd.CombinedOutput()
		var ee *exec.ExitError
		if !errors.As(err, &ee) {
			return out, err
		}
		ws, ok := ee.Sys().(syscall.WaitStatus)
		if !ok || !ws.Signaled() {
			return out, err
		}
		t.Logf("%s died of %v (run %d of at most %d); running it again", cmd.Path, ws.Signal(), try, crashTries)
	}
	return out, err
}

// noASLR returns the path of a setarch that can run a command with
// address space layout randomization off (a container may refuse the
// personality call), or "".
var noASLR = sync.OnceValue(func() string {
	path, err := exec.LookPath("setarch")
	if err != nil || exec.Command(path, "-R", "true").Run() != nil {
		return ""
	}
	return path
})

// withoutASLR returns cmd run through setarch -R: with the same addresses
// at every run, a crash that depends on where things land (llc-19's above
// crashes on up to five runs in six on a busy machine, and on none without
// randomization here) either always happens or never does.
func withoutASLR(cmd *exec.Cmd, setarch string) *exec.Cmd {
	c := exec.Command(setarch, append([]string{"-R", cmd.Path}, cmd.Args[1:]...)...)
	c.Dir, c.Env, c.Stdin = cmd.Dir, cmd.Env, cmd.Stdin
	return c
}
