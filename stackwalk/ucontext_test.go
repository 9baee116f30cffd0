package stackwalk_test

import (
	"bufio"
	"encoding/hex"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/internal/coretest"
	"github.com/stackmaps/stackmaps/internal/testenv"
	"github.com/stackmaps/stackmaps/internal/walktest"
	"github.com/stackmaps/stackmaps/linuxregs"
	"github.com/stackmaps/stackmaps/objfile"
	"github.com/stackmaps/stackmaps/regs"
	"github.com/stackmaps/stackmaps/stackmap"
	"github.com/stackmaps/stackmaps/stackwalk"
	"github.com/stackmaps/stackmaps/unwind"
)

// TestWalkFromUcontext walks, on each of the six architectures, from the
// ucontext a SIGSEGV handler received (testdata/core/ucontext, made by
// ucontext.sh: core.c's null store in core_crash, run natively or under
// qemu-user): linuxregs.DecodeUcontext gives the interrupted registers,
// StartAsync walks from them over the stack the handler saved, through
// core_crash (at the faulting store, every register known) and the llc
// frames to main, each frame's CFA, record, deopt values and GC roots
// what the program recorded (coretest.Check). Then the same stack is
// walked from the trampoline the handler returns to, recognised by its
// code, through the signal frame: the same frames and values.
func TestWalkFromUcontext(t *testing.T) {
	dirs, err := filepath.Glob(filepath.Join(coretest.Dir(), "ucontext", "*"))
	require.NoError(t, err)
	require.Len(t, dirs, 6)
	for _, d := range dirs {
		arch := filepath.Base(d)
		t.Run(arch, func(t *testing.T) { walkUcontext(t, arch, d) })
	}
}

// TestWalkFromUcontextLive rebuilds and reruns testdata/core's ucontext
// programs (ucontext.sh's steps, into a temporary directory) and walks
// what they record now, as TestWalkFromUcontext walks the checked-in
// records.
func TestWalkFromUcontextLive(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs programs")
	}
	for _, arch := range []string{"x86_64", "aarch64", "ppc64le", "ppc64", "s390x", "riscv64"} {
		t.Run(arch, func(t *testing.T) {
			if arch != "x86_64" {
				testenv.Need(t, "qemu-"+arch+"-static")
			}
			mode := map[string]string{"x86_64": "statepoint", "aarch64": "statepoint", "riscv64": "statepoint"}[arch]
			if mode == "" {
				mode = "patchpoint"
			}
			exe := coretest.Compile(t, coretest.Build{Arch: arch, PIE: true, Mode: mode, Crash: "ucontext"}, t.TempDir())
			d := filepath.Dir(exe)
			out, err := exec.Command("bash", filepath.Join(walktest.Dir(), "run.sh"), arch, exe, filepath.Join(d, "rec.txt")).CombinedOutput()
			require.NoError(t, err, "run.sh: %s", out)
			walkUcontext(t, arch, d)
		})
	}
}

