package disasm_test

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/internal/testenv"
)

// TestOnlyImporterOfXArch: of the module's packages (tests aside), only
// disasm imports golang.org/x/arch, so the tool reaches it only through
// disasm and nothing else pulls it in.
func TestOnlyImporterOfXArch(t *testing.T) {
	gobin := testenv.Need(t, "go")
	cmd := exec.Command(gobin[0], "list", "-f", "{{.ImportPath}}{{range .Imports}} {{.}}{{end}}", "./...")
	cmd.Dir = ".."
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s", out)
	importers := 0
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(line)
		for _, imp := range f[1:] {
			if strings.HasPrefix(imp, "golang.org/x/arch/") {
				assert.Equal(t, "github.com/stackmaps/stackmaps/disasm", f[0], "%s imports %s", f[0], imp)
				importers++
			}
		}
	}
	assert.Equal(t, 5, importers, "disasm imports the five decoders")
}
