package objfile

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/internal/testenv"
)

// runtimePackages are the packages a runtime reading stack maps imports.
var runtimePackages = []string{"./stackmap", "./objfile", "./elfsection", "./machosection", "./pesection", "./regs"}

// TestRuntimeImportsStandardLibraryOnly: what a runtime imports depends on
// the standard library alone (golang.org/x/arch is the tool's).
func TestRuntimeImportsStandardLibraryOnly(t *testing.T) {
	gobin := testenv.Need(t, "go")
	cmd := exec.Command(gobin[0], append([]string{"list", "-deps", "-f", "{{if not .Standard}}{{.ImportPath}}{{end}}"}, runtimePackages...)...)
	cmd.Dir = ".."
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s", out)
	for _, p := range strings.Fields(string(out)) {
		assert.True(t, strings.HasPrefix(p, "github.com/stackmaps/stackmaps/"), "runtime packages import %s", p)
	}
}

// TestImportAllocatesNothing: initializing every runtime package allocates
// nothing (GODEBUG=inittrace=1 reports 0 allocs for each of ours, or no
// line at all for a package with nothing to initialize).
func TestImportAllocatesNothing(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a program")
	}
	gobin := testenv.Need(t, "go")
	exe := filepath.Join(t.TempDir(), "importcost")
	build := exec.Command(gobin[0], "build", "-o", exe, "./objfile/internal/importcost")
	build.Dir = ".."
	out, err := build.CombinedOutput()
	require.NoError(t, err, "%s", out)
	run := exec.Command(exe)
	run.Env = append(os.Environ(), "GODEBUG=inittrace=1")
	out, err = run.CombinedOutput()
	require.NoError(t, err, "%s", out)
	line := regexp.MustCompile(`(?m)^init (\S+) @.*, (\d+) bytes, (\d+) allocs$`)
	for _, m := range line.FindAllStringSubmatch(string(out), -1) {
		if strings.HasPrefix(m[1], "golang.org/x/") {
			t.Errorf("%s is initialized by a runtime import", m[1])
		}
		if strings.HasPrefix(m[1], "github.com/stackmaps/") {
			assert.Equal(t, "0", m[3], "%s allocates %s bytes in %s allocations at init", m[1], m[2], m[3])
		}
	}
}

// TestStackmapImportsNoFileFormat: a runtime importing stackmap (and regs)
// pulls in no debug/* package; the ArchFrom* helpers live in the locators.
func TestStackmapImportsNoFileFormat(t *testing.T) {
	gobin := testenv.Need(t, "go")
	cmd := exec.Command(gobin[0], "list", "-deps", "./stackmap", "./regs")
	cmd.Dir = ".."
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s", out)
	for _, p := range strings.Fields(string(out)) {
		assert.False(t, strings.HasPrefix(p, "debug/"), "stackmap or regs imports %s", p)
	}
}
