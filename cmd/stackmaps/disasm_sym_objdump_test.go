package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/internal/corpus"
	"github.com/stackmaps/stackmaps/internal/testenv"
)

// TestDisasmObjdumpGoldensCurrent reruns llvm-objdump-22 as
// testdata/objdump/gen.sh does and compares its output with the checked-in
// listings TestDisasmTargetNamesMachOCOFF reads (with -short, those of
// LLVM 22's objects and of the images).
func TestDisasmObjdumpGoldensCurrent(t *testing.T) {
	testenv.Need(t, "llvm-objdump-22", "llvm-lipo-22")
	td := corpus.Root()
	run := func(dir string, args ...string) []byte {
		cmd := exec.Command("llvm-objdump-22", args...)
		cmd.Dir = dir
		out, err := cmd.Output()
		require.NoError(t, err, "llvm-objdump-22 %v", args)
		return out
	}
	same := func(got []byte, golden string) {
		want, err := os.ReadFile(filepath.Join(td, "objdump", golden))
		require.NoError(t, err)
		assert.True(t, bytes.Equal(want, got), "%s differs from llvm-objdump-22's output: rerun testdata/objdump/gen.sh", golden)
	}
	files, images := machoCOFFDisasmFiles(t)
	for _, rel := range asmFiles {
		dir, base := filepath.Split(filepath.Join(td, rel))
		got := run(dir, "-d", "-r", base)
		want, err := os.ReadFile(filepath.Join(td, rel+".objdump.txt"))
		require.NoError(t, err)
		assert.Equal(t, string(want), string(got), rel)
	}
	for _, rel := range files {
		if testing.Short() && strings.HasPrefix(rel, "objects/") && !strings.HasPrefix(rel, "objects/llvm22/") {
			continue // -short: LLVM 22's objects and every image
		}
		dir, base := filepath.Split(filepath.Join(td, rel))
		switch {
		case rel == "fat/kinds-universal.o":
			tmp := t.TempDir()
			for _, arch := range []string{"x86_64", "arm64"} {
				thin := "kinds-universal.o." + arch
				out, err := exec.Command("llvm-lipo-22", filepath.Join(td, rel), "-thin", arch, "-output", filepath.Join(tmp, thin)).CombinedOutput()
				require.NoError(t, err, string(out))
				same(run(tmp, "-d", "-r", thin), rel+"."+arch+".objdump.txt")
			}
		case images[rel]:
			same(run(dir, "-d", base), rel+".objdump.txt")
			same(run(dir, "--macho", "-d", base), rel+".objdump-macho.txt")
		case strings.HasSuffix(rel, ".dll"):
			same(run(dir, "-d", base), rel+".objdump.txt")
		default:
			same(run(dir, "-d", "-r", base), rel+".objdump.txt")
		}
	}
}
