package unwind_test

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestImports: a JIT runtime imports unwind and stackwalk without any file
// format. No locator, objfile or x/arch is reached; debug/* only through
// regs (whose ArchFrom* helpers are to move to the locators), never
// imported by these packages or their other dependencies.
func TestImports(t *testing.T) {
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command")
	}
	out, err := exec.Command(gobin, "list", "-deps", "-f", "{{.ImportPath}}: {{join .Imports \" \"}}", "../unwind", "../stackwalk").Output()
	require.NoError(t, err)
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		pkg, imports, _ := strings.Cut(line, ": ")
		for _, imp := range strings.Fields(imports) {
			for _, bad := range []string{"section", "/objfile", "golang.org/x/arch"} {
				assert.NotContains(t, imp, bad, "%s imports %s", pkg, imp)
			}
			if strings.HasPrefix(imp, "debug/") && !strings.HasPrefix(pkg, "debug/") {
				assert.Equal(t, "github.com/stackmaps/stackmaps/regs", pkg, "%s imports %s", pkg, imp)
			}
		}
	}
}
