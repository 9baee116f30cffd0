//go:build unix

package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/internal/coretest"
	"github.com/stackmaps/stackmaps/internal/corpus"
)

// TestStackCoreSpecialFiles runs "stack --core" on a core whose mapped
// files include named pipes (one under --sysroot), /dev/null and a
// directory (coretest.SpecialFilesCore): it must return (it blocked in
// open(2) on the pipe) with one warning per file saying it is not a regular
// file. The bound on the wait only keeps a hang from stopping the test
// binary; it is not a timing.
func TestStackCoreSpecialFiles(t *testing.T) {
	core, sysroot, special := coretest.SpecialFilesCore(t, filepath.Join(corpus.Root(), "linked", "x86_64-elf", "exe"))
	path := filepath.Join(t.TempDir(), "core")
	require.NoError(t, os.WriteFile(path, core, 0o600))
	var out, errb bytes.Buffer
	done := make(chan int, 1)
	go func() { done <- run([]string{"stack", "--core", path, "--sysroot", sysroot}, &out, &errb) }()
	select {
	case <-done:
	case <-time.After(time.Minute):
		t.Fatal("stack --core did not return: blocked opening a named pipe")
	}
	for _, p := range special {
		assert.Contains(t, errb.String(), "warning: "+p+": ", "stderr")
	}
	assert.Contains(t, errb.String(), "not a regular file (a named pipe)")
	assert.Contains(t, out.String(), "thread 7 signal 11 (SIGSEGV)")
}

// TestStackManyUnusableFiles runs "stack --core" on a core whose NT_FILE
// names, besides the executable, 100,000 files that do not exist: stderr
// names the first maxModuleWarnings and counts the rest in one line (it
// printed 100,000 warnings); --format json still lists every module.
func TestStackManyUnusableFiles(t *testing.T) {
	const n = 100_000
	exe, err := filepath.Abs(filepath.Join(corpus.Root(), "linked", "x86_64-elf", "exe"))
	require.NoError(t, err)
	missing := t.TempDir()
	maps := []coretest.Mapping{{Start: 0x400000, End: 0x405000, Path: exe}}
	for i := range n {
		start := 0x10000000 + uint64(i)<<12
		maps = append(maps, coretest.Mapping{Start: start, End: start + 0x1000, Path: fmt.Sprintf("%s/lib%d.so", missing, i)})
	}
	core := coretest.WriteCore(nil, []coretest.Note{
		{Name: "CORE", Type: coretest.NTPrStatus, Desc: coretest.PRStatus(7, 11, 0x401000, 0x7ff000)},
		{Name: "CORE", Type: coretest.NTFile, Desc: coretest.FileNote(maps)},
	})
	path := filepath.Join(t.TempDir(), "core")
	require.NoError(t, os.WriteFile(path, core, 0o600))

	var out, errb bytes.Buffer
	assert.Equal(t, exitOK, run([]string{"stack", "--core", path}, &out, &errb), errb.String())
	lines := strings.Split(strings.TrimSuffix(errb.String(), "\n"), "\n")
	require.Len(t, lines, maxModuleWarnings+1, "stderr:\n%s", errb.String())
	assert.Contains(t, lines[0], "warning: "+missing+"/lib0.so: open ")
	assert.Equal(t, fmt.Sprintf("stackmaps stack: warning: and %d more mapped files that could not be used (--format json lists every module)", n-maxModuleWarnings), lines[maxModuleWarnings])

	out.Reset()
	errb.Reset()
	assert.Equal(t, exitOK, run([]string{"stack", "--core", path, "--format=json"}, &out, &errb), errb.String())
	assert.Equal(t, n+1, strings.Count(out.String(), `"type":"module"`))
}

// TestStackCoreFIFO: "stack --core" on a named pipe refuses it at once,
// saying what it is; deciding whether the file is a minidump or a core
// must not open it for reading (which blocks until a writer comes).
func TestStackCoreFIFO(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "core")
	require.NoError(t, syscall.Mkfifo(fifo, 0o600))
	var out, errb bytes.Buffer
	done := make(chan int, 1)
	go func() { done <- run([]string{"stack", "--core", fifo}, &out, &errb) }()
	select {
	case status := <-done:
		assert.Equal(t, exitFail, status)
	case <-time.After(time.Minute):
		t.Fatal("stack --core did not return: blocked opening a named pipe")
	}
	assert.Contains(t, errb.String(), "not a regular file (a named pipe)")
}
