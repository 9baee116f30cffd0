//go:build linux

package liveproc_test

import (
	"errors"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/linuxregs"
	"github.com/stackmaps/stackmaps/liveproc"
	"github.com/stackmaps/stackmaps/stackmap"
)

// startSleep starts a process that waits, killed at the end of the test.
func startSleep(t *testing.T) *exec.Cmd {
	t.Helper()
	cmd := exec.Command("sleep", "60")
	require.NoError(t, cmd.Start())
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	return cmd
}

func wantErr(t *testing.T, err, sentinel error, op string) *liveproc.Error {
	t.Helper()
	require.Error(t, err)
	assert.ErrorIs(t, err, sentinel)
	var e *liveproc.Error
	require.True(t, errors.As(err, &e), "%T", err)
	assert.Equal(t, op, e.Op)
	return e
}

func TestLiveAttachErrors(t *testing.T) {
	_, err := liveproc.Attach(-1)
	wantErr(t, err, liveproc.ErrNoProcess, "attach")

	_, err = liveproc.Attach(os.Getpid())
	wantErr(t, err, liveproc.ErrNotStoppable, "attach")

	// A process that has exited and been reaped.
	gone := exec.Command("true")
	require.NoError(t, gone.Run())
	_, err = liveproc.Attach(gone.Process.Pid)
	e := wantErr(t, err, liveproc.ErrNoProcess, "attach")
	assert.Contains(t, e.Error(), "pid "+strconv.Itoa(gone.Process.Pid))

	// A zombie: exited, not reaped yet.
	z := exec.Command("true")
	require.NoError(t, z.Start())
	defer z.Wait()
	for i := 0; i < 500; i++ {
		b, _ := os.ReadFile("/proc/" + strconv.Itoa(z.Process.Pid) + "/stat")
		if strings.Contains(string(b), ") Z ") {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	_, err = liveproc.Attach(z.Process.Pid)
	e = wantErr(t, err, liveproc.ErrNotStoppable, "attach")
	assert.Contains(t, e.Error(), "exited")

	s := startSleep(t)
	_, err = liveproc.AttachThread(s.Process.Pid, 1<<30)
	wantErr(t, err, liveproc.ErrNoProcess, "attach")
}

// TestLiveAttachSleep stops a waiting process, reads its registers, memory
// and mappings, refuses a second tracer, detaches, and checks the process
// still runs and stops on a signal as usual.
func TestLiveAttachSleep(t *testing.T) {
	s := startSleep(t)
	pid := s.Process.Pid
	p := attach(t, pid)
	assert.Equal(t, []int{pid}, p.Threads())

	// A second tracer is refused.
	_, err := liveproc.Attach(pid)
	e := wantErr(t, err, liveproc.ErrPermission, "attach")
	assert.Contains(t, e.Error(), "already traced by another tracer")

	var rs linuxregs.Set
	require.NoError(t, p.Registers(pid, &rs))
	assert.NotZero(t, rs.PC)
	assert.NotZero(t, rs.SP)
	err = p.Registers(pid+1<<20, &rs)
	wantErr(t, err, liveproc.ErrNoProcess, "read registers")

	// The stack pointer is readable memory; address 0 is not.
	var b [16]byte
	require.NoError(t, p.Memory().ReadMemory(rs.SP, b[:]))
	_, err = p.Memory().ReadUint(0, 8, p.Arch().ByteOrder())
	e = wantErr(t, err, stackmap.ErrMemory, "read memory")
	assert.Zero(t, e.Addr)

	ms, err := p.Mappings()
	require.NoError(t, err)
	// The vDSO the auxiliary vector names is the [vdso] of the maps.
	aux, err := p.Auxv()
	require.NoError(t, err)
	maps, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/maps")
	require.NoError(t, err)
	for _, e := range aux {
		if e.Tag == 33 { // AT_SYSINFO_EHDR
			assert.Contains(t, string(maps), strconv.FormatUint(e.Val, 16)+"-", "AT_SYSINFO_EHDR")
		}
	}
	assert.NotEmpty(t, aux)
	exe := p.Exe()
	require.NotEmpty(t, exe)
	found := false
	for _, m := range ms {
		found = found || m.Path == exe
	}
	assert.True(t, found, "%s not among the mappings", exe)

	require.NoError(t, p.Detach())
	require.NoError(t, p.Detach(), "a second Detach does nothing")
	err = p.Registers(pid, &rs)
	wantErr(t, err, liveproc.ErrDetached, "read registers")
	err = p.Memory().ReadMemory(rs.SP, b[:])
	wantErr(t, err, liveproc.ErrDetached, "read memory")

	// The process runs on: a new tracer can stop it again, and SIGTERM
	// ends it as it would have.
	p2 := attach(t, pid)
	require.NoError(t, p2.Detach())
	require.NoError(t, s.Process.Signal(os.Interrupt))
	err = s.Wait()
	var ee *exec.ExitError
	require.True(t, errors.As(err, &ee), "%v", err)
	assert.Equal(t, "signal: interrupt", ee.Error())
}

// TestLiveAttachStopped attaches to a process stopped by SIGSTOP: it is
// read as any other, and stays stopped after Detach until SIGCONT.
func TestLiveAttachStopped(t *testing.T) {
	s := startSleep(t)
	pid := s.Process.Pid
	require.NoError(t, s.Process.Signal(syscall.SIGSTOP))
	waitState(t, pid, "T")
	p := attach(t, pid)
	var rs linuxregs.Set
	require.NoError(t, p.Registers(pid, &rs))
	assert.NotZero(t, rs.PC)
	require.NoError(t, p.Detach())
	waitState(t, pid, "T")
	require.NoError(t, s.Process.Signal(syscall.SIGCONT))
	waitState(t, pid, "S")
}

// waitState waits until /proc/PID/stat shows the given state letter.
func waitState(t *testing.T, pid int, state string) {
	t.Helper()
	var b []byte
	for range 500 {
		b, _ = os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
		if strings.Contains(string(b), ") "+state+" ") {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatalf("process %d never in state %s: %s", pid, state, b)
}

// TestLiveMemoryAllocs reads a stopped process's stack with ReadUint: no
// allocation once its page is cached.
func TestLiveMemoryAllocs(t *testing.T) {
	s := startSleep(t)
	p := attach(t, s.Process.Pid)
	defer p.Detach()
	var rs linuxregs.Set
	require.NoError(t, p.Registers(s.Process.Pid, &rs))
	m := p.Memory()
	order := p.Arch().ByteOrder()
	want, err := m.ReadUint(rs.SP, 8, order)
	require.NoError(t, err)
	var b [8]byte
	require.NoError(t, m.ReadMemory(rs.SP, b[:]))
	assert.Equal(t, want, order.Uint64(b[:]))
	n := testing.AllocsPerRun(100, func() {
		if v, err := m.ReadUint(rs.SP, 8, order); err != nil || v != want {
			t.Fatal(v, err)
		}
	})
	assert.Zero(t, n)
}

// TestLiveSignalWhileStopped sends SIGTERM to a stopped process: it waits
// until Detach, and then ends the process as it would have.
func TestLiveSignalWhileStopped(t *testing.T) {
	s := startSleep(t)
	p := attach(t, s.Process.Pid)
	require.NoError(t, s.Process.Signal(syscall.SIGTERM))
	time.Sleep(50 * time.Millisecond)
	var rs linuxregs.Set
	require.NoError(t, p.Registers(s.Process.Pid, &rs), "still stopped and readable")
	require.NoError(t, p.Detach())
	err := s.Wait()
	var ee *exec.ExitError
	require.True(t, errors.As(err, &ee), "%v", err)
	assert.Equal(t, "signal: terminated", ee.Error())
}
