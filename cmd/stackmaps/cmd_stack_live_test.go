//go:build linux

package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/internal/livetest"
	"github.com/stackmaps/stackmaps/internal/walktest"
)

// TestLiveStackJSON parks testdata/live's threads, walks the running
// process with "stackmaps stack --pid PID --format json" and checks, for
// every thread, each llc frame's CFA, record, deopt values and roots
// against what the thread recorded, the frames above them (park nested
// k+1 times, the capture routines, libc) and the main thread's; then with
// --thread, --frames and the text format; and finally that the program,
// let run on, completes with the right result.
func TestLiveStackJSON(t *testing.T) {
	for _, mode := range []string{"statepoint", "patchpoint"} {
		t.Run("x86_64/"+mode, func(t *testing.T) {
			prog := livetest.Start(t, mode)
			pid := strconv.Itoa(prog.PID)
			var out, errb bytes.Buffer
			status := run([]string{"stack", "--pid", pid, "--format=json"}, &out, &errb)
			if status != exitOK && strings.Contains(errb.String(), "not permitted to trace") {
				t.Skipf("ptrace refused here: %s", errb.String())
			}
			require.Equal(t, exitOK, status, "stderr: %s", errb.String())

			byTID := map[int][]stackJSONLine{}
			var order []int
			sc := bufio.NewScanner(&out)
			sc.Buffer(nil, 1<<20)
			for sc.Scan() {
				var l stackJSONLine
				require.NoError(t, json.Unmarshal(sc.Bytes(), &l), "line %s", sc.Text())
				switch l.Type {
				case "thread":
					order = append(order, l.TID)
					assert.Zero(t, l.Signal)
				case "end":
					assert.Equal(t, "return address undefined", l.Reason, "thread %d", l.TID)
				case "frame":
					byTID[l.TID] = append(byTID[l.TID], l)
				}
			}
			assert.Equal(t, append([]int{prog.PID}, prog.TIDs...), order, "threads, main first")
			mainNames := jsonNames(byTID[prog.PID])
			assert.Contains(t, mainNames, "main")
			for i, l := range byTID[prog.PID] {
				assert.Nil(t, l.Record, "main thread: %s has a record", mainNames[i])
			}
			skipped := 0
			for k, tid := range prog.TIDs {
				f := prog.Record(t, k)
				frames := byTID[tid]
				names := jsonNames(frames)
				i := indexOf(names, "walk_d")
				require.GreaterOrEqual(t, i, k+3, "thread %d: %v", k, names)
				want := []string{"__read"}
				for range k + 1 {
					want = append(want, "park")
				}
				want = append(want, "stackmaps_capture_dump", "stackmaps_capture", "walk_d", "walk_c", "walk_b", "walk_a", "live_thread")
				assert.Equal(t, want, names[:min(len(names), len(want))], "thread %d", k)
				for j := range f.Frames {
					fr := frames[i+j]
					cfa, _ := f.ExpectedCFA(j)
					assert.Equal(t, cfa, hexField(t, fr.CFA), "thread %d frame %s CFA", k, names[i+j])
					if !f.Frames[j].IsLLC() {
						continue
					}
					skipped += checkLiveJSONFrame(t, f, j, fr)
				}
			}
			wantSkipped := 0
			if mode == "patchpoint" {
				wantSkipped = livetest.CallerSavedPerThread * livetest.Threads
			}
			assert.Equal(t, wantSkipped, skipped, "values unknown in caller-saved registers")

			// One thread, two frames; text.
			out.Reset()
			tid := strconv.Itoa(prog.TIDs[2])
			require.Equal(t, exitOK, run([]string{"stack", "--pid", pid, "--thread", tid, "--frames", "2", "--format=json"}, &out, &errb), errb.String())
			walkLines := 0
			for _, l := range strings.Split(strings.TrimSpace(out.String()), "\n") {
				if !strings.HasPrefix(l, `{"type":"module"`) {
					walkLines++
				}
			}
			assert.Equal(t, 4, walkLines, "thread, 2 frames, end: %s", out.String())
			// The executable with its stack maps, and the vDSO (found
			// from the auxiliary vector, as in a core).
			assert.Regexp(t, `{"type":"module","path":"[^"]*/live",[^\n]*"stackmaps":true,"error":null}`, out.String())
			assert.Contains(t, out.String(), `{"type":"module","path":"[vdso]"`)
			assert.Contains(t, out.String(), `"tid":`+tid)
			assert.Contains(t, out.String(), `"reason":"frame limit"`)
			out.Reset()
			require.Equal(t, exitOK, run([]string{"stack", "--pid", pid, "--thread", tid}, &out, &errb), errb.String())
			text := out.String()
			for _, w := range []string{"thread " + tid + "\n", "__read+0x", "park+0x", "stackmaps_capture+0x", "walk_d+0x",
				"record id 0xd4", "record id 0xa1", "live_thread+0x", "end: return address undefined"} {
				assert.Contains(t, text, w)
			}
			assert.NotContains(t, text, "thread "+pid+"\n", "only the thread asked for")
			if mode == "statepoint" {
				assert.Contains(t, text, "root 0 base: ")
			} else {
				assert.Contains(t, text, "unknown (register not preserved in this frame)")
			}
			t.Logf("stackmaps stack --pid PID --thread %s:\n%s", tid, text)

			prog.Finish(t)

			// The process is gone: a refusal that says so.
			errb.Reset()
			assert.Equal(t, exitFail, run([]string{"stack", "--pid", pid}, &out, &errb))
			assert.Contains(t, errb.String(), "no such process")
		})
	}
}

