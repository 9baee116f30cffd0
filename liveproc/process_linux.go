package liveproc

import (
	"errors"
	"fmt"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/stackmaps/stackmaps/linuxregs"
	"github.com/stackmaps/stackmaps/procwalk"
	"github.com/stackmaps/stackmaps/regs"
)

// StopTimeout is how long Attach waits for a thread to stop before it
// gives up with ErrNotStoppable.
const StopTimeout = 5 * time.Second

// stopTimeout is StopTimeout, shortened by tests.
var stopTimeout = StopTimeout

// maxThreads bounds the threads Attach lists and stops.
const maxThreads = 1 << 16

// Process is a stopped live process. Its methods are not safe for
// concurrent use.
type Process struct {
	pid     int
	arch    regs.Arch
	tr      *tracer
	threads []tracee // stopped, the main thread first when it is one
	skipped []error  // threads that exited while Attach stopped the others
	mem     *Memory
	gone    bool
}

// tracee is one seized thread.
type tracee struct {
	tid    int
	signal int // to deliver on detach
}

// Attach stops every thread of process pid and returns the stopped
// process. Threads that exit while it stops them are left out; threads
// created meanwhile are stopped too. The caller must Detach.
func Attach(pid int) (*Process, error) { return attach(pid, 0) }

// AttachThread stops thread tid of process pid only; the other threads
// run on (and may change memory the walk reads).
func AttachThread(pid, tid int) (*Process, error) {
	if tid <= 0 {
		return nil, &Error{PID: pid, TID: tid, Op: "attach", Err: ErrNoProcess, What: "thread id must be positive"}
	}
	return attach(pid, tid)
}

func attach(pid, only int) (*Process, error) {
	arch, ok := nativeArch()
	if !ok {
		return nil, &Error{PID: pid, Op: "attach", Err: ErrUnsupported, What: "no register layout for " + runtime.GOARCH}
	}
	if err := checkProcess(pid, only); err != nil {
		return nil, err
	}
	p := &Process{pid: pid, arch: arch, tr: newTracer()}
	var err error
	p.tr.do(func() { err = p.seizeAll(only) })
	if err != nil {
		p.tr.do(func() { p.detachAll() })
		p.tr.stop()
		return nil, err
	}
	mem, err := openMemory(pid)
	if err != nil {
		p.Detach()
		return nil, err
	}
	p.mem = mem
	return p, nil
}

// checkProcess refuses what cannot be traced before any ptrace request.
func checkProcess(pid, only int) error {
	if pid <= 0 {
		return &Error{PID: pid, Op: "attach", Err: ErrNoProcess, What: "process id must be positive"}
	}
	if pid == os.Getpid() {
		return &Error{PID: pid, Op: "attach", Err: ErrNotStoppable, What: "a process cannot stop itself"}
	}
	status, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return &Error{PID: pid, Op: "attach", Err: ErrNoProcess, Cause: err}
	}
	st := statusField(status, "State:")
	if strings.HasPrefix(st, "Z") || strings.HasPrefix(st, "X") {
		return &Error{PID: pid, Op: "attach", Err: ErrNotStoppable, What: "the process has exited (state " + st + ")"}
	}
	if tp := statusField(status, "TracerPid:"); tp != "" && tp != "0" {
		return &Error{PID: pid, Op: "attach", Err: ErrPermission, What: "already traced by another tracer (TracerPid " + tp + ")"}
	}
	if only != 0 {
		if _, err := os.Stat(fmt.Sprintf("/proc/%d/task/%d", pid, only)); err != nil {
			return &Error{PID: pid, TID: only, Op: "attach", Err: ErrNoProcess, What: "no such thread in the process", Cause: err}
		}
	}
	return nil
}

// statusField returns the value of a "Name:\tvalue" line of /proc/PID/status.
func statusField(status []byte, name string) string {
	for line := range strings.SplitSeq(string(status), "\n") {
		if v, ok := strings.CutPrefix(line, name); ok {
			return strings.TrimSpace(v)
		}
	}
	return ""
}

