package main

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
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