// TestLiveStackSignal stops testdata/live's threads as a runtime does for
// a safepoint by signal: each runs on in a C leaf (spin) above the llc
// frames until SIGUSR1 parks it in its handler, k+1 frames deep. "stack
// --pid" walks each thread through the handler, the C library's signal
// trampoline (a signal frame) and spin, interrupted (its pc looked up as
// it is), to the llc frames, every value right; the program then finishes
// intact.
func TestLiveStackSignal(t *testing.T) {
	prog := livetest.StartSignal(t, "statepoint")
	pid := strconv.Itoa(prog.PID)
	var out, errb bytes.Buffer
	status := run([]string{"stack", "--pid", pid, "--format=json"}, &out, &errb)
	if status != exitOK && strings.Contains(errb.String(), "not permitted to trace") {
		t.Skipf("ptrace refused here: %s", errb.String())
	}
	require.Equal(t, exitOK, status, "stderr: %s", errb.String())
	byTID := map[int][]stackJSONLine{}
	sc := bufio.NewScanner(&out)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var l stackJSONLine
		require.NoError(t, json.Unmarshal(sc.Bytes(), &l), "line %s", sc.Text())
		switch l.Type {
		case "end":
			assert.Equal(t, "return address undefined", l.Reason, "thread %d", l.TID)
		case "frame":
			byTID[l.TID] = append(byTID[l.TID], l)
		}
	}
	for k, tid := range prog.TIDs {
		f := prog.Record(t, k)
		frames := byTID[tid]
		names := jsonNames(frames)
		want := []string{"__read"}
		for range k + 1 {
			want = append(want, "park")
		}
		want = append(want, "live_on_signal")
		s := len(want) // the trampoline: glibc's __restore_rt, not in .dynsym
		require.Greater(t, len(frames), s+2, "thread %d: %v", k, names)
		assert.Equal(t, want, names[:s], "thread %d", k)
		for i, fr := range frames {
			assert.Equal(t, i == s, fr.SignalFrame, "thread %d frame %d (%s): signal frame", k, i, names[i])
			assert.Equal(t, i != 0 && i != s+1, fr.PCIsReturnAddress, "thread %d frame %d (%s): pc is a return address", k, i, names[i])
		}
		want = []string{"spin", "stackmaps_capture_dump", "stackmaps_capture", "walk_d", "walk_c", "walk_b", "walk_a", "live_thread"}
		assert.Equal(t, want, names[s+1:min(len(names), s+1+len(want))], "thread %d", k)
		i := indexOf(names, "walk_d")
		require.Equal(t, s+4, i, "thread %d: %v", k, names)
		for j := range f.Frames {
			fr := frames[i+j]
			cfa, _ := f.ExpectedCFA(j)
			assert.Equal(t, cfa, hexField(t, fr.CFA), "thread %d frame %s CFA", k, names[i+j])
			if f.Frames[j].IsLLC() {
				assert.Zero(t, checkLiveJSONFrame(t, f, j, fr), "statepoints keep no value in a caller-saved register")
			}
		}
	}
	out.Reset()
	require.Equal(t, exitOK, run([]string{"stack", "--pid", pid, "--thread", strconv.Itoa(prog.TIDs[1])}, &out, &errb), errb.String())
	assert.Regexp(t, `live_on_signal\+0x[0-9a-f]+ cfa 0x[0-9a-f]+ \(no stack map\)\n  #\d+ 0x[0-9a-f]+ libc\.so\.6 \S+ cfa 0x[0-9a-f]+ \[signal frame\] \(no stack map\)\n  #\d+ 0x[0-9a-f]+ live spin\+0x[0-9a-f]+ cfa 0x[0-9a-f]+ \[interrupted\]`, out.String())
	t.Logf("stackmaps stack --pid PID --thread %d:\n%s", prog.TIDs[1], out.String())
	prog.Finish(t)
}