// seizeAll seizes and stops the threads, listing them again until no new
// one appears (a thread may create another before it is stopped). It runs
// on the tracer's thread.
func (p *Process) seizeAll(only int) error {
	seen := map[int]bool{}
	for round := 0; ; round++ {
		tids := []int{only}
		if only == 0 {
			var err error
			if tids, err = listThreads(p.pid); err != nil {
				return err
			}
			// The main thread first: once it is stopped, a thread that
			// then cannot be seized is one that is exiting (see seize).
			if i := slices.Index(tids, p.pid); i > 0 {
				tids[0], tids[i] = tids[i], tids[0]
			}
		}
		fresh := 0
		for _, tid := range tids {
			if seen[tid] {
				continue
			}
			seen[tid] = true
			fresh++
			if len(seen) > maxThreads {
				return &Error{PID: p.pid, Op: "attach", Err: ErrUnsupported, What: fmt.Sprintf("more than %d threads", maxThreads)}
			}
			if err := p.seize(tid); err != nil {
				return err
			}
		}
		if fresh == 0 || only != 0 {
			break
		}
	}
	if len(p.threads) == 0 {
		return &Error{PID: p.pid, Op: "stop", Err: ErrNotStoppable, What: "every thread exited"}
	}
	slices.SortFunc(p.threads, func(a, b tracee) int {
		switch {
		case a.tid == p.pid:
			return -1
		case b.tid == p.pid:
			return 1
		}
		return a.tid - b.tid
	})
	return nil
}

// seize attaches to one thread and waits until it stops. A thread that
// vanished is skipped, unless it is the only one asked for.
func (p *Process) seize(tid int) error {
	fail := func(op string, err error) error {
		e := &Error{PID: p.pid, TID: tid, Op: op, Cause: err}
		switch {
		case errors.Is(err, syscall.EPERM) || errors.Is(err, syscall.EACCES):
			e.Err = ErrPermission
			if s := ptraceScope(); s != "" {
				e.What = "kernel.yama.ptrace_scope is " + s
			}
		case errors.Is(err, syscall.ESRCH):
			e.Err = ErrNoProcess
		case err == errTimeout:
			e.Err, e.Cause = ErrNotStoppable, nil
			e.What = fmt.Sprintf("did not stop within %v (blocked in the kernel?)", stopTimeout)
		default:
			e.Err = ErrNotStoppable
		}
		return e
	}
	// A thread other than the main one that exits while the process is
	// being stopped (threads come and go in any program that creates
	// them) makes PTRACE_SEIZE fail with ESRCH, or EPERM once it is
	// exiting, and the interrupt and the wait with ESRCH: it is skipped,
	// with a note (Skipped), once the main thread is stopped (so that an
	// EPERM is not a refusal to trace the process at all).
	exiting := func(err error) bool {
		if tid == p.pid || tid == 0 || len(p.threads) == 0 || p.threads[0].tid != p.pid {
			return false
		}
		return errors.Is(err, syscall.ESRCH) || errors.Is(err, syscall.EPERM) && threadGone(p.pid, tid)
	}
	skip := func(op string, err error) error {
		p.skipped = append(p.skipped, &Error{PID: p.pid, TID: tid, Op: op, Err: ErrNoProcess,
			What: "the thread exited while the process was stopped; skipped", Cause: err})
		return nil
	}
	if err := ptrace(ptraceSeize, tid, 0, 0); err != nil {
		if errors.Is(err, syscall.ESRCH) && tid != p.pid && tid != 0 {
			return nil // gone before it was seen: nothing to note
		}
		if exiting(err) {
			return skip("attach", err)
		}
		return fail("attach", err)
	}
	p.threads = append(p.threads, tracee{tid: tid})
	if err := ptrace(ptraceInterrupt, tid, 0, 0); err != nil {
		if exiting(err) {
			p.threads = p.threads[:len(p.threads)-1]
			return skip("stop", err)
		}
		return fail("stop", err)
	}
	st, err := waitStop(tid, stopTimeout)
	if err != nil {
		if exiting(err) || errors.Is(err, syscall.ECHILD) && tid != p.pid && tid != 0 {
			p.threads = p.threads[:len(p.threads)-1]
			return skip("stop", err)
		}
		return fail("stop", err)
	}
	if st.exited {
		p.threads = p.threads[:len(p.threads)-1]
		if tid == p.pid {
			return &Error{PID: p.pid, TID: tid, Op: "stop", Err: ErrNotStoppable, What: "the thread exited"}
		}
		return nil
	}
	p.threads[len(p.threads)-1].signal = st.signal
	return nil
}

// threadGone reports whether thread tid of process pid has exited: its
// /proc entry is gone, or its state is zombie or dead. A thread refused
// because it is exiting gets there within moments: it is asked a few
// times over about 50 ms.
func threadGone(pid, tid int) bool {
	for range 50 {
		status, err := os.ReadFile(fmt.Sprintf("/proc/%d/task/%d/status", pid, tid))
		if err != nil {
			return true
		}
		if st := statusField(status, "State:"); strings.HasPrefix(st, "Z") || strings.HasPrefix(st, "X") {
			return true
		}
		time.Sleep(time.Millisecond)
	}
	return false
}

