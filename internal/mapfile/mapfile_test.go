package mapfile

import (
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestSection(t *testing.T) {
	path := filepath.Join(t.TempDir(), "f")
	content := make([]byte, 3*os.Getpagesize()+17)
	for i := range content {
		content[i] = byte(i * 7)
	}
	require.NoError(t, os.WriteFile(path, content, 0o644))
	f, err := os.Open(path)
	require.NoError(t, err)
	// Offsets that are not page-aligned, across a page boundary.
	off, n := int64(os.Getpagesize()-5), int64(os.Getpagesize()+9)
	data, release, err := Section(f, off, n)
	require.NoError(t, err)
	require.NoError(t, f.Close()) // the mapping outlives the descriptor
	assert.Equal(t, content[off:off+n], data)
	assert.Equal(t, int(n), cap(data))
	require.NoError(t, release())
	require.NoError(t, release(), "release twice")

	f, err = os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	data, release, err = Section(f, 10, 0)
	require.NoError(t, err)
	assert.Empty(t, data)
	require.NoError(t, release())
	for _, r := range [][2]int64{{-1, 4}, {0, -1}, {int64(len(content)) - 3, 4}, {1 << 62, 1 << 62}} {
		_, _, err = Section(f, r[0], r[1])
		assert.True(t, errors.Is(err, ErrRange), "%v: %v", r, err)
	}
}

func TestReadFallback(t *testing.T) {
	path := filepath.Join(t.TempDir(), "f")
	require.NoError(t, os.WriteFile(path, []byte("0123456789"), 0o644))
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	data, release, err := read(f, 3, 4)
	require.NoError(t, err)
	assert.Equal(t, []byte("3456"), data)
	require.NoError(t, release())
}

// Own releases once the owner is unreachable, and not before.
func TestOwnReleasesWhenUnreachable(t *testing.T) {
	var released atomic.Int32
	owner := new([16]byte)
	Own(owner, func() error { released.Add(1); return nil })
	runtime.GC()
	assert.Equal(t, int32(0), released.Load(), "released while reachable")
	runtime.KeepAlive(owner)
	owner = nil
	for i := 0; i < 100 && released.Load() == 0; i++ {
		runtime.GC()
		time.Sleep(time.Millisecond)
	}
	assert.Equal(t, int32(1), released.Load())
}
