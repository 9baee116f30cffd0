package main

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/stackmaps/stackmaps/internal/corpus"
)

// TestDumpNamesDialects checks that dump refuses every checked-in section
// in a fork's layout with a message naming the fork and what reads it.
func TestDumpNamesDialects(t *testing.T) {
	for file, want := range map[string]string{
		"ykllvm.bin":               "not LLVM's layout but ykllvm (certain",
		"ykllvm-be.bin":            "not LLVM's layout but ykllvm (certain",
		"ykllvm-addlocs.bin":       "not LLVM's layout but ykllvm with prologue entries",
		"ykllvm-prologue.bin":      "not LLVM's layout but ykllvm with prologue entries",
		"microsoft-v2.bin":         "not LLVM's layout but Microsoft StackMap v2 (certain",
		"manticore-v1.bin":         "not LLVM's layout but Manticore version 1 (certain",
		"manticore-v1-be.bin":      "not LLVM's layout but Manticore version 1 (certain",
		"llvm34-unversioned.bin":   "not LLVM's layout but unversioned pre-release",
		"ftl-2013-unversioned.bin": "not LLVM's layout but unversioned pre-release",
	} {
		_, stderr, status := runTool("dump", "--raw", filepath.Join(corpus.Root(), "dialects", file))
		assert.Equal(t, exitFail, status, file)
		assert.Contains(t, stderr, want, file)
		assert.Contains(t, stderr, "what reads it: ", file)
		assert.Contains(t, stderr, "read as LLVM's: stackmap: table ", file)
	}
}