// Skipped returns a note for each thread Attach left out because it
// exited while the others were being stopped, or View because it was
// killed while stopped (each an *Error with ErrNoProcess): the walk covers
// the rest.
func (p *Process) Skipped() []error { return p.skipped }

// ptraceScope returns Yama's ptrace_scope setting, "" without Yama.
func ptraceScope() string {
	b, err := os.ReadFile("/proc/sys/kernel/yama/ptrace_scope")
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(b))
}

// listThreads lists /proc/PID/task.
func listThreads(pid int) ([]int, error) {
	d, err := os.Open(fmt.Sprintf("/proc/%d/task", pid))
	if err != nil {
		return nil, &Error{PID: pid, Op: "list threads", Err: ErrNoProcess, Cause: err}
	}
	defer d.Close()
	names, err := d.Readdirnames(maxThreads + 1)
	if err != nil {
		return nil, &Error{PID: pid, Op: "list threads", Err: ErrNoProcess, Cause: err}
	}
	tids := make([]int, 0, len(names))
	for _, n := range names {
		if tid, err := strconv.Atoi(n); err == nil && tid > 0 {
			tids = append(tids, tid)
		}
	}
	return tids, nil
}

// PID returns the process id.
func (p *Process) PID() int { return p.pid }

// Arch returns the process's architecture (the machine's own).
func (p *Process) Arch() regs.Arch { return p.arch }

// Threads returns the ids of the stopped threads, the main thread first
// when it is one of them.
func (p *Process) Threads() []int {
	tids := make([]int, len(p.threads))
	for i, t := range p.threads {
		tids[i] = t.tid
	}
	return tids
}

// Registers fills s with the registers of stopped thread tid: the
// general-purpose set and, where the architecture has one, the
// floating-point set (PTRACE_GETREGSET NT_PRSTATUS and NT_FPREGSET,
// decoded by linuxregs). s.PC is the instruction the thread was stopped
// at: a walk starts there with stackwalk.Walker.StartAsync.
func (p *Process) Registers(tid int, s *linuxregs.Set) error {
	if p.gone {
		return &Error{PID: p.pid, TID: tid, Op: "read registers", Err: ErrDetached}
	}
	if !slices.ContainsFunc(p.threads, func(t tracee) bool { return t.tid == tid }) {
		return &Error{PID: p.pid, TID: tid, Op: "read registers", Err: ErrNoProcess, What: "not a stopped thread of the process"}
	}
	var buf [4096]byte
	var n int
	var err error
	p.tr.do(func() { n, err = getRegset(tid, ntPRStatus, buf[:]) })
	if err != nil {
		return &Error{PID: p.pid, TID: tid, Op: "read registers", Err: errnoReason(err), Cause: err}
	}
	if err := linuxregs.DecodeGPR(p.arch, buf[:n], s); err != nil {
		return &Error{PID: p.pid, TID: tid, Op: "read registers", Err: ErrUnsupported,
			What: fmt.Sprintf("NT_PRSTATUS of %d bytes (a 32-bit process?)", n), Cause: err}
	}
	if linuxregs.FPSize(p.arch) == 0 {
		return nil
	}
	p.tr.do(func() { n, err = getRegset(tid, ntPRFPReg, buf[:]) })
	if err == nil {
		err = linuxregs.DecodeFP(p.arch, buf[:n], s)
	}
	if err != nil {
		return &Error{PID: p.pid, TID: tid, Op: "read registers", Err: ErrUnsupported, What: "NT_FPREGSET", Cause: err}
	}
	return nil
}

// errnoReason maps a ptrace error to a sentinel.
func errnoReason(err error) error {
	switch {
	case errors.Is(err, syscall.ESRCH):
		return ErrNoProcess
	case errors.Is(err, syscall.EPERM), errors.Is(err, syscall.EACCES):
		return ErrPermission
	case errors.Is(err, syscall.EIO), errors.Is(err, syscall.EINVAL):
		return ErrUnsupported
	}
	return ErrNotStoppable
}

// Memory returns the reader of the process's memory (/proc/PID/mem).
func (p *Process) Memory() *Memory { return p.mem }

