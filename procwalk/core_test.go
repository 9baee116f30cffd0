package procwalk_test

import (
	"encoding/hex"
	"fmt"
	"os/exec"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/corefile"
	"github.com/stackmaps/stackmaps/internal/coretest"
	"github.com/stackmaps/stackmaps/objfile"
	"github.com/stackmaps/stackmaps/procwalk"
	"github.com/stackmaps/stackmaps/stackwalk"
)

// nativeBuilds are the x86_64 programs: both call flavours, both crashes.
var nativeBuilds = []coretest.Build{
	{Arch: "x86_64", PIE: true, Mode: "statepoint", Crash: "abort"},
	{Arch: "x86_64", PIE: false, Mode: "statepoint", Crash: "segv"},
	{Arch: "x86_64", PIE: false, Mode: "patchpoint", Crash: "abort"},
	{Arch: "x86_64", PIE: true, Mode: "patchpoint", Crash: "segv"},
}

// signalBuilds die inside their signal handler, which aborts: a core of
// a thread whose stack holds the handler, the C library's signal
// trampoline (__restore_rt, whose CIE has "S") and the interrupted frame.
var signalBuilds = []coretest.Build{
	{Arch: "x86_64", PIE: true, Mode: "statepoint", Crash: "sigsegv"},
	{Arch: "x86_64", PIE: false, Mode: "patchpoint", Crash: "sigusr1"},
	{Arch: "x86_64", PIE: true, Mode: "statepoint", Crash: "push"},
	{Arch: "x86_64", PIE: false, Mode: "statepoint", Crash: "first"},
}

func signalName(sig int) string {
	if sig == 6 {
		return "SIGABRT"
	}
	return "SIGSEGV"
}

func subtestName(b coretest.Build) string {
	pie := "nopie"
	if b.PIE {
		pie = "pie"
	}
	if b.Handler() {
		return fmt.Sprintf("%s/%s-%s/handler-%s", b.Arch, pie, b.Mode, b.Crash)
	}
	return fmt.Sprintf("%s/%s-%s/%s", b.Arch, pie, b.Mode, signalName(b.Signal()))
}

// TestCoreSignalKernel walks the kernel cores of the x86_64 programs that
// abort inside their signal handler: through the handler and the
// trampoline to the interrupted frame (at the pc the handler's ucontext
// gives, looked up as it is, not at pc-1) and on to main, every llc
// frame's values right. Before the walker knew the "S" of a CIE, the
// push build's interrupted frame had a CFA 8 bytes low and the first
// build's the row of the function before: neither walk reached walk_d.
// walkCores builds and crashes each build's program, takes its core as
// core says (the core and the sysroot its libraries come from) and
// checks the walk of it (checkCore).
func walkCores(t *testing.T, builds []coretest.Build, core func(*testing.T, coretest.Build, string) (*coretest.Core, string)) {
	t.Helper()
	if testing.Short() {
		t.Skip("builds and crashes programs")
	}
	dir := t.TempDir()
	for _, b := range builds {
		t.Run(subtestName(b), func(t *testing.T) {
			exe := coretest.Compile(t, b, dir)
			c, sysroot := core(t, b, exe)
			checkCore(t, b, c, sysroot)
		})
	}
}

func TestCoreSignalKernel(t *testing.T) {
	walkCores(t, signalBuilds, func(t *testing.T, _ coretest.Build, exe string) (*coretest.Core, string) {
		return coretest.KernelCore(t, exe), ""
	})
}

// qemuSignalBuilds die inside their signal handler under qemu-user, whose
// trampolines have no CFI: the walker recognises them by their code
// (aarch64 mov x8,#139; svc #0; ppc64 li r0,172; sc, its ucontext found by
// its regs pointer; s390x svc 173) and reads the interrupted registers
// from the signal frame: a null store, SIGUSR1 and a fault in a leaf
// without a frame (first) on every architecture; statepoint builds where
// llc-22 compiles them (its ppc64 and s390x statepoint lowering crashes
// on walk_statepoint.ll), patchpoint builds elsewhere.
var qemuSignalBuilds = []coretest.Build{
	{Arch: "aarch64", PIE: true, Mode: "statepoint", Crash: "sigsegv"},
	{Arch: "aarch64", PIE: false, Mode: "patchpoint", Crash: "sigusr1"},
	{Arch: "aarch64", PIE: true, Mode: "statepoint", Crash: "first"},
	{Arch: "ppc64le", PIE: true, Mode: "patchpoint", Crash: "sigsegv"},
	{Arch: "ppc64le", PIE: false, Mode: "patchpoint", Crash: "sigusr1"},
	{Arch: "ppc64le", PIE: true, Mode: "patchpoint", Crash: "first"},
	{Arch: "ppc64", PIE: false, Mode: "patchpoint", Crash: "sigsegv"},
	{Arch: "ppc64", PIE: false, Mode: "patchpoint", Crash: "sigusr1"},
	{Arch: "ppc64", PIE: false, Mode: "patchpoint", Crash: "first"},
	{Arch: "s390x", PIE: true, Mode: "patchpoint", Crash: "sigsegv"},
	{Arch: "s390x", PIE: false, Mode: "patchpoint", Crash: "sigusr1"},
	{Arch: "s390x", PIE: true, Mode: "patchpoint", Crash: "first"},
}

