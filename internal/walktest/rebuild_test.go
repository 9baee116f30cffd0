package walktest

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/internal/testenv"
)

// crossTools are the tools a foreign build needs besides llc-22.
var crossTools = map[string][]string{
	"aarch64": {"aarch64-linux-gnu-gcc", "qemu-aarch64-static"},
	"s390x":   {"s390x-linux-gnu-gcc", "qemu-s390x-static"},
}

// rebuilt are the foreign builds the rebuild test also redoes under qemu: one
// per byte order and call kind, to keep the test short.
var rebuilt = map[string]bool{"aarch64-pie-statepoint": true, "s390x-pie-patchpoint": true}

// TestRebuild rebuilds the x86_64 programs (and the foreign ones in rebuilt)
// from their sources with the checked-in scripts, runs them, and checks that each prints a capture of
// the same structure as the checked-in one, with the same values. The
// executables are reproducible byte for byte; with address randomisation
// off (run.sh uses setarch -R) the addresses are also those of the
// checked-in capture, so they are compared too when setarch works.
func TestRebuild(t *testing.T) {
	cases, err := Cases()
	require.NoError(t, err)
	for _, c := range cases {
		if c.Arch != "x86_64" && !rebuilt[c.Name] {
			continue
		}
		if testing.Short() && (c.Arch != "x86_64" || c.PIE) {
			continue // -short: the native non-PIE builds only
		}
		t.Run(c.Name, func(t *testing.T) {
			testenv.Need(t, append([]string{"bash", "python3", "llc-22", "gcc"}, crossTools[c.Arch]...)...)
			out := t.TempDir()
			pie := "nopie"
			if c.PIE {
				pie = "pie"
			}
			run(t, filepath.Join(Dir(), "build.sh"), c.Arch, pie, c.Mode, out)
			exe := filepath.Join(out, "walk")
			capPath := filepath.Join(out, "capture.txt")
			run(t, filepath.Join(Dir(), "run.sh"), c.Arch, exe, capPath)

			built, err := os.ReadFile(exe)
			require.NoError(t, err)
			checkedIn, err := os.ReadFile(c.Binary)
			require.NoError(t, err)
			assert.True(t, bytes.Equal(built, checkedIn), "rebuilt %s differs from the checked-in executable", c.Name)

			got, err := ParseFile(capPath)
			require.NoError(t, err)
			want, err := ParseFile(c.Capture)
			require.NoError(t, err)
			checkCapture(t, Case{Name: c.Name, Arch: c.Arch, PIE: c.PIE, Mode: c.Mode, Binary: exe, Capture: capPath}, got)
			checkBinary(t, Case{Name: c.Name, Arch: c.Arch, PIE: c.PIE, Mode: c.Mode, Binary: exe, Capture: capPath}, got)
			sameShape(t, want, got, exec.Command("setarch", "-R", "true").Run() == nil)
		})
	}
}

// sameShape compares two captures of the same program: the frames, their
// calls and values, the registers listed, the stack window's size; and the
// addresses when both runs had address randomisation off.
func sameShape(t *testing.T, want, got *File, addresses bool) {
	t.Helper()
	assert.Equal(t, len(want.Stack.Bytes), len(got.Stack.Bytes), "stack window size")
	require.Equal(t, len(want.Frames), len(got.Frames))
	for i := range want.Frames {
		w, g := want.Frames[i], got.Frames[i]
		assert.Equal(t, w.Func, g.Func)
		assert.Equal(t, w.ID, g.ID)
		assert.Equal(t, w.Call, g.Call)
		assert.Equal(t, w.FP, g.FP)
		assert.Equal(t, w.CallSP-want.SP, g.CallSP-got.SP, "%s: SP relative to the capture's", w.Func)
		require.Equal(t, len(w.Expect), len(g.Expect), w.Func)
		for j := range w.Expect {
			we, ge := w.Expect[j], g.Expect[j]
			assert.Equal(t, we.Kind, ge.Kind)
			assert.Equal(t, we.Index, ge.Index)
			assert.Equal(t, we.Type, ge.Type)
			if we.Type != "ptr" || addresses {
				assert.Equal(t, we.Value, ge.Value, "%s value %d", w.Func, j)
			}
		}
	}
	var wr, gr []uint16
	for r := range want.Regs {
		wr = append(wr, r)
	}
	for r := range got.Regs {
		gr = append(gr, r)
	}
	assert.ElementsMatch(t, wr, gr, "registers listed")
	assert.Equal(t, want.RetAddr-want.Code["walk_d"], got.RetAddr-got.Code["walk_d"], "return address offset in walk_d")
	if addresses {
		assert.Equal(t, want.SP, got.SP, "SP (address randomisation off)")
		assert.Equal(t, want.RetAddr, got.RetAddr, "return address (address randomisation off)")
		assert.Equal(t, want.Symbols, got.Symbols)
		assert.Equal(t, want.Stack.Start, got.Stack.Start)
	}
}

func run(t *testing.T, name string, args ...string) {
	t.Helper()
	cmd := exec.Command(name, args...)
	outb, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s %v:\n%s", name, args, outb)
}
