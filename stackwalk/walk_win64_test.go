package stackwalk_test

import (
	"bytes"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/internal/testenv"
	"github.com/stackmaps/stackmaps/internal/walktest"
	"github.com/stackmaps/stackmaps/objfile"
	"github.com/stackmaps/stackmaps/pesection"
)

const windowsCapture = "../testdata/windows/capture/"

// peBias returns a Windows capture's load bias: walk_a's runtime address
// less its COFF symbol's.
func peBias(t *testing.T, exe string, f *walktest.File) uint64 {
	t.Helper()
	pf, err := pesection.Open(exe)
	require.NoError(t, err)
	defer pf.Close()
	for _, s := range pf.Symbols() {
		if s.Name == "walk_a" {
			return f.Code["walk_a"] - s.Value
		}
	}
	t.Fatalf("%s: no symbol walk_a", exe)
	return 0
}

// homeArea corrects walk_a's published stack pointer at its call. The
// program publishes llvm.stacksave, taken before the call sequence; on
// Windows a function with a dynamic alloca (walk_a) allocates the 32-byte
// home area its callee may use at each call (sub rsp, 0x20; mov rcx, rbx;
// call walk_b) instead of in its prolog, so the stack pointer at the call
// is 32 below. The code is checked to hold that sequence.
func homeArea(t *testing.T, exe string, f *walktest.File) {
	t.Helper()
	of, err := objfile.Open(exe)
	require.NoError(t, err)
	defer of.Close()
	code, err := of.Code(f.Code["walk_a"]-peBias(t, exe, f), 0x140)
	require.NoError(t, err)
	require.True(t, bytes.Contains(code, []byte{0x48, 0x83, 0xec, 0x20, 0x48, 0x89, 0xd9, 0xe8}),
		"walk_a allocates the home area at its call to walk_b")
	require.Equal(t, "walk_a", f.Frames[3].Func)
	f.Frames[3].CallSP -= 32
}

// TestWalkWindows walks the capture of testdata/windows/capture: the four
// llc frames of walk_statepoint.ll compiled for x86_64-pc-windows-msvc
// and run under wine, unwound through .pdata from walk_d out to the
// entry point, every frame's CFA, stack pointer, record, deopt values
// and GC roots compared with what the program recorded.
func TestWalkWindows(t *testing.T) {
	f, err := walktest.ParseFile(windowsCapture + "capture.txt")
	require.NoError(t, err)
	require.True(t, f.Done)
	homeArea(t, windowsCapture+"walk.exe", f)
	got := walkCapture(t, windowsCapture+"walk.exe", f)
	assert.Equal(t, 5, got.frames)
	assert.Equal(t, 0, got.skipped)
	assert.Equal(t, 45, got.values)
	assert.Equal(t, 6, got.roots)
	t.Logf("%d frames, %d values and %d roots checked, homes %v", got.frames, got.values, got.roots, got.homes)
}

// TestWalkWindowsXMM walks the capture of testdata/windows/capture/xmm:
// version 2 unwind records, walk_b's ten deopt doubles in xmm6-xmm15
// (saved by SAVE_XMM128 in walk_b's prolog, four of them saved again by
// walk_c's), walk_a's 8 KiB frame (__chkstk, ALLOC_LARGE): every frame's
// CFA, SP, deopt values and roots as the program recorded them.
func TestWalkWindowsXMM(t *testing.T) {
	f, err := walktest.ParseFile(windowsCapture + "xmm/capture.txt")
	require.NoError(t, err)
	require.True(t, f.Done)
	got := walkCapture(t, windowsCapture+"xmm/walk.exe", f)
	assert.Equal(t, 5, got.frames)
	assert.Equal(t, 0, got.skipped)
	assert.Equal(t, 6+12+7+4, got.values)
	assert.Equal(t, 4, got.roots)
	t.Logf("%d frames, %d values and %d roots checked, homes %v", got.frames, got.values, got.roots, got.homes)
}

