//go:build linux

package liveproc_test

import (
	"bufio"
	"errors"
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

	"github.com/stackmaps/stackmaps/internal/testtools"
	"github.com/stackmaps/stackmaps/internal/walktest"
	"github.com/stackmaps/stackmaps/liveproc"
	"github.com/stackmaps/stackmaps/procwalk"
	"github.com/stackmaps/stackmaps/regs"
	"github.com/stackmaps/stackmaps/stackmap"
	"github.com/stackmaps/stackmaps/stackwalk"
)

// liveThreads is how many threads the test program parks.
const liveThreads = 3

// liveProgram is a started testdata/live program whose threads are parked.
type liveProgram struct {
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	stdout *bufio.Reader
	dir    string // where it wrote thread-K.txt
	tids   []int  // thread k's id
	stderr *strings.Builder
}

// startLive builds testdata/live in the given mode for this machine and
// runs it until every thread is parked.
func startLive(t *testing.T, mode string) *liveProgram {
	t.Helper()
	if runtime.GOOS != "linux" || runtime.GOARCH != "amd64" {
		t.Skipf("the live test program is built and checked on x86_64 Linux only, not %s/%s", runtime.GOOS, runtime.GOARCH)
	}
	testtools.Need(t, "bash", "llc-22", "gcc")
	out := t.TempDir()
	build := exec.Command(filepath.Join(walktest.Dir(), "..", "live", "build.sh"), mode, out)
	msg, err := build.CombinedOutput()
	require.NoError(t, err, "build.sh: %s", msg)

	p := &liveProgram{dir: t.TempDir(), stderr: &strings.Builder{}}
	p.cmd = exec.Command(filepath.Join(out, "live"), strconv.Itoa(liveThreads), p.dir)
	p.cmd.Stderr = p.stderr
	p.stdin, err = p.cmd.StdinPipe()
	require.NoError(t, err)
	stdout, err := p.cmd.StdoutPipe()
	require.NoError(t, err)
	p.stdout = bufio.NewReader(stdout)
	require.NoError(t, p.cmd.Start())
	t.Cleanup(func() {
		if p.cmd.ProcessState == nil {
			p.cmd.Process.Kill()
			p.cmd.Wait()
		}
	})
	line := readLine(t, p.stdout)
	f := strings.Fields(line)
	require.True(t, len(f) == 1+liveThreads && f[0] == "ready", "program said %q (stderr %q)", line, p.stderr)
	for _, s := range f[1:] {
		tid, err := strconv.Atoi(s)
		require.NoError(t, err)
		p.tids = append(p.tids, tid)
	}
	return p
}

// finish releases the program and checks it completes with the right
// result: the walk disturbed nothing.
func (p *liveProgram) finish(t *testing.T) {
	t.Helper()
	_, err := io.WriteString(p.stdin, "go\n")
	require.NoError(t, err)
	line := readLine(t, p.stdout)
	assert.Equal(t, fmt.Sprintf("ok %d", liveThreads), line, "stderr %q", p.stderr)
	require.NoError(t, p.cmd.Wait(), "stderr %q", p.stderr)
}

func readLine(t *testing.T, r *bufio.Reader) string {
	t.Helper()
	type res struct {
		s   string
		err error
	}
	c := make(chan res, 1)
	go func() { s, err := r.ReadString('\n'); c <- res{s, err} }()
	select {
	case r := <-c:
		require.NoError(t, r.err)
		return strings.TrimSpace(r.s)
	case <-time.After(30 * time.Second):
		t.Fatal("the program did not answer within 30 s")
		return ""
	}
}

// attach attaches to the program, skipping when the kernel refuses
// ptrace (a policy, not a missing tool: no failure under
// STACKMAPS_REQUIRE_TOOLS).
func attach(t *testing.T, pid int) *liveproc.Process {
	t.Helper()
	p, err := liveproc.Attach(pid)
	if errors.Is(err, liveproc.ErrPermission) {
		t.Skipf("ptrace refused here: %v", err)
	}
	require.NoError(t, err)
	return p
}

