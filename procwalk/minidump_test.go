package procwalk_test

import (
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/internal/testenv"
	"github.com/stackmaps/stackmaps/internal/walktest"
	"github.com/stackmaps/stackmaps/minidump"
	"github.com/stackmaps/stackmaps/objfile"
	"github.com/stackmaps/stackmaps/procwalk"
	"github.com/stackmaps/stackmaps/stackwalk"
)

const dumpDir = "../testdata/windows/minidump/"

// TestMinidumpWalk walks the checked-in minidump of
// testdata/windows/minidump, which the program wrote of itself under wine
// with dbghelp's MiniDumpWriteDump: both threads, every llc frame's
// function, record, CFA, deopt values and GC roots as the program
// recorded them before each call.
func TestMinidumpWalk(t *testing.T) {
	checkDump(t, dumpDir+"crash.dmp", dumpDir+"dump.exe", dumpDir+"values.txt")
}

// TestMinidumpRegenerate rebuilds the program, runs it under wine into a
// new dump and walks that (the bytes differ: a dump holds timestamps and
// wine's thread ids). Skipped without the tools, which
// STACKMAPS_REQUIRE_TOOLS=1 requires.
func TestMinidumpRegenerate(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs a program under wine")
	}
	if testenv.Need(t, "llc-22", "clang-22", "lld-link-22", "llvm-dlltool-22") == nil {
		return
	}
	if _, err := exec.LookPath("wine64"); err != nil {
		if _, err := exec.LookPath("wine"); err != nil {
			testenv.Missing(t, "neither wine64 nor wine is on PATH")
			return
		}
	}
	dir := t.TempDir()
	out, err := exec.Command(dumpDir+"gen.sh", dir).CombinedOutput()
	require.NoError(t, err, "%s", out)
	checkDump(t, filepath.Join(dir, "crash.dmp"), filepath.Join(dir, "dump.exe"), filepath.Join(dir, "values.txt"))
}

// checkDump walks every thread of the dump and compares each llc frame
// with what the program recorded (values.txt).
func checkDump(t *testing.T, dump, exe, valuesFile string) {
	t.Helper()
	threads, err := walktest.ParseDumpValues(valuesFile)
	require.NoError(t, err)
	require.Len(t, threads, 2)
	md, err := minidump.Open(dump)
	require.NoError(t, err)
	defer md.Close()
	require.NotNil(t, md.Exception)
	assert.Equal(t, uint32(0xc0000005), md.Exception.Code, "an access violation")
	p := procwalk.FromMinidump(md)
	w, err := procwalk.Open(p, objfile.ProcessFiles{}, procwalk.Options{Images: []string{exe}})
	require.NoError(t, err)
	defer w.Close()
	require.NotNil(t, w.Modules()[0].Module)
	assert.True(t, w.Modules()[0].Stackmaps)
	frames, values, roots := 0, 0, 0
	for _, want := range threads {
		var th *procwalk.Thread
		for i := range p.Threads {
			if p.Threads[i].TID == want.TID {
				th = &p.Threads[i]
			}
		}
		require.NotNil(t, th, "thread %d is in the dump", want.TID)
		assert.Equal(t, want.TID == int(md.Exception.ThreadID), th.Crashed)
		next := 0 // the recorded frame the walk must meet next
		for fr, err := range w.Frames(th) {
			require.NoError(t, err)
			name, _, _ := w.FrameSymbol(fr)
			if next == len(want.Frames) || name != want.Frames[next].Func {
				assert.False(t, fr.HasRecord(), "%s has no record", name)
				continue
			}
			wf := want.Frames[next]
			if !wf.IsLLC() {
				next++ // a C frame the program recorded (the entry function, the recursion)
				continue
			}
			frames++
			require.True(t, fr.IsStatepoint(), "thread %d %s", want.TID, name)
			rec, _ := fr.Record()
			assert.Equal(t, wf.ID, rec.ID(), "%s record", name)
			assert.Equal(t, want.ExpectedCFA(next), fr.CFA, "%s CFA", name)
			var deopt, gc []walktest.Expect
			for _, e := range wf.Expect {
				if e.Kind == "deopt" {
					deopt = append(deopt, e)
				} else {
					gc = append(gc, e)
				}
			}
			require.Equal(t, len(deopt), fr.NumDeopt(), "%s deopt values", name)
			for i, e := range deopt {
				s, err := fr.Deopt(i)
				require.NoError(t, err, "%s deopt %d", name, i)
				assert.True(t, e.Matches(s.Bits), "%s deopt %d: got %#x, want %#x", name, i, s.Bits, e.Value)
				values++
			}
			// llc orders (and merges) the gc-live values: the roots are
			// compared as a set, as stackwalk's capture tests do.
			gcWant, seen := map[uint64]bool{}, map[uint64]bool{}
			for _, e := range gc {
				gcWant[e.Value] = true
			}
			for i := range fr.NumRoots() {
				r, err := fr.Root(i)
				require.NoError(t, err, "%s root %d", name, i)
				for _, s := range []stackwalk.Slot{r.Base, r.Derived} {
					assert.True(t, gcWant[s.Bits], "%s root %d: %#x is not one of the frame's gc values", name, i, s.Bits)
					seen[s.Bits] = true
				}
				roots++
			}
			assert.Equal(t, len(gcWant), len(seen), "%s: every gc value is a root", name)
			next++
		}
		assert.Equal(t, len(want.Frames), next, "thread %d: the walk met every recorded frame", want.TID)
	}
	assert.Equal(t, 4+2*4, frames)
	assert.Equal(t, 45+2*29, values)
	assert.Equal(t, 6+2*4, roots)
	t.Logf("%d frames, %d values and %d roots checked", frames, values, roots)
}
