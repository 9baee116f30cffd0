package linuxregs_test

import (
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/stackmaps/stackmaps/linuxregs"
)

// The names agree with the host's <signal.h> numbers, as Go's syscall
// package has them for this GOARCH.
func TestSignalName(t *testing.T) {
	for name, sig := range map[string]syscall.Signal{
		"SIGHUP": syscall.SIGHUP, "SIGINT": syscall.SIGINT, "SIGQUIT": syscall.SIGQUIT,
		"SIGILL": syscall.SIGILL, "SIGTRAP": syscall.SIGTRAP, "SIGABRT": syscall.SIGABRT,
		"SIGBUS": syscall.SIGBUS, "SIGFPE": syscall.SIGFPE, "SIGKILL": syscall.SIGKILL,
		"SIGUSR1": syscall.SIGUSR1, "SIGSEGV": syscall.SIGSEGV, "SIGUSR2": syscall.SIGUSR2,
		"SIGPIPE": syscall.SIGPIPE, "SIGALRM": syscall.SIGALRM, "SIGTERM": syscall.SIGTERM,
		"SIGSTKFLT": syscall.SIGSTKFLT, "SIGCHLD": syscall.SIGCHLD, "SIGCONT": syscall.SIGCONT,
		"SIGSTOP": syscall.SIGSTOP, "SIGTSTP": syscall.SIGTSTP, "SIGTTIN": syscall.SIGTTIN,
		"SIGTTOU": syscall.SIGTTOU, "SIGURG": syscall.SIGURG, "SIGXCPU": syscall.SIGXCPU,
		"SIGXFSZ": syscall.SIGXFSZ, "SIGVTALRM": syscall.SIGVTALRM, "SIGPROF": syscall.SIGPROF,
		"SIGWINCH": syscall.SIGWINCH, "SIGIO": syscall.SIGIO, "SIGPWR": syscall.SIGPWR,
		"SIGSYS": syscall.SIGSYS,
	} {
		assert.Equal(t, name, linuxregs.SignalName(int(sig)), "%d", sig)
	}
	for _, sig := range []int{0, -1, 32, 34, 64, 1 << 20} {
		assert.Empty(t, linuxregs.SignalName(sig), "%d", sig)
	}
}
