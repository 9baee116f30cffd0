//go:build unix

package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/internal/coretest"
	"github.com/stackmaps/stackmaps/internal/golden"
)

// TestStackCoreSpecialFiles runs "stack --core" on a core whose mapped
// files include named pipes (one under --sysroot), /dev/null and a
// directory (coretest.SpecialFilesCore): it must return (it blocked in
// open(2) on the pipe) with one warning per file saying it is not a regular
// file. The bound on the wait only keeps a hang from stopping the test
// binary; it is not a timing.
func TestStackCoreSpecialFiles(t *testing.T) {
	core, sysroot, special := coretest.SpecialFilesCore(t, filepath.Join(golden.Root(), "linked", "x86_64-elf", "exe"))
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
