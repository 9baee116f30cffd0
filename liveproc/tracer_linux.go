package liveproc

import (
	"runtime"
	"syscall"
	"time"
	"unsafe"
)

// ptrace requests and values the syscall package does not name
// (linux/ptrace.h, linux/elf.h).
const (
	ptraceGetRegset = 0x4204
	ptraceSeize     = 0x4206
	ptraceInterrupt = 0x4207
	ptraceEventStop = 128
	ntPRStatus      = 1
	ntPRFPReg       = 2
)

// tracer runs every ptrace request of a Process on one locked OS thread:
// the kernel accepts requests for a tracee only from the thread that
// attached it.
type tracer struct {
	req chan func()
}

func newTracer() *tracer {
	t := &tracer{req: make(chan func())}
	started := make(chan struct{})
	go t.serve(started)
	<-started
	return t
}

// serve runs the requests on a locked OS thread that is not the process's
// main thread. The goroutine never unlocks: its OS thread exits with it,
// no other goroutine ever runs on a thread that traced, and the thread's
// exit makes the kernel release any tracee PTRACE_DETACH could not (one
// that never stopped: DETACH wants a stopped tracee; it then runs on).
// The runtime never ends the main thread, so serve moves off it.
func (t *tracer) serve(started chan struct{}) {
	runtime.LockOSThread()
	if syscall.Gettid() == syscall.Getpid() {
		// While this goroutine holds the main thread, the new one
		// gets another.
		go t.serve(started)
		<-started
		runtime.UnlockOSThread()
		return
	}
	close(started)
	for f := range t.req {
		f()
	}
}

// do runs f on the tracer's thread and waits for it.
func (t *tracer) do(f func()) {
	done := make(chan struct{})
	t.req <- func() { f(); close(done) }
	<-done
}

// stop ends the tracer's goroutine (and its OS thread).
func (t *tracer) stop() { close(t.req) }

// ptrace makes one request; it must run on the tracer's thread.
func ptrace(req, tid int, addr, data uintptr) error {
	_, _, e := syscall.Syscall6(syscall.SYS_PTRACE, uintptr(req), uintptr(tid), addr, data, 0, 0)
	if e != 0 {
		return e
	}
	return nil
}

// getRegset fills b with register set nt of thread tid and returns how
// many bytes the kernel wrote.
func getRegset(tid, nt int, b []byte) (int, error) {
	iov := syscall.Iovec{Base: &b[0]}
	iov.SetLen(len(b))
	_, _, e := syscall.Syscall6(syscall.SYS_PTRACE, ptraceGetRegset, uintptr(tid), uintptr(nt),
		uintptr(unsafe.Pointer(&iov)), 0, 0)
	runtime.KeepAlive(b)
	if e != 0 {
		return 0, e
	}
	return int(iov.Len), nil
}

// stopped is the outcome of waiting for one thread.
type stopped struct {
	signal int  // a signal that arrived before the interrupt, to deliver on detach
	exited bool // the thread exited instead of stopping
}

// waitStop waits until thread tid reports a ptrace stop, polling so that a
// thread that never stops (blocked in the kernel) times out.
func waitStop(tid int, timeout time.Duration) (stopped, error) {
	deadline := time.Now().Add(timeout)
	for {
		var ws syscall.WaitStatus
		pid, err := syscall.Wait4(tid, &ws, syscall.WALL|syscall.WNOHANG, nil)
		switch {
		case err == syscall.EINTR:
			continue
		case err != nil:
			return stopped{}, err
		case pid == 0:
			if time.Now().After(deadline) {
				return stopped{}, errTimeout
			}
			time.Sleep(200 * time.Microsecond)
			continue
		}
		switch {
		case ws.Exited() || ws.Signaled():
			return stopped{exited: true}, nil
		case !ws.Stopped():
			continue
		case int(ws)>>16 == ptraceEventStop:
			// The interrupt (or a group stop, which the process keeps
			// after Detach).
			return stopped{}, nil
		default:
			// A signal-delivery stop came first: the thread is stopped
			// as well; the signal is passed on at detach.
			return stopped{signal: int(ws.StopSignal())}, nil
		}
	}
}

// errTimeout marks a thread that did not stop in time.
var errTimeout = syscall.ETIMEDOUT
