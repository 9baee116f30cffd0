//go:build unix

package coretest

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/stretchr/testify/require"
)

// SpecialFilesCore writes a core (Synthetic) whose NT_FILE names, after
// the x86_64 executable exe (mapped at 0x400000, offset 0), a named pipe, a character device, a
// directory and (under the returned sysroot) another named pipe: files
// that are not regular, of which the pipes would block open(2) forever.
func SpecialFilesCore(t testing.TB, exe string) (core []byte, sysroot string, special []string) {
	t.Helper()
	dir, sysroot := t.TempDir(), t.TempDir()
	fifo := filepath.Join(dir, "fifo.so")
	require.NoError(t, syscall.Mkfifo(fifo, 0o600))
	require.NoError(t, os.MkdirAll(filepath.Join(sysroot, "lib"), 0o755))
	require.NoError(t, syscall.Mkfifo(filepath.Join(sysroot, "lib", "sys.so"), 0o600))
	exe, err := filepath.Abs(exe)
	require.NoError(t, err)
	special = []string{fifo, "/dev/null", dir, "/lib/sys.so"}
	maps := []Mapping{{Start: 0x400000, End: 0x405000, Path: exe}}
	for i, p := range special {
		start := 0x10000000 + uint64(i)<<20
		maps = append(maps, Mapping{Start: start, End: start + 0x1000, Path: p})
	}
	core = WriteCore(nil, []Note{
		{Name: "CORE", Type: NTPrStatus, Desc: PRStatus(7, 11, 0x401000, 0x7ff000)},
		{Name: "CORE", Type: NTFile, Desc: FileNote(maps)},
	})
	return core, sysroot, special
}
