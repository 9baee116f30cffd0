package stackwalk_test

import (
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/internal/testenv"
	"github.com/stackmaps/stackmaps/internal/walktest"
	"github.com/stackmaps/stackmaps/objfile"
	"github.com/stackmaps/stackmaps/stackwalk"
)

// linuxPACMask clears the pointer authentication code from a return
// address of an AArch64 Linux process: user addresses have 48 bits (as
// under qemu-aarch64).
const linuxPACMask = 0xffff_0000_0000_0000

// pacCapture is testdata/walk's aarch64 PIE statepoint program built with
// WALK_PAC=1: every function, llc's and gcc's, signs its return address
// (paciasp) before saving x30, so the return addresses on the stack carry
// a pointer authentication code (qemu-aarch64 implements it).
func pacCapture(t *testing.T) (exe string, f *walktest.File) {
	t.Helper()
	dir := filepath.Join(walktest.Dir(), "captures-pac", "aarch64-pie-statepoint")
	f, err := walktest.ParseFile(filepath.Join(dir, "capture.txt"))
	require.NoError(t, err)
	return filepath.Join(dir, "walk"), f
}

// TestWalkPAC: with Config.PACMask the walk strips the code from each
// return address the CFI says is signed and walks every frame to main,
// checking CFAs, records, deopt values and GC roots as TestWalk does.
func TestWalkPAC(t *testing.T) {
	exe, f := pacCapture(t)
	st := walkCapture(t, exe, f, linuxPACMask)
	assert.Equal(t, 5, st.frames)
	assert.Positive(t, st.values)
	assert.Positive(t, st.roots)
}

// TestWalkPACSigned: the capture's return addresses really are signed:
// without PACMask the second frame's pc is the signed value, in no module,
// and the walk ends after one frame.
func TestWalkPACSigned(t *testing.T) {
	exe, f := pacCapture(t)
	m, err := objfile.OpenModule(exe, bias(t, exe, f))
	require.NoError(t, err)
	defer m.Close()
	w, err := stackwalk.NewWalker(stackwalk.Config{Modules: []*stackwalk.Module{m}, Memory: f.Stack})
	require.NoError(t, err)
	var rs stackwalk.RegisterSet
	rs.SetAll(f.Regs)
	w.Start(f.RetAddr, &rs)
	n := 0
	for _, err := range w.Frames() {
		require.NoError(t, err)
		n++
	}
	assert.Equal(t, 1, n)
	assert.Equal(t, stackwalk.EndNoModule, w.End())
	pc, _ := w.Stopped()
	assert.NotZero(t, pc&linuxPACMask, "walk_c's return address %#x carries no code", pc)
	assert.True(t, m.Contains(pc&^linuxPACMask), "stripped, %#x is in the program", pc&^linuxPACMask)
}

// TestWalkPACLive rebuilds the PAC program (WALK_PAC=1 build.sh), runs it
// under qemu-aarch64 and walks the fresh capture.
func TestWalkPACLive(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs a program under qemu")
	}
	testenv.Need(t, "bash", "python3", "llc-22", "aarch64-linux-gnu-gcc", "qemu-aarch64-static")
	out := t.TempDir()
	dir := walktest.Dir()
	build := exec.Command(filepath.Join(dir, "build.sh"), "aarch64", "pie", "statepoint", out)
	build.Env = append(build.Environ(), "WALK_PAC=1")
	msg, err := build.CombinedOutput()
	require.NoError(t, err, "build.sh: %s", msg)
	exe, capPath := filepath.Join(out, "walk"), filepath.Join(out, "capture.txt")
	msg, err = exec.Command(filepath.Join(dir, "run.sh"), "aarch64", exe, capPath).CombinedOutput()
	require.NoError(t, err, "run.sh: %s", msg)
	f, err := walktest.ParseFile(capPath)
	require.NoError(t, err)
	require.True(t, f.Done)
	st := walkCapture(t, exe, f, linuxPACMask)
	assert.Equal(t, 5, st.frames)
}
