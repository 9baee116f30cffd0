package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/internal/testenv"
	"github.com/stackmaps/stackmaps/stackmap"
)

const deoptData = "../../testdata/deopt"

// checkCapture rebuilds every frame of a capture against its executable
// and asserts that each location evaluates to what the program computed.
func checkCapture(t *testing.T, exe, capture string) {
	t.Helper()
	m, err := LoadModule(exe)
	require.NoError(t, err)
	defer m.Close()
	f, err := os.Open(capture)
	require.NoError(t, err)
	defer f.Close()
	cf, err := ParseCapture(f)
	require.NoError(t, err)
	require.True(t, cf.Done, "the program did not finish its run")
	kinds := map[string]int{}
	for _, c := range cf.Captures {
		fr, err := m.Rebuild(cf, c)
		require.NoError(t, err, "%s at 0x%x", c.Kind, c.RetAddr)
		assert.Empty(t, Check(fr, c), "%s ID %#x", c.Kind, c.ID)
		kinds[c.Kind]++
		var registers, indirect int
		for i := 0; i < fr.Record.NumLocations(); i++ {
			l, _ := fr.Record.Location(i)
			switch l.Kind {
			case stackmap.Register:
				registers++
			case stackmap.Indirect:
				indirect++
			}
		}
		t.Logf("%s ID %#x: %d locations rebuilt (%d Register, %d Indirect)", c.Kind, c.ID, fr.Record.NumLocations(), registers, indirect)
		if c.Kind == "statepoint" {
			assert.Len(t, fr.Deopt, 11)
			assert.NotEmpty(t, fr.GC)
			if cf.RegDeopt {
				assert.Positive(t, registers, "-use-registers-for-deopt-values puts deopt values in registers")
			} else {
				assert.Zero(t, registers, "without -use-registers-for-deopt-values every value is spilled")
			}
		} else {
			assert.Len(t, fr.Deopt, 29)
		}
	}
	assert.Equal(t, 1, kinds["patchpoint"], "one patchpoint capture")
	if cf.Arch == "x86_64" || cf.Arch == "aarch64" {
		assert.Equal(t, 1, kinds["statepoint"], "one statepoint capture")
	}
}

// TestDeoptGolden rebuilds the frames of the checked-in captures, with no
// tools needed.
func TestDeoptGolden(t *testing.T) {
	dirs, err := filepath.Glob(filepath.Join(deoptData, "golden", "*-*-*"))
	require.NoError(t, err)
	require.NotEmpty(t, dirs)
	for _, d := range dirs {
		t.Run(filepath.Base(d), func(t *testing.T) {
			checkCapture(t, filepath.Join(d, "deopt"), filepath.Join(d, "capture.txt"))
		})
	}
}

// deoptArches are the architectures the test programs run on, with the
// tools each needs.
var deoptArches = []struct {
	name  string
	tools []string
}{
	{"x86_64", []string{"gcc"}},
	{"aarch64", []string{"aarch64-linux-gnu-gcc", "qemu-aarch64-static"}},
	{"ppc64le", []string{"powerpc64le-linux-gnu-gcc", "qemu-ppc64le-static"}},
	{"ppc64", []string{"powerpc64-linux-gnu-gcc", "qemu-ppc64-static"}},
}

// TestDeopt builds each test program with llc-14 and gcc (PIE and not,
// with and without -use-registers-for-deopt-values), runs it (under qemu
// for foreign architectures), and rebuilds every location of every
// captured record from the registers and stack it saved.
func TestDeopt(t *testing.T) {
	testenv.Need(t, "llc-14")
	for _, a := range deoptArches {
		t.Run(a.name, func(t *testing.T) {
			t.Parallel()
			testenv.Need(t, a.tools...)
			for _, pie := range []string{"pie", "nopie"} {
				for _, reg := range []string{"reg", "mem"} {
					if testing.Short() && (a.name != "x86_64" || pie != "nopie") {
						continue // -short: one native build of each kind
					}
					t.Run(pie+"-"+reg, func(t *testing.T) {
						dir := t.TempDir()
						build := exec.Command("sh", filepath.Join(deoptData, "build.sh"), a.name, pie, reg, dir)
						out, err := build.CombinedOutput()
						require.NoError(t, err, "build.sh: %s", out)
						capture := filepath.Join(dir, "capture.txt")
						runOut, err := exec.Command("sh", filepath.Join(deoptData, "run.sh"), a.name, filepath.Join(dir, "deopt"), capture).CombinedOutput()
						require.NoError(t, err, "run.sh: %s", runOut)
						checkCapture(t, filepath.Join(dir, "deopt"), capture)
					})
				}
			}
		})
	}
}

func TestRunPrintsFrames(t *testing.T) {
	var out strings.Builder
	d := filepath.Join(deoptData, "golden", "x86_64-pie-reg")
	ok, err := run(&out, filepath.Join(d, "deopt"), filepath.Join(d, "capture.txt"))
	require.NoError(t, err)
	assert.True(t, ok, out.String())
	assert.Contains(t, out.String(), "statepoint record ID 0x1111 in deopt_statepoint")
	assert.Contains(t, out.String(), "value  3 = 0x0000000034143677  (register r12d)")
	assert.NotContains(t, out.String(), "MISMATCH")
}

func TestParseCaptureErrors(t *testing.T) {
	for _, bad := range []string{
		"stackmaps-deopt-capture 2\n",
		"reg 3 0x1\n",
		"capture statepoint\nreg x 0x1\n",
		"capture statepoint\nstack 0x10 zz\n",
		"capture statepoint\nexpect deopt\n",
	} {
		_, err := ParseCapture(strings.NewReader(bad))
		assert.Error(t, err, "%q", bad)
	}
}