// walkUcontext walks from the ucontext the program in dir recorded
// (dir/core-prog, dir/rec.txt) and checks every frame.
func walkUcontext(t *testing.T, arch, d string) {
	exe, recPath := filepath.Join(d, "core-prog"), filepath.Join(d, "rec.txt")
	f, err := walktest.ParseFile(recPath)
	require.NoError(t, err)
	u := ucontextLines(t, recPath)
	stack := u.stack
	a, err := regs.ParseArch(arch)
	require.NoError(t, err)

	var s linuxregs.Set
	require.NoError(t, linuxregs.DecodeUcontext(a, u.uc, &s))
	if _, ok := linuxregs.UcontextFPAddr(a, u.uc); ok {
		// x86_64: the FXSAVE area the context points to.
		require.NotEmpty(t, u.fpstate, "no ufpstate line")
		require.NoError(t, linuxregs.DecodeFP(a, u.fpstate, &s))
	}
	require.True(t, s.HasFP, "floating-point registers")
	got, ok := s.Register(u.fpReg)
	require.True(t, ok, "FP register %d", u.fpReg)
	assert.Equal(t, u.fpVal, got, "FP register %d at the fault", u.fpReg)
	var rs stackwalk.RegisterSet
	s.Each(func(r uint16, v uint64) { rs.Set(r, v) })

	m, err := objfile.OpenModule(exe, bias(t, exe, f))
	require.NoError(t, err)
	defer m.Close()
	w, err := stackwalk.NewWalker(stackwalk.Config{Modules: []*stackwalk.Module{m}, Memory: &stack})
	require.NoError(t, err)
	var frames []coretest.Frame
	w.StartAsync(s.PC, &rs)
	for fr, err := range w.Frames() {
		require.NoError(t, err)
		frames = append(frames, coretest.FrameOf(fr, funcAt(f, unwind.LookupPC(fr.PC, fr.PCIsReturnAddress()))))
	}
	require.NotEmpty(t, frames)
	assert.Equal(t, "core_fp_mark", frames[0].Func, "the interrupted frame")
	assert.True(t, frames[0].Interrupted)
	b := coretest.Build{Arch: arch, Mode: f.Mode, Crash: "ucontext"}
	st := coretest.Check(t, b, f, frames, &stack, s.HasFP)
	assert.Equal(t, 5, st.Frames)
	assert.NotZero(t, st.Values)
	t.Logf("%d frames, FP registers %v: %d values, %d roots, %d caller-saved unknown, %d lost with FP (end %v)",
		len(frames), s.HasFP, st.Values, st.Roots, st.Skipped, st.LostFP, w.End())

	// The same stack walked through the signal frame instead: from the
	// trampoline the handler returns to, its code recognised (glibc's
	// __restore_rt on x86_64, qemu-user's page elsewhere, outside every
	// module here) and the interrupted registers read from the kernel's
	// (qemu's) signal frame, knowing only the stack pointer.
	mem, err := stackmap.NewMemoryRegions(stackmap.Memory{Addr: u.trampPC, Data: u.trampCode}, stack)
	require.NoError(t, err)
	w, err = stackwalk.NewWalker(stackwalk.Config{Modules: []*stackwalk.Module{m}, Memory: mem, SignalTrampolines: true})
	require.NoError(t, err)
	rs.Clear()
	rs.Set(regs.RolesOf(a).StackPointer, u.trampSP)
	frames = frames[:0]
	w.Start(u.trampPC, &rs)
	for fr, err := range w.Frames() {
		require.NoError(t, err)
		name := "" // the trampoline: in no module
		if fr.Module != nil {
			name = funcAt(f, unwind.LookupPC(fr.PC, fr.PCIsReturnAddress()))
		}
		frames = append(frames, coretest.FrameOf(fr, name))
	}
	require.Greater(t, len(frames), 2)
	assert.True(t, frames[0].Signal, "the trampoline")
	assert.Equal(t, s.PC, frames[1].PC, "the interrupted pc, from the signal frame")
	assert.Equal(t, s.SP, frames[1].SP)
	assert.True(t, frames[1].Interrupted)
	assert.Equal(t, "core_fp_mark", frames[1].Func)
	st2 := coretest.Check(t, b, f, frames, mem, true)
	assert.Equal(t, st, st2, "the walk through the trampoline finds what the walk from the ucontext does")
}

// ucontextRecord is what the handler and core_crash appended to the
// record for a walk from the context.
type ucontextRecord struct {
	uc, fpstate []byte // "ucontext HEX", x86_64 "ufpstate HEX"
	stack       stackmap.Memory
	fpReg       uint16 // "fpmark REG VALUE": a floating-point register at the fault
	fpVal       uint64
	// "sigtramp PC SP CODE": the trampoline the handler returns to, the
	// stack pointer there and its code.
	trampPC, trampSP uint64
	trampCode        []byte
}

// ucontextLines reads the "ucontext", "ufpstate", "ustack" and "fpmark"
// lines of a record.
func ucontextLines(t *testing.T, path string) ucontextRecord {
	t.Helper()
	fh, err := os.Open(path)
	require.NoError(t, err)
	defer fh.Close()
	var u ucontextRecord
	sc := bufio.NewScanner(fh)
	sc.Buffer(nil, 1<<22)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		switch {
		case len(f) == 2 && f[0] == "ucontext":
			u.uc, err = hex.DecodeString(f[1])
		case len(f) == 2 && f[0] == "ufpstate":
			u.fpstate, err = hex.DecodeString(f[1])
		case len(f) == 3 && f[0] == "ustack":
			if u.stack.Addr, err = strconv.ParseUint(f[1], 0, 64); err == nil {
				u.stack.Data, err = hex.DecodeString(f[2])
			}
		case len(f) == 4 && f[0] == "sigtramp":
			if u.trampPC, err = strconv.ParseUint(f[1], 0, 64); err == nil {
				if u.trampSP, err = strconv.ParseUint(f[2], 0, 64); err == nil {
					u.trampCode, err = hex.DecodeString(f[3])
				}
			}
		case len(f) == 3 && f[0] == "fpmark":
			var r uint64
			if r, err = strconv.ParseUint(f[1], 10, 16); err == nil {
				u.fpReg = uint16(r)
				u.fpVal, err = strconv.ParseUint(f[2], 0, 64)
			}
		}
		require.NoError(t, err, "%s: %.60s", path, sc.Text())
	}
	require.NoError(t, sc.Err())
	require.NotEmpty(t, u.uc, "no ucontext line")
	require.NotEmpty(t, u.stack.Data, "no ustack line")
	require.NotZero(t, u.fpVal, "no fpmark line")
	require.NotEmpty(t, u.trampCode, "no sigtramp line")
	return u
}