// checkLiveJSONFrame compares llc frame j of a thread's JSON walk with
// what the thread recorded; it returns how many values were unknown
// because they sit in caller-saved registers.
func checkLiveJSONFrame(t *testing.T, f *walktest.File, j int, fr stackJSONLine) int {
	t.Helper()
	want := &f.Frames[j]
	require.NotNil(t, fr.Record, "%s: no record", want.Func)
	assert.Equal(t, want.ID, hexField(t, fr.Record.ID), "%s record", want.Func)
	assert.Equal(t, want.Call == "statepoint", fr.Record.Statepoint, "%s statepoint", want.Func)
	assert.Equal(t, want.CallSP, hexField(t, fr.SP), "%s SP", want.Func)
	gc := map[uint64]bool{}
	skipped, n := 0, 0
	for _, e := range want.Expect {
		if e.Kind == "gc" {
			gc[e.Value] = true
			continue
		}
		n++
		require.Less(t, e.Index, len(fr.Deopt), "%s deopt %d", want.Func, e.Index)
		s := fr.Deopt[e.Index]
		if !s.Known {
			assert.True(t, s.Kind == "Register" && !walktest.CalleeSaved(f.Arch, s.Reg), "%s %s %d unknown: %+v", want.Func, e.Kind, e.Index, s)
			skipped++
			continue
		}
		assert.True(t, e.Matches(hexField(t, s.Value)), "%s %s %d: %s, want %#x", want.Func, e.Kind, e.Index, s.Value, e.Value)
	}
	assert.Len(t, fr.Deopt, n, "%s deopt count", want.Func)
	if want.Call != "statepoint" {
		assert.Empty(t, fr.Roots)
		return skipped
	}
	require.NotEmpty(t, fr.Roots, "%s roots", want.Func)
	seen := map[uint64]bool{}
	for i, r := range fr.Roots {
		for _, half := range []string{"base", "derived"} {
			s := r[half]
			require.True(t, s.Known, "%s root %d %s", want.Func, i, half)
			v := hexField(t, s.Value)
			assert.True(t, gc[v], "%s root %d %s: %#x is not one of the frame's gc values", want.Func, i, half, v)
			assert.Equal(t, "memory", s.Home, "%s root %d %s home", want.Func, i, half)
			seen[v] = true
		}
	}
	for v := range gc {
		assert.True(t, seen[v], "%s: gc value %#x is no root", want.Func, v)
	}
	return skipped
}

func jsonNames(frames []stackJSONLine) []string {
	var names []string
	for _, l := range frames {
		if l.Symbol != nil {
			names = append(names, *l.Symbol)
		} else {
			names = append(names, "?")
		}
	}
	return names
}

func indexOf(s []string, x string) int {
	for i, v := range s {
		if v == x {
			return i
		}
	}
	return -1
}

func TestLiveStackUsage(t *testing.T) {
	var out, errb bytes.Buffer
	assert.Equal(t, exitUsage, run([]string{"stack", "--pid", "1", "--core", "x"}, &out, &errb))
	assert.Contains(t, errb.String(), "exclude each other")
	errb.Reset()
	assert.Equal(t, exitUsage, run([]string{"stack", "--pid", "-4"}, &out, &errb))
	assert.Contains(t, errb.String(), "--pid must be positive")
	errb.Reset()
	assert.Equal(t, exitUsage, run([]string{"stack", "--pid", "1", "exe"}, &out, &errb))
	assert.Contains(t, errb.String(), "unexpected argument")
	errb.Reset()
	assert.Equal(t, exitFail, run([]string{"stack", "--pid", "2147483647"}, &out, &errb))
	assert.Contains(t, errb.String(), "pid 2147483647: attach: no such process")
	out.Reset()
	assert.Equal(t, exitOK, run([]string{"stack", "--help"}, &out, &errb))
	assert.Contains(t, out.String(), "stackmaps stack --pid PID")
}