// TestLiveWalk parks the program's threads, each at a different depth above
// the llc frames, attaches, and walks every thread through the library
// (liveproc + procwalk): each llc frame's CFA, record, deopt values and
// roots equal what the thread recorded, the frames above them are the
// park(k) nest, the capture routine (its CFI) and libc; the main thread
// walks to main without records. After Detach the program completes with
// the right result.
func TestLiveWalk(t *testing.T) {
	for _, mode := range []string{"statepoint", "patchpoint"} {
		t.Run("x86_64/"+mode, func(t *testing.T) {
			prog := startLive(t, mode)
			p := attach(t, prog.cmd.Process.Pid)
			detached := false
			defer func() {
				if !detached {
					p.Detach()
				}
			}()
			assert.Equal(t, regs.X86_64, p.Arch())
			assert.ElementsMatch(t, append([]int{prog.cmd.Process.Pid}, prog.tids...), p.Threads())

			view, err := p.View()
			require.NoError(t, err)
			require.Len(t, view.Threads, 1+liveThreads)
			assert.Equal(t, prog.cmd.Process.Pid, view.Threads[0].TID, "main thread first")
			w, err := procwalk.Open(view, procwalk.Options{})
			require.NoError(t, err)
			defer w.Close()

			byTID := map[int]*procwalk.Thread{}
			for i := range view.Threads {
				byTID[view.Threads[i].TID] = &view.Threads[i]
			}
			mainFuncs := walkNames(t, w, byTID[prog.cmd.Process.Pid], nil, nil)
			assert.Contains(t, mainFuncs, "main", "main thread: %v", mainFuncs)
			skipped := 0
			for k, tid := range prog.tids {
				f, err := walktest.ParseFile(filepath.Join(prog.dir, fmt.Sprintf("thread-%d.txt", k)))
				require.NoError(t, err)
				// The stack the thread recorded is the stack the reader reads.
				got := make([]byte, len(f.Stack.Bytes))
				require.NoError(t, view.Memory.ReadMemory(f.Stack.Start, got))
				assert.Equal(t, f.Stack.Bytes, got, "thread %d stack window", k)
				names := walkNames(t, w, byTID[tid], f, &skipped)
				t.Logf("thread %d (tid %d): %s", k, tid, strings.Join(names, " <- "))
				i := indexOf(names, "walk_d")
				require.GreaterOrEqual(t, i, k+3, "thread %d: walk_d below park x%d, dump, capture: %v", k, k+1, names)
				assert.Equal(t, "stackmaps_capture", names[i-1])
				assert.Equal(t, "stackmaps_capture_dump", names[i-2])
				for j := 0; j <= k; j++ {
					assert.Equal(t, "park", names[i-3-j], "thread %d frame %d", k, i-3-j)
				}
				assert.Equal(t, []string{"walk_d", "walk_c", "walk_b", "walk_a", "live_thread"}, names[i:min(i+5, len(names))])
			}
			// Statepoint values live in callee-saved registers or the
			// stack; of each thread's patchpoint values, 4 sit in
			// caller-saved registers (3 of walk_a..walk_c, as in the
			// stackwalk tests, and 1 of walk_d, which is an outer frame
			// here: the walk starts in libc).
			wantSkipped := 0
			if mode == "patchpoint" {
				wantSkipped = 4 * liveThreads
			}
			assert.Equal(t, wantSkipped, skipped, "values unknown in caller-saved registers")
			t.Logf("%d patchpoint values in caller-saved registers (unknown in outer frames) skipped", skipped)

			require.NoError(t, p.Detach())
			detached = true

			// One thread alone: the others run on (parked).
			tid := prog.tids[1]
			one, err := liveproc.AttachThread(prog.cmd.Process.Pid, tid)
			require.NoError(t, err)
			assert.Equal(t, []int{tid}, one.Threads())
			v1, err := one.View()
			require.NoError(t, err)
			require.Len(t, v1.Threads, 1)
			w1, err := procwalk.Open(v1, procwalk.Options{})
			require.NoError(t, err)
			f, err := walktest.ParseFile(filepath.Join(prog.dir, "thread-1.txt"))
			require.NoError(t, err)
			var sk int
			names := walkNames(t, w1, &v1.Threads[0], f, &sk)
			assert.Equal(t, "park", names[1])
			w1.Close()
			require.NoError(t, one.Detach())

			prog.finish(t)
		})
	}
}

