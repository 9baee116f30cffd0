package procwalk_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
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
	checkDump(t, dumpDir+"crash.dmp", dumpDir+"dump.exe", dumpDir+"values.txt", "")
}

// wineDLLs is where Debian's wine keeps the x64 DLLs a wine process loads
// (ntdll.dll, kernel32.dll), the images a minidump written under wine
// lists beside the program's.
const wineDLLs = "/usr/lib/x86_64-linux-gnu/wine/x86_64-windows"

// TestMinidumpWrongImage gives, for the dump's dump.exe, another x64 PE
// image of the same name: its TimeDateStamp and SizeOfImage are not the
// ones the dump's module list recorded, so it is refused
// (procwalk.ErrWrongImage), where placing it at the module's base would
// have walked the crashed thread through another program's unwind
// tables and stack maps.
func TestMinidumpWrongImage(t *testing.T) {
	md, err := minidump.Open(dumpDir + "crash.dmp")
	require.NoError(t, err)
	defer md.Close()
	wrong := filepath.Join(t.TempDir(), "DUMP.EXE") // matched case-insensitively
	data, err := os.ReadFile("../testdata/windows/win.exe")
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(wrong, data, 0o644))
	_, err = procwalk.Open(procwalk.FromMinidump(md), objfile.ProcessFiles{}, procwalk.Options{Images: []string{wrong}})
	require.ErrorIs(t, err, procwalk.ErrWrongImage)
	assert.Contains(t, err.Error(), "DUMP.EXE: not the image the process loaded: TimeDateStamp and SizeOfImage C4BFEBA27000 in the file, 084F651018000 in the process's image")

	// The right file has the identity the dump recorded.
	f, err := objfile.Open(dumpDir + "dump.exe")
	require.NoError(t, err)
	defer f.Close()
	assert.Equal(t, md.Modules[0].ImageID(), f.PE().ImageID())
	assert.Equal(t, "084F651018000", md.Modules[0].ImageID())
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
	// The dump was written by this machine's wine: with its DLLs as the
	// sysroot, each thread's walk goes on through kernel32 and ntdll to
	// the thread's first frame.
	checkDump(t, filepath.Join(dir, "crash.dmp"), filepath.Join(dir, "dump.exe"), filepath.Join(dir, "values.txt"), wineDLLs)
}

// checkDump walks every thread of the dump and compares each llc frame
// with what the program recorded (values.txt).
//
// With sysroot (the directory of the wine DLLs the process ran) each
// walk must go on past the program's frames to the thread's outermost
// frame, ntdll's RtlUserThreadStart, and end there.
func checkDump(t *testing.T, dump, exe, valuesFile, sysroot string) {
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
	w, err := procwalk.Open(p, objfile.ProcessFiles{}, procwalk.Options{Images: []string{exe}, Sysroot: sysroot})
	require.NoError(t, err)
	defer w.Close()
	withMaps := 0
	for _, mi := range w.Modules() {
		name := strings.ToLower(mi.Path)
		if strings.HasSuffix(name, `\dump.exe`) {
			require.NotNil(t, mi.Module, "%v", mi.Err)
			assert.True(t, mi.Stackmaps)
		}
		if sysroot != "" && strings.HasSuffix(name, `\ntdll.dll`) {
			require.NoError(t, mi.Err, "wine's ntdll.dll is the one the dump lists")
		}
		if mi.Stackmaps {
			withMaps++
		}
	}
	assert.Equal(t, 1, withMaps, "only dump.exe has stack maps")
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
		last := ""
		for fr, err := range w.Frames(th) {
			require.NoError(t, err)
			name, _, _ := w.FrameSymbol(fr)
			last = name
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
		if sysroot != "" {
			assert.Equal(t, "RtlUserThreadStart", last, "thread %d: the outermost frame", want.TID)
			assert.Equal(t, stackwalk.EndReturnAddress, w.End(), "thread %d", want.TID)
		}
	}
	assert.Equal(t, 4+2*4, frames)
	assert.Equal(t, 45+2*29, values)
	assert.Equal(t, 6+2*4, roots)
	t.Logf("%d frames, %d values and %d roots checked", frames, values, roots)
}