// Exe returns the path of the process's executable (/proc/PID/exe), ""
// when it cannot be read.
func (p *Process) Exe() string {
	s, err := os.Readlink(fmt.Sprintf("/proc/%d/exe", p.pid))
	if err != nil {
		return ""
	}
	return s
}

// Mappings reads the process's file-backed mappings from /proc/PID/maps.
func (p *Process) Mappings() ([]procwalk.Mapping, error) {
	b, err := readBounded(fmt.Sprintf("/proc/%d/maps", p.pid), maxMapsSize)
	if err != nil {
		return nil, &Error{PID: p.pid, Op: "read mappings", Err: ErrNoProcess, Cause: err}
	}
	ms, err := ParseMaps(b)
	if err != nil {
		return nil, &Error{PID: p.pid, Op: "read mappings", Err: ErrUnsupported, Cause: err}
	}
	return ms, nil
}

// maxAuxvSize bounds the /proc/PID/auxv read (Linux writes about 20
// entries of 16 bytes).
const maxAuxvSize = 64 << 10

// Auxv reads the process's auxiliary vector from /proc/PID/auxv, up to
// AT_NULL: where the kernel mapped the vDSO (AT_SYSINFO_EHDR), the program
// headers, the entry point, the dynamic linker's base.
func (p *Process) Auxv() ([]procwalk.AuxEntry, error) {
	b, err := readBounded(fmt.Sprintf("/proc/%d/auxv", p.pid), maxAuxvSize)
	if err != nil {
		return nil, &Error{PID: p.pid, Op: "read auxv", Err: ErrNoProcess, Cause: err}
	}
	return ParseAuxv(b, p.arch.ByteOrder()), nil
}

// View returns the stopped process as procwalk reads it: every stopped
// thread with its registers, the mappings, the auxiliary vector, the
// executable and the memory.
func (p *Process) View() (*procwalk.Process, error) {
	if p.gone {
		return nil, &Error{PID: p.pid, Op: "read registers", Err: ErrDetached}
	}
	v := &procwalk.Process{Arch: p.arch, Exe: p.Exe(), Memory: p.mem}
	var err error
	if v.Mappings, err = p.Mappings(); err != nil {
		return nil, err
	}
	if v.Auxv, err = p.Auxv(); err != nil {
		return nil, err
	}
	v.Threads = make([]procwalk.Thread, 0, len(p.threads))
	for _, t := range p.threads {
		v.Threads = append(v.Threads, procwalk.Thread{TID: t.tid, Signal: t.signal})
		if err := p.Registers(t.tid, &v.Threads[len(v.Threads)-1].Regs); err != nil {
			if t.tid != p.pid && errors.Is(err, ErrNoProcess) {
				// Killed while stopped (SIGKILL ends a stopped thread too):
				// noted and left out, as a thread that exited during Attach.
				p.skipped = append(p.skipped, err)
				v.Threads = v.Threads[:len(v.Threads)-1]
				continue
			}
			return nil, err
		}
	}
	return v, nil
}

// Detach lets every stopped thread run on, delivering any signal that
// arrived while it was stopped, and closes the memory reader. It reports
// the first thread it could not detach (one that exited meanwhile is not
// an error). Detach is safe to call more than once.
func (p *Process) Detach() error {
	if p.gone {
		return nil
	}
	p.gone = true
	var err error
	p.tr.do(func() { err = p.detachAll() })
	p.tr.stop()
	if p.mem != nil {
		p.mem.close()
	}
	return err
}

// detachAll runs on the tracer's thread.
func (p *Process) detachAll() error {
	var first error
	for _, t := range p.threads {
		err := ptrace(syscall.PTRACE_DETACH, t.tid, 0, uintptr(t.signal))
		if err != nil && !errors.Is(err, syscall.ESRCH) && first == nil {
			first = &Error{PID: p.pid, TID: t.tid, Op: "detach", Err: errnoReason(err), Cause: err}
		}
	}
	p.threads = p.threads[:0:0]
	return first
}

// nativeArch is the machine's architecture, the only one ptrace shows.
func nativeArch() (regs.Arch, bool) {
	var a regs.Arch
	switch runtime.GOARCH {
	case "amd64":
		a = regs.X86_64
	case "arm64":
		a = regs.AArch64
	case "ppc64le":
		a = regs.PPC64LE
	case "ppc64":
		a = regs.PPC64
	case "s390x":
		a = regs.S390X
	case "riscv64":
		a = regs.RISCV64
	default:
		return regs.ArchUnknown, false
	}
	return a, linuxregs.GPRSize(a) > 0
}
