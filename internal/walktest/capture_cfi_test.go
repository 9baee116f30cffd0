package walktest_test

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/corefile"
	"github.com/stackmaps/stackmaps/internal/coretest"
	"github.com/stackmaps/stackmaps/internal/testenv"
	"github.com/stackmaps/stackmaps/internal/walktest"
	"github.com/stackmaps/stackmaps/objfile"
	"github.com/stackmaps/stackmaps/procwalk"
	"github.com/stackmaps/stackmaps/stackmap"
)

// wrapC makes stackmaps_capture_dump abort once it has written the
// capture (linked with -Wl,--wrap=stackmaps_capture_dump), so that the
// program dies with the capture routine's frame on its stack.
const wrapC = `#include <stdint.h>
#include <stdlib.h>
void __real_stackmaps_capture_dump(const uint64_t *save);
void __wrap_stackmaps_capture_dump(const uint64_t *save) {
	__real_stackmaps_capture_dump(save);
	abort();
}
`

// TestCaptureCFICore proves the CFI of testdata/capture's routines by
// execution on every architecture that has cores: testdata/walk's program,
// made to abort inside stackmaps_capture_dump, crashes (natively on x86_64,
// under qemu-user elsewhere); the walk of its core starts in libc's abort,
// goes up through the C dump routine, the assembly capture routine (only
// its .cfi_* directives say where its caller's frame is) and must then reach
// walk_d, walk_c, walk_b, walk_a and main with every frame's CFA, stack
// pointer and record equal to what the program recorded, and every value
// the frame can know equal to the recorded one. riscv64 is left out: QEMU
// 7.2 writes no riscv64 guest core.
func TestCaptureCFICore(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and crashes programs")
	}
	for _, c := range []struct{ arch, mode, cc string }{
		{"x86_64", "statepoint", "gcc"},
		{"aarch64", "statepoint", "aarch64-linux-gnu-gcc"},
		{"ppc64le", "patchpoint", "powerpc64le-linux-gnu-gcc"},
		{"ppc64", "patchpoint", "powerpc64-linux-gnu-gcc"},
		{"s390x", "patchpoint", "s390x-linux-gnu-gcc"},
	} {
		t.Run(c.arch+"/SIGABRT", func(t *testing.T) {
			testenv.Need(t, "bash", "llc-22", c.cc)
			dir := t.TempDir()
			wrapSrc := filepath.Join(dir, "wrap.c")
			require.NoError(t, os.WriteFile(wrapSrc, []byte(wrapC), 0o644))
			wrapObj := filepath.Join(dir, "wrap.o")
			msg, err := exec.Command(c.cc, "-O1", "-fPIE", "-fasynchronous-unwind-tables", "-c", wrapSrc, "-o", wrapObj).CombinedOutput()
			require.NoError(t, err, "%s", msg)
			build := exec.Command(filepath.Join(walktest.Dir(), "build.sh"), c.arch, "pie", c.mode, dir)
			build.Env = append(os.Environ(), "WALK_LDFLAGS=-Wl,--wrap=stackmaps_capture_dump "+wrapObj)
			msg, err = build.CombinedOutput()
			require.NoError(t, err, "build.sh: %s", msg)
			exe := filepath.Join(dir, "core-prog")
			require.NoError(t, os.Rename(filepath.Join(dir, "walk"), exe))
			var core *coretest.Core
			if c.arch == "x86_64" {
				core = coretest.KernelCore(t, exe)
			} else {
				core = coretest.QEMUCore(t, c.arch, exe)
			}
			checkCaptureCore(t, core, c.arch)
		})
	}
}

func checkCaptureCore(t *testing.T, core *coretest.Core, arch string) {
	t.Helper()
	rec := core.Record
	cf, err := corefile.Open(core.Path)
	require.NoError(t, err)
	defer cf.Close()
	p := procwalk.FromCore(cf)
	w, err := procwalk.Open(p, objfile.ProcessFiles{}, procwalk.Options{Exe: core.Exe, Sysroot: coretest.Sysroot(arch)})
	require.NoError(t, err)
	defer w.Close()
	var th *procwalk.Thread
	for i := range p.Threads {
		if p.Threads[i].Crashed {
			th = &p.Threads[i]
		}
	}
	require.NotNil(t, th, "no crashed thread")
	hasFP := th.Regs.HasFP
	var names []string
	llc, skipped, values := 0, 0, 0
	for fr, err := range w.Frames(th) {
		require.NoError(t, err, "frame %d (%v)", len(names), names)
		name, _, _ := w.FrameSymbol(fr)
		names = append(names, name)
		if llc >= len(rec.Frames) || name != rec.Frames[llc].Func {
			continue
		}
		want := &rec.Frames[llc]
		cfa, _ := rec.ExpectedCFA(llc)
		assert.Equal(t, cfa, fr.CFA, "%s CFA", want.Func)
		assert.Equal(t, want.CallSP, fr.SP, "%s SP", want.Func)
		llc++
		if !want.IsLLC() {
			continue
		}
		r, ok := fr.Record()
		require.True(t, ok, "%s: no record", want.Func)
		assert.Equal(t, want.ID, r.ID(), "%s record", want.Func)
		for _, e := range want.Expect {
			if e.Kind == "gc" {
				continue
			}
			v, err := fr.Deopt(e.Index)
			if err != nil {
				loc, _ := r.Location(e.Index)
				fp := loc.Reg >= 16 // every FP/vector register number on these targets
				if errors.Is(err, stackmap.ErrNoRegister) && loc.Kind == stackmap.Register &&
					(!walktest.CalleeSaved(arch, loc.Reg) || !hasFP && fp) {
					skipped++
					continue
				}
				t.Errorf("%s %s %d: %v", want.Func, e.Kind, e.Index, err)
				continue
			}
			values++
			assert.True(t, e.Matches(v.Bits), "%s %s %d: %#x, want %#x", want.Func, e.Kind, e.Index, v.Bits, e.Value)
		}
	}
	t.Logf("%s: %s; %d values checked, %d unknown (caller-saved, or FP without FP registers in the core)", arch, strings.Join(names, " <- "), values, skipped)
	require.Equal(t, len(rec.Frames), llc, "frames matched: %v", names)
	i := indexOf(names, "walk_d")
	require.GreaterOrEqual(t, i, 2, "%v", names)
	assert.Equal(t, "stackmaps_capture", names[i-1], "the capture routine's frame, walked through its CFI")
	assert.Equal(t, "__wrap_stackmaps_capture_dump", names[i-2])
	assert.Positive(t, values)
}

func indexOf(s []string, x string) int {
	for i, v := range s {
		if v == x {
			return i
		}
	}
	return -1
}