// TestCoreSignalQEMU walks qemu-user's guest cores of programs that die
// inside their signal handler, through the trampoline recognised by its
// code, to main. Before the walker knew these trampolines every walk
// ended at the trampoline (no module), after core_on_signal.
func TestCoreSignalQEMU(t *testing.T) {
	walkCores(t, qemuSignalBuilds, func(t *testing.T, b coretest.Build, exe string) (*coretest.Core, string) {
		return coretest.QEMUCore(t, b.Arch, exe), coretest.Sysroot(b.Arch)
	})
}

// TestCoreSignalGDB walks gdb's cores of the same programs, written at
// the SIGABRT inside the handler.
func TestCoreSignalGDB(t *testing.T) {
	walkCores(t, signalBuilds[:2], func(t *testing.T, _ coretest.Build, exe string) (*coretest.Core, string) {
		return coretest.GDBCore(t, exe), ""
	})
}

// TestCoreKernel walks the cores the kernel writes for the x86_64 programs.
func TestCoreKernel(t *testing.T) {
	walkCores(t, nativeBuilds, func(t *testing.T, _ coretest.Build, exe string) (*coretest.Core, string) {
		return coretest.KernelCore(t, exe), ""
	})
}

// TestCoreGDB walks the cores gdb's generate-core-file writes at the signal.
func TestCoreGDB(t *testing.T) {
	walkCores(t, nativeBuilds, func(t *testing.T, _ coretest.Build, exe string) (*coretest.Core, string) {
		return coretest.GDBCore(t, exe), ""
	})
}

// qemuBuilds are the foreign programs whose guest cores qemu-user writes
// (it writes none for riscv64).
var qemuBuilds = []coretest.Build{
	{Arch: "aarch64", PIE: true, Mode: "statepoint", Crash: "abort"},
	{Arch: "aarch64", PIE: false, Mode: "patchpoint", Crash: "segv"},
	{Arch: "ppc64le", PIE: true, Mode: "patchpoint", Crash: "abort"},
	{Arch: "ppc64le", PIE: false, Mode: "patchpoint", Crash: "segv"},
	{Arch: "ppc64", PIE: false, Mode: "patchpoint", Crash: "abort"},
	{Arch: "ppc64", PIE: true, Mode: "patchpoint", Crash: "segv"},
	{Arch: "s390x", PIE: true, Mode: "patchpoint", Crash: "abort"},
	{Arch: "s390x", PIE: false, Mode: "patchpoint", Crash: "segv"},
}

// TestCoreQEMU walks the guest cores qemu-user writes: no NT_FILE (the
// libraries come from the auxiliary vector and the dynamic linker's list
// in the core's memory, read under the cross sysroot) and no
// floating-point registers.
func TestCoreQEMU(t *testing.T) {
	walkCores(t, qemuBuilds, func(t *testing.T, b coretest.Build, exe string) (*coretest.Core, string) {
		return coretest.QEMUCore(t, b.Arch, exe), coretest.Sysroot(b.Arch)
	})
}

// checkCore opens a core, walks its crashed thread through the library and
// compares every frame with the program's record.
func checkCore(t *testing.T, b coretest.Build, c *coretest.Core, sysroot string) {
	f, err := corefile.Open(c.Path)
	require.NoError(t, err)
	defer f.Close()
	require.NotEmpty(t, f.Threads)
	crashed := f.Crashed()
	require.GreaterOrEqual(t, crashed, 0, "a thread with a signal")
	assert.Equal(t, b.Signal(), f.Threads[crashed].Signal, "pr_cursig")
	if f.HasSigInfo {
		assert.Equal(t, b.Signal(), f.SigInfo.Signo, "NT_SIGINFO")
		if b.Crash == "segv" {
			assert.Equal(t, uint64(0), f.SigInfo.Addr, "faulting address: null")
		}
	}
	p := procwalk.FromCore(f)
	w, err := procwalk.Open(p, objfile.ProcessFiles{}, procwalk.Options{Exe: c.Exe, Sysroot: sysroot})
	require.NoError(t, err)
	defer w.Close()
	var frames []coretest.Frame
	for fr, err := range w.Frames(&p.Threads[crashed]) {
		require.NoError(t, err)
		frames = append(frames, libraryFrame(w, fr))
	}
	for _, m := range w.Modules() {
		t.Logf("module %s bias %#x stack maps %v err %v", m.Path, m.Bias, m.Stackmaps, m.Err)
	}
	if len(p.Mappings) > 0 {
		checkImageID(t, p, c.Exe, sysroot)
	}
	st := coretest.Check(t, b, c.Record, frames, f, f.Threads[crashed].Regs.HasFP)
	if b.Handler() {
		coretest.CheckSignal(t, b, c, frames)
	}

	// The other thread waits in pause(), called by core_idle.
	require.Len(t, p.Threads, 2, "threads")
	for i := range p.Threads {
		if i == crashed {
			continue
		}
		var funcs []string
		for fr, err := range w.Frames(&p.Threads[i]) {
			require.NoError(t, err, "thread %d", p.Threads[i].TID)
			name, _, _ := w.FrameSymbol(fr)
			funcs = append(funcs, name)
		}
		assert.Contains(t, funcs, "core_idle", "thread %d: %v", p.Threads[i].TID, funcs)
		// It ends in the C library's thread start (clone marks its return
		// address undefined; PowerPC's has no CFI there).
		assert.Contains(t, []stackwalk.End{stackwalk.EndReturnAddress, stackwalk.EndNoCFI}, w.End(), "thread %d", p.Threads[i].TID)
	}
	t.Logf("%s core: %d frames walked, %d llc frames and main checked: %d values, %d roots, %d caller-saved values unknown, %d lost with the FP registers (end: %v)",
		c.By, len(frames), st.Frames, st.Values, st.Roots, st.Skipped, st.LostFP, w.End())
	assert.Equal(t, 5, st.Frames)
	assert.NotZero(t, st.Values)
}