// walkNames walks thread th and returns each frame's function. When f is
// not nil, the frames of f's functions are checked against it.
func walkNames(t *testing.T, w *procwalk.Walk, th *procwalk.Thread, f *walktest.File, skipped *int) []string {
	t.Helper()
	require.NotNil(t, th)
	var names []string
	llc := 0
	for fr, err := range w.Frames(th) {
		require.NoError(t, err, "thread %d frame %d", th.TID, len(names))
		pc := fr.PC
		if fr.Index > 0 {
			pc-- // inside the call
		}
		name, _, ok := w.Symbol(pc)
		if !ok {
			name = fmt.Sprintf("%#x", fr.PC)
		}
		names = append(names, name)
		if f == nil {
			assert.False(t, fr.HasRecord(), "main thread frame %d (%s) has a record", fr.Index, name)
			continue
		}
		if llc < len(f.Frames) && name == f.Frames[llc].Func {
			checkLiveFrame(t, f, llc, fr, skipped)
			llc++
		} else if name == "live_thread" && llc == len(f.Frames)-1 {
			cfa, _ := f.ExpectedCFA(llc)
			assert.Equal(t, cfa, fr.CFA, "live_thread CFA")
			llc++
		}
	}
	if f != nil {
		assert.Equal(t, len(f.Frames), llc, "thread %d: frames matched (%v)", th.TID, names)
	}
	return names
}

// checkLiveFrame compares llc frame i of the walk with what the thread
// recorded.
func checkLiveFrame(t *testing.T, f *walktest.File, i int, fr *stackwalk.Frame, skipped *int) {
	t.Helper()
	want := &f.Frames[i]
	cfa, _ := f.ExpectedCFA(i)
	assert.Equal(t, cfa, fr.CFA, "%s CFA", want.Func)
	assert.Equal(t, want.CallSP, fr.SP, "%s SP", want.Func)
	rec, ok := fr.Record()
	require.True(t, ok, "%s: no record at %#x", want.Func, fr.PC)
	assert.Equal(t, want.ID, rec.ID(), "%s record", want.Func)
	assert.Equal(t, want.Call == "statepoint", fr.IsStatepoint(), "%s statepoint", want.Func)
	gc := map[uint64]bool{}
	n := 0
	for _, e := range want.Expect {
		if e.Kind == "gc" {
			gc[e.Value] = true
			continue
		}
		n++
		v, err := fr.Deopt(e.Index)
		if err != nil {
			loc, _ := rec.Location(e.Index)
			if errors.Is(err, stackmap.ErrNoRegister) && loc.Kind == stackmap.Register && !walktest.CalleeSaved(f.Arch, loc.Reg) {
				*skipped++
				continue
			}
			t.Errorf("%s %s %d: %v", want.Func, e.Kind, e.Index, err)
			continue
		}
		assert.True(t, e.Matches(v.Bits), "%s %s %d: %#x, want %#x", want.Func, e.Kind, e.Index, v.Bits, e.Value)
	}
	assert.Equal(t, fr.NumDeopt(), n, "%s deopt count", want.Func)
	if want.Call != "statepoint" {
		return
	}
	require.NotZero(t, fr.NumRoots(), "%s roots", want.Func)
	seen := map[uint64]bool{}
	for r := range fr.NumRoots() {
		root, err := fr.Root(r)
		require.NoError(t, err, "%s root %d", want.Func, r)
		for _, s := range []stackwalk.Slot{root.Base, root.Derived} {
			assert.True(t, gc[s.Bits], "%s root %d: %#x is not one of the frame's gc values", want.Func, r, s.Bits)
			seen[s.Bits] = true
		}
	}
	for v := range gc {
		assert.True(t, seen[v], "%s: gc value %#x is no root", want.Func, v)
	}
}

func indexOf(s []string, x string) int {
	for i, v := range s {
		if v == x {
			return i
		}
	}
	return -1
}
