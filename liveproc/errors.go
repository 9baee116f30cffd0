package liveproc

import (
	"errors"
	"fmt"
	"strings"
)

// Reasons a live process cannot be read, matched by errors.Is on an
// *Error.
var (
	// ErrNoProcess means there is no such process or thread (any more).
	ErrNoProcess = errors.New("no such process")
	// ErrPermission means the system refuses to let this process trace
	// it: another user's process, a ptrace policy (Yama's
	// kernel.yama.ptrace_scope, a seccomp filter, a container without
	// CAP_SYS_PTRACE), or another tracer already attached.
	ErrPermission = errors.New("not permitted to trace the process")
	// ErrNotStoppable means a thread could not be stopped: it exited, the
	// process is a zombie, it did not stop in time (blocked in the
	// kernel), or it is the calling process itself.
	ErrNotStoppable = errors.New("thread cannot be stopped")
	// ErrUnsupported means the process or the system is not one this
	// package reads: not Linux, another architecture than the machine's,
	// a register set linuxregs does not know.
	ErrUnsupported = errors.New("process not supported")
	// ErrDetached means the Process was used after Detach.
	ErrDetached = errors.New("process detached")
)

// Error says which process and thread could not be read, at which step and
// why.
type Error struct {
	PID  int    // the process
	TID  int    // the thread, 0 when the step concerns the whole process
	Op   string // the step: "attach", "stop", "read registers", "read memory", "list threads", "read mappings", "read auxv", "detach"
	Addr uint64 // the address, for "read memory"
	What string // more about why, "" when Err and Cause say it all
	// Err is one of the sentinels above, or stackmap.ErrMemory.
	Err error
	// Cause is the system's error (a syscall.Errno, say), nil when none.
	Cause error
}

// Error names the process, thread, step and reason.
func (e *Error) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "liveproc: pid %d", e.PID)
	if e.TID != 0 && e.TID != e.PID {
		fmt.Fprintf(&b, " thread %d", e.TID)
	}
	b.WriteString(": " + e.Op)
	if e.Op == "read memory" {
		fmt.Fprintf(&b, " at %#x", e.Addr)
	}
	b.WriteString(": ")
	b.WriteString(e.Err.Error())
	if e.What != "" {
		b.WriteString(": " + e.What)
	}
	if e.Cause != nil {
		b.WriteString(" (" + e.Cause.Error() + ")")
	}
	return b.String()
}

// Unwrap returns the sentinel and the system's error, so that errors.Is
// matches either.
func (e *Error) Unwrap() []error {
	if e.Cause == nil {
		return []error{e.Err}
	}
	return []error{e.Err, e.Cause}
}
