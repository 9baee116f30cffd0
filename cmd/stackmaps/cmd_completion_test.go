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
)

// TestCompletionScriptsNameEveryCommandAndFlag: each script names every
// command and every flag of every command's flag set.
func TestCompletionScriptsNameEveryCommandAndFlag(t *testing.T) {
	table := completionTable()
	require.Len(t, table, len(commands))
	for _, shell := range []string{"bash", "zsh", "fish"} {
		out, stderr, status := runTool("completion", shell)
		require.Equal(t, exitOK, status, stderr)
		for _, c := range table {
			assert.Contains(t, out, c.name, "%s script names %s", shell, c.name)
			for _, f := range c.flags {
				want := dashed(f)
				if shell == "fish" {
					want = "-l " + f
					if len(f) == 1 {
						want = "-s " + f
					}
				}
				assert.Contains(t, out, want, "%s script: %s %s", shell, c.name, f)
			}
		}
	}
	var dump completionCommand
	for _, c := range table {
		if c.name == "dump" {
			dump = c
		}
	}
	assert.Equal(t, []string{"text", "json", "llvm"}, dump.formats)
	assert.Contains(t, dump.flags, "skip-missing")
	_, _, status := runTool("completion", "tcsh")
	assert.Equal(t, exitUsage, status)
}

// TestBashCompletionLoads: bash parses the script, registers it for
// stackmaps, and completes commands, flags and --format values.
func TestBashCompletionLoads(t *testing.T) {
	testenv.Need(t, "bash")
	script, _, status := runTool("completion", "bash")
	require.Equal(t, exitOK, status)
	path := filepath.Join(t.TempDir(), "stackmaps.bash")
	require.NoError(t, os.WriteFile(path, []byte(script), 0o644))
	out, err := exec.Command("bash", "-n", path).CombinedOutput()
	require.NoError(t, err, "%s", out)
	probe := `source "$1"
complete -p stackmaps
complete_words() { COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _stackmaps; echo "${COMPREPLY[*]}"; }
complete_words stackmaps lo
complete_words stackmaps dump --skip
complete_words stackmaps lookup --format l
complete_words stackmaps stats --arch s3
`
	out, err = exec.Command("bash", "-c", probe, "bash", path).CombinedOutput()
	require.NoError(t, err, "%s", out)
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	require.Len(t, lines, 5, "%s", out)
	assert.Equal(t, "complete -o filenames -F _stackmaps stackmaps", lines[0])
	assert.Equal(t, "lookup", lines[1])
	assert.Equal(t, "--skip-missing", lines[2])
	assert.Equal(t, "line", lines[3])
	assert.Equal(t, "s390x", lines[4])
}
