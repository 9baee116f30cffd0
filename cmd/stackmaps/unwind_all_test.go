package main

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/objfile"
	"github.com/stackmaps/stackmaps/stackmap"
)

// TestDumpUnwindEveryFile: dump --unwind exits 0 on every checked-in ELF
// and Mach-O object and binary with stack maps (thin and universal), and
// gives every record a row except where no table covers it. Before the
// unwind package, the arm64 Mach-O objects exited 1 (their __eh_frame was
// not relocated and their DWARF-mode entries carry offset 0).
func TestDumpUnwindEveryFile(t *testing.T) {
	var files []string
	for _, dir := range []string{"objects", "linked", "linked-macho", "compactunwind", "fat", "walk"} {
		err := filepath.WalkDir(td+dir, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			f, err := os.Open(path)
			if err != nil {
				return err
			}
			format, err := objfile.Identify(f)
			f.Close()
			if err != nil || (format != stackmap.FormatELF && format != stackmap.FormatMachO) {
				return nil // not an object file, or COFF/PE (no unwind support)
			}
			of, err := objfile.Open(path)
			if errors.Is(err, objfile.ErrNoSection) {
				return nil // linked/*/main.o: the runtime's half, no stack maps
			}
			require.NoError(t, err, path)
			of.Close()
			files = append(files, path)
			return nil
		})
		require.NoError(t, err)
	}
	require.Greater(t, len(files), 300)
	withRows := 0
	for _, path := range files {
		out, stderr, status := runTool("dump", "--unwind", path)
		if !assert.Equal(t, exitOK, status, "%s: %s", path, stderr) {
			continue
		}
		if strings.Contains(out, "      unwind: CFA=") {
			withRows++
		}
	}
	t.Logf("%d files, %d with rows", len(files), withRows)
	assert.Equal(t, len(files), withRows, "every file has at least one row")
	for _, p := range []string{"objects/llvm14/arm64-macho/statepoints.o", "objects/llvm22/arm64-macho/statepoints.o", "compactunwind/arm64-dwarf.o"} {
		out, stderr, status := runTool("dump", "--unwind", td+p)
		require.Equal(t, exitOK, status, stderr)
		assert.NotContains(t, out, "unwind: none", p)
	}
}