// libraryFrame turns a frame of the walk into what coretest compares.
func libraryFrame(w *procwalk.Walk, fr *stackwalk.Frame) coretest.Frame {
	name, _, _ := w.FrameSymbol(fr)
	return coretest.FrameOf(fr, name)
}

// TestCoreWalkAllocatesNothing walks a kernel core's crashed thread again
// and again: after Open, a walk allocates nothing.
func TestCoreWalkAllocatesNothing(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and crashes a program")
	}
	w, th := openNativeCore(t)
	n := 0
	allocs := testing.AllocsPerRun(20, func() {
		n = 0
		for w.Start(th); w.Next(); {
			fr := w.Frame()
			if fr.HasRecord() {
				for i := range fr.NumDeopt() {
					_, _ = fr.Deopt(i)
				}
			}
			_, _, _ = w.FrameSymbol(fr)
			n++
		}
	})
	assert.Equal(t, 12, n, "frames")
	assert.Zero(t, allocs, "allocations per walk")
}

// BenchmarkCoreWalk walks the crashed thread of a kernel core, every deopt
// value and root evaluated and every frame named: the cost per walk once
// the process is open (perf/corewalk compares the whole command with gdb).
func BenchmarkCoreWalk(b *testing.B) {
	w, th := openNativeCore(b)
	b.ReportAllocs()
	for b.Loop() {
		for w.Start(th); w.Next(); {
			fr := w.Frame()
			_, _, _ = w.FrameSymbol(fr)
			for i := range fr.NumDeopt() {
				_, _ = fr.Deopt(i)
			}
			for i := range fr.NumRoots() {
				_, _ = fr.Root(i)
			}
		}
	}
}

// openNativeCore builds the first native program, crashes it into a
// kernel core and opens the core for walking (closed at the end of tb);
// it returns the walk and the crashed thread.
func openNativeCore(tb testing.TB) (*procwalk.Walk, *procwalk.Thread) {
	c := coretest.KernelCore(tb, coretest.Compile(tb, nativeBuilds[0], tb.TempDir()))
	f, err := corefile.Open(c.Path)
	require.NoError(tb, err)
	tb.Cleanup(func() { f.Close() })
	p := procwalk.FromCore(f)
	w, err := procwalk.Open(p, objfile.ProcessFiles{}, procwalk.Options{Exe: c.Exe})
	require.NoError(tb, err)
	tb.Cleanup(func() { w.Close() })
	return w, &p.Threads[f.Crashed()]
}

// checkImageID checks that the core says which executable the process ran
// (the build ID in its copy of the executable's first page, the one in
// the file) and that another executable given for it is refused
// (procwalk.ErrWrongImage), not walked through.
func checkImageID(t *testing.T, p *procwalk.Process, exe, sysroot string) {
	t.Helper()
	ef, err := objfile.Open(exe)
	require.NoError(t, err)
	want := hex.EncodeToString(ef.ELF().BuildID())
	ef.Close()
	require.NotEmpty(t, want, "%s has a build ID (gcc links with --build-id)", exe)
	id := ""
	for _, m := range p.Mappings {
		if m.Path == p.Exe && m.Offset == 0 {
			id = m.ID
		}
	}
	assert.Equal(t, want, id, "the core's copy of %s's first page holds its build ID", p.Exe)

	other, err := exec.LookPath("true")
	require.NoError(t, err)
	w, err := procwalk.Open(p, objfile.ProcessFiles{}, procwalk.Options{Exe: other, Sysroot: sysroot})
	require.NoError(t, err, "the libraries are still the process's")
	defer w.Close()
	refused := false
	for _, mi := range w.Modules() {
		if mi.Path == p.Exe {
			require.ErrorIs(t, mi.Err, procwalk.ErrWrongImage)
			assert.Contains(t, mi.Err.Error(), ", "+want+" in the process's image")
			refused = true
		}
	}
	assert.True(t, refused, "%s is in the modules", p.Exe)
}