// TestWalkWindowsRebuild rebuilds both programs, runs them under wine and
// walks the new captures (skipped without the tools, which
// STACKMAPS_REQUIRE_TOOLS=1 requires).
func TestWalkWindowsRebuild(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs programs under wine")
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
	for _, prog := range []string{"walk", "xmm"} {
		dir := t.TempDir()
		out, err := exec.Command(windowsCapture+"build.sh", prog, dir).CombinedOutput()
		require.NoError(t, err, "%s", out)
		f, err := walktest.ParseFile(filepath.Join(dir, "capture.txt"))
		require.NoError(t, err)
		if prog == "walk" {
			homeArea(t, filepath.Join(dir, "walk.exe"), f)
		}
		got := walkCapture(t, filepath.Join(dir, "walk.exe"), f)
		assert.Equal(t, 5, got.frames, prog)
	}
}

const windowsARM64Capture = "../testdata/windows/capture-arm64/"

// packedStart checks that the ARM64 image's start (the capture's main
// frame, which the walk unwinds through) has a packed .pdata entry.
func packedStart(t *testing.T, exe string, f *walktest.File) {
	t.Helper()
	of, err := objfile.Open(exe)
	require.NoError(t, err)
	defer of.Close()
	recs, _, err := of.ARM64PDataRecords()
	require.NoError(t, err)
	start := f.Code["main"] - peBias(t, exe, f)
	found := false
	for _, r := range recs {
		if uint64(r.Function.Target) == start {
			found = true
			assert.True(t, r.Entry.Packed(), "start's .pdata entry is packed")
		}
	}
	assert.True(t, found, "no .pdata entry for start at %#x", start)
}

// TestWalkWindowsARM64 walks the capture of testdata/windows/capture-arm64:
// the four llc frames of walk_statepoint.ll compiled for
// aarch64-pc-windows-msvc, in a CRT-free, import-free PE image that a
// static Linux loader ran under qemu-aarch64, unwound through .pdata and
// .xdata from walk_d out through start's packed entry to the loader, every
// frame's CFA, stack pointer, record, deopt values and GC roots compared
// with what the program recorded.
func TestWalkWindowsARM64(t *testing.T) {
	f, err := walktest.ParseFile(windowsARM64Capture + "capture.txt")
	require.NoError(t, err)
	require.True(t, f.Done)
	require.Equal(t, "aarch64", f.Arch)
	packedStart(t, windowsARM64Capture+"walk.exe", f)
	got := walkCapture(t, windowsARM64Capture+"walk.exe", f)
	assert.Equal(t, 5, got.frames)
	assert.Equal(t, 0, got.skipped)
	assert.Equal(t, 45, got.values)
	assert.Equal(t, 6, got.roots)
	t.Logf("%d frames, %d values and %d roots checked, homes %v", got.frames, got.values, got.roots, got.homes)
}

// TestWalkWindowsARM64Rebuild rebuilds the ARM64 program, runs it through
// the loader under qemu-aarch64-static and walks the new capture (skipped
// without the tools, which STACKMAPS_REQUIRE_TOOLS=1 requires).
func TestWalkWindowsARM64Rebuild(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs a program under qemu")
	}
	if testenv.Need(t, "llc-22", "clang-22", "lld-link-22", "aarch64-linux-gnu-gcc", "qemu-aarch64-static") == nil {
		return
	}
	dir := t.TempDir()
	out, err := exec.Command(windowsARM64Capture+"build.sh", dir).CombinedOutput()
	require.NoError(t, err, "%s", out)
	f, err := walktest.ParseFile(filepath.Join(dir, "capture.txt"))
	require.NoError(t, err)
	packedStart(t, filepath.Join(dir, "walk.exe"), f)
	got := walkCapture(t, filepath.Join(dir, "walk.exe"), f)
	assert.Equal(t, 5, got.frames)
	assert.Equal(t, 45, got.values)
	assert.Equal(t, 6, got.roots)
}
