//go:build unix

package procwalk_test

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/corefile"
	"github.com/stackmaps/stackmaps/internal/coretest"
	"github.com/stackmaps/stackmaps/internal/mapfile"
	"github.com/stackmaps/stackmaps/objfile"
	"github.com/stackmaps/stackmaps/procwalk"
)

// TestOpenRefusesSpecialFiles opens the modules of a core whose mapped
// files include named pipes (one under --sysroot), a character device and
// a directory: Open must return (it blocked in open(2) on a pipe), with
// each of them left out, its error saying it is not a regular file, and
// the executable used. The bound on the wait only keeps a hang from
// stopping the test binary; it is not a timing.
func TestOpenRefusesSpecialFiles(t *testing.T) {
	core, sysroot, special := coretest.SpecialFilesCore(t, filepath.Join("..", "testdata", "linked", "x86_64-elf", "exe"))
	cf, err := corefile.New(core)
	require.NoError(t, err)
	type result struct {
		w   *procwalk.Walk
		err error
	}
	done := make(chan result, 1)
	go func() {
		w, err := procwalk.Open(procwalk.FromCore(cf), objfile.ProcessFiles{}, procwalk.Options{Sysroot: sysroot})
		done <- result{w, err}
	}()
	var r result
	select {
	case r = <-done:
	case <-time.After(time.Minute):
		t.Fatal("procwalk.Open did not return: blocked opening a named pipe")
	}
	require.NoError(t, r.err)
	defer r.w.Close()
	refused := map[string]string{}
	used := 0
	for _, m := range r.w.Modules() {
		if m.Module != nil {
			used++
			continue
		}
		assert.ErrorIs(t, m.Err, mapfile.ErrNotRegular, "%s", m.Path)
		refused[m.Path] = m.Err.Error()
	}
	assert.Equal(t, 1, used, "the executable")
	for _, p := range special {
		assert.Contains(t, refused, p)
	}
	assert.Contains(t, refused[special[0]], "not a regular file (a named pipe)")
	assert.Contains(t, refused["/dev/null"], "not a regular file (a character device)")
	assert.Contains(t, refused[special[2]], "not a regular file (a directory)")
	assert.Contains(t, refused["/lib/sys.so"], filepath.Join(sysroot, "lib", "sys.so")+": not a regular file (a named pipe)")
}
