//go:build linux

package liveproc_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/internal/livetest"
	"github.com/stackmaps/stackmaps/internal/walktest"
	"github.com/stackmaps/stackmaps/liveproc"
	"github.com/stackmaps/stackmaps/objfile"
	"github.com/stackmaps/stackmaps/procwalk"
	"github.com/stackmaps/stackmaps/regs"
	"github.com/stackmaps/stackmaps/stackmap"
	"github.com/stackmaps/stackmaps/stackwalk"
)

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
			prog := livetest.Start(t, mode)
			p := attach(t, prog.PID)
			detached := false
			defer func() {
				if !detached {
					p.Detach()
				}
			}()
			assert.Equal(t, regs.X86_64, p.Arch())
			assert.ElementsMatch(t, append([]int{prog.PID}, prog.TIDs...), p.Threads())

			view, err := p.View()
			require.NoError(t, err)
			require.Len(t, view.Threads, 1+livetest.Threads)
			assert.Equal(t, prog.PID, view.Threads[0].TID, "main thread first")
			w, err := procwalk.Open(view, objfile.ProcessFiles{}, procwalk.Options{})
			require.NoError(t, err)
			defer w.Close()

			byTID := map[int]*procwalk.Thread{}
			for i := range view.Threads {
				byTID[view.Threads[i].TID] = &view.Threads[i]
			}
			mainFuncs := walkNames(t, w, byTID[prog.PID], nil, nil)
			assert.Contains(t, mainFuncs, "main", "main thread: %v", mainFuncs)
			skipped := 0
			for k, tid := range prog.TIDs {
				f := prog.Record(t, k)
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
				wantSkipped = livetest.CallerSavedPerThread * livetest.Threads
			}
			assert.Equal(t, wantSkipped, skipped, "values unknown in caller-saved registers")
			t.Logf("%d patchpoint values in caller-saved registers (unknown in outer frames) skipped", skipped)

			require.NoError(t, p.Detach())
			detached = true

			// One thread alone: the others run on (parked).
			tid := prog.TIDs[1]
			one, err := liveproc.AttachThread(prog.PID, tid)
			require.NoError(t, err)
			assert.Equal(t, []int{tid}, one.Threads())
			v1, err := one.View()
			require.NoError(t, err)
			require.Len(t, v1.Threads, 1)
			w1, err := procwalk.Open(v1, objfile.ProcessFiles{}, procwalk.Options{})
			require.NoError(t, err)
			f := prog.Record(t, 1)
			var sk int
			names := walkNames(t, w1, &v1.Threads[0], f, &sk)
			assert.Equal(t, "park", names[1])
			w1.Close()
			require.NoError(t, one.Detach())

			prog.Finish(t)
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
