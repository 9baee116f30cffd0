package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/internal/testenv"
)

// TestDumpUnwindWindows: dump --unwind on the Windows x64 test files
// gives each record the row of its function's .pdata entry, the same in
// the objects (one .text, function sections) and the images.
func TestDumpUnwindWindows(t *testing.T) {
	const pushes = "unwind: CFA=rsp+128 saved: rbx@CFA-72 rsi@CFA-48 rdi@CFA-56 rbp@CFA-64 r12@CFA-40 r13@CFA-32 r14@CFA-24 r15@CFA-16 rip@CFA-8\n"
	const fp = "unwind: CFA=rbp+32 saved: rsi@CFA-24 rdi@CFA-32 rbp@CFA-16 rip@CFA-8\n"
	for _, name := range []string{"win.exe", "win.o", "win-fs.o", "win-v2.exe", "win.dll"} {
		stdout, stderr, status := runTool("dump", "--unwind", "../../testdata/windows/"+name)
		require.Equal(t, 0, status, "%s: %s", name, stderr)
		assert.Contains(t, stdout, pushes, name)
		assert.Contains(t, stdout, fp, name)
		assert.NotContains(t, stdout, "unwind: none", name)
	}
	stdout, _, status := runTool("dump", "--unwind", "--format=json", "../../testdata/windows/win.exe")
	require.Equal(t, 0, status)
	var doc any
	require.NoError(t, json.Unmarshal([]byte(stdout), &doc))
	assert.Contains(t, stdout, `"section":".pdata"`)
}

// unwindBlock cuts the UnwindInformation block out of llvm-readobj
// --unwind's output (or dump --unwind --format=llvm's).
func unwindBlock(s string) string {
	i := strings.Index(s, "UnwindInformation [\n")
	if i < 0 {
		return ""
	}
	j := strings.Index(s[i:], "\n]\n")
	if j < 0 {
		return s[i:]
	}
	return s[i : i+j+3]
}

// TestDumpUnwindLLVMWindows: dump --unwind --format=llvm prints the
// UnwindInformation block of llvm-readobj-22 --unwind line for line, for
// the checked-in views of testdata/windows (x64 and ARM64).
func TestDumpUnwindLLVMWindows(t *testing.T) {
	for _, name := range []string{"win.o", "win-v2.o", "win-fs.o", "handler.o", "win.exe", "win-v2.exe", "win.dll", "win-arm64.o", "win-arm64.exe", "packed-arm64.o", "packed-arm64.exe"} {
		want, err := os.ReadFile("../../testdata/windows/" + name + ".unwind.txt")
		require.NoError(t, err)
		stdout, stderr, status := runTool("dump", "--unwind", "--format=llvm", "../../testdata/windows/"+name)
		require.Equal(t, 0, status, "%s: %s", name, stderr)
		require.NotEmpty(t, unwindBlock(string(want)), name)
		assert.Equal(t, unwindBlock(string(want)), unwindBlock(stdout), name)
	}
	_, stderr, status := runTool("dump", "--unwind", "--format=llvm", objectPath("llvm22/x86_64-elf/kinds.o"))
	assert.Equal(t, exitFail, status)
	assert.Contains(t, stderr, "COFF and PE only")
}

// TestDumpUnwindLLVMLive compares with llvm-readobj-22 run now, on every
// x86_64 COFF object of testdata/objects and the other PE images.
func TestDumpUnwindLLVMLive(t *testing.T) {
	tools := testenv.Need(t, "llvm-readobj-22")
	if tools == nil {
		return
	}
	files, err := filepath.Glob("../../testdata/objects/llvm*/x86_64-coff/*.o")
	require.NoError(t, err)
	files = append(files, "../../testdata/linked-pe/sm.dll", "../../testdata/windows/capture/walk.exe", "../../testdata/windows/capture-arm64/walk.exe")
	require.Greater(t, len(files), 30)
	for _, f := range files {
		want, err := exec.Command(tools[0], "--unwind", f).Output()
		require.NoError(t, err, f)
		stdout, stderr, status := runTool("dump", "--unwind", "--format=llvm", f)
		require.Equal(t, 0, status, "%s: %s", f, stderr)
		assert.Equal(t, unwindBlock(string(want)), unwindBlock(stdout), f)
	}
}

// TestLookupExportName: in a DLL without a symbol table, lookup finds a
// record by SYMBOL+OFF with the name from the export table, and dump
// names the functions so.
func TestLookupExportName(t *testing.T) {
	stdout, stderr, status := runTool("lookup", "../../testdata/windows/win.dll", "w_pushes+0x1f")
	require.Equal(t, 0, status, stderr)
	assert.Contains(t, stdout, "w_pushes+0x1f (0x18000103f): exact, 1 record")
	assert.Contains(t, stdout, "Record ID 3001 (0xbb9)")
	stdout, _, status = runTool("dump", "../../testdata/windows/win.dll")
	require.Equal(t, 0, status)
	for _, fn := range []string{"w_leaf", "w_pushes", "w_fp", "w_xmm", "w_large", "w_huge", "w_dyn", "w_noprobe", "w_epilogs"} {
		assert.Contains(t, stdout, " "+fn+" at 0x18000", fn)
	}
}
