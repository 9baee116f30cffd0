package testtools

import (
	"errors"
	"os/exec"
	"syscall"
	"testing"
)

// crashTries is how often CombinedOutputRetryingCrash runs a command that
// keeps dying of a signal.
const crashTries = 8

// CombinedOutputRetryingCrash runs the command that newCmd builds and
// returns its combined output, running it again (up to 8 times in all)
// while it dies of a signal. Some tools crash at random on valid input:
// llc-19 segfaults in StackMaps::parseOperand on about half of its runs of
// testdata/mir/src/x86_frameindex.mir with -start-after=prologepilog, and
// writes the same object whenever it does not. An exit with a status is
// returned at once: that is the tool's answer, not a crash.
func CombinedOutputRetryingCrash(t testing.TB, newCmd func() *exec.Cmd) ([]byte, error) {
	t.Helper()
	var out []byte
	var err error
	for try := 1; try <= crashTries; try++ {
		cmd := newCmd()
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
