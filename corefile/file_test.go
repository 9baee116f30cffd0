package corefile

import (
	"encoding/binary"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/regs"
	"github.com/stackmaps/stackmaps/stackmap"
)

func TestSampleCore(t *testing.T) {
	f, err := New(sampleCore())
	require.NoError(t, err)
	assert.Equal(t, regs.X86_64, f.Arch)
	require.Len(t, f.Threads, 2)
	assert.Equal(t, 100, f.Threads[0].TID)
	assert.Equal(t, 11, f.Threads[0].Signal)
	assert.Equal(t, uint64(0x401234), f.Threads[0].Regs.PC)
	assert.Equal(t, uint64(0x7ff010), f.Threads[0].Regs.SP)
	rax, ok := f.Threads[0].Regs.Register(0)
	assert.True(t, ok)
	assert.Equal(t, uint64(0xaa), rax)
	assert.True(t, f.Threads[0].Regs.HasFP)
	assert.False(t, f.Threads[1].Regs.HasFP)
	assert.Equal(t, 101, f.Threads[1].TID)
	assert.Equal(t, 0, f.Crashed())
	assert.True(t, f.HasSigInfo)
	assert.Equal(t, SigInfo{Signo: 11, Code: 1}, f.SigInfo)
	assert.True(t, f.Threads[0].HasSigInfo)
	assert.Equal(t, f.SigInfo, f.Threads[0].SigInfo)
	assert.False(t, f.Threads[1].HasSigInfo)
	v, ok := f.Auxv(9)
	assert.True(t, ok)
	assert.Equal(t, uint64(0x401000), v)
	_, ok = f.Auxv(7)
	assert.False(t, ok)
	assert.Equal(t, []Mapping{{Start: 0x400000, End: 0x401000, Offset: 0, Path: "/bin/prog"}}, f.Mappings)
	require.Len(t, f.Segments, 2)
	assert.Equal(t, uint64(0x400000), f.Segments[0].Addr, "sorted by address")

	b, err := f.Bytes(0x7ff008, 8)
	require.NoError(t, err)
	assert.Equal(t, []byte{8, 9, 10, 11, 12, 13, 14, 15}, b)
	u, err := f.ReadUint(0x7ff008, 8, binary.LittleEndian)
	require.NoError(t, err)
	assert.Equal(t, uint64(0x0f0e0d0c0b0a0908), u)
	u, err = f.ReadUint(0x7ff001, 3, binary.BigEndian)
	require.NoError(t, err)
	assert.Equal(t, uint64(0x010203), u)

	// Not dumped, past the end, below everything: errors naming the address.
	for _, addr := range []uint64{0x400010, 0x7ff03c, 0x1000, 1<<64 - 4} {
		_, err := f.ReadUint(addr, 8, binary.LittleEndian)
		var me *MemoryError
		require.ErrorAs(t, err, &me, "%#x", addr)
		assert.Equal(t, addr, me.Addr)
		assert.ErrorIs(t, err, stackmap.ErrMemory)
		assert.Contains(t, err.Error(), "0x")
	}
	assert.Error(t, f.ReadMemory(0x7ff03c, make([]byte, 8)))
	p := make([]byte, 4)
	require.NoError(t, f.ReadMemory(0x7ff03c, p))
	assert.Equal(t, []byte{60, 61, 62, 63}, p)
}

func TestReadUintAllocatesNothing(t *testing.T) {
	f, err := New(sampleCore())
	require.NoError(t, err)
	n := testing.AllocsPerRun(100, func() {
		_, _ = f.ReadUint(0x7ff008, 8, binary.LittleEndian)
		_, _ = f.Bytes(0x7ff000, 16)
	})
	assert.Zero(t, n)
}

func TestOpenClose(t *testing.T) {
	path := filepath.Join(t.TempDir(), "core")
	require.NoError(t, os.WriteFile(path, sampleCore(), 0o600))
	f, err := Open(path)
	require.NoError(t, err)
	require.Len(t, f.Threads, 2)
	require.NoError(t, f.Close())
	require.NoError(t, f.Close())
	_, err = f.Bytes(0x7ff000, 8)
	assert.ErrorIs(t, err, ErrMemory, "no memory after Close")
	_, err = Open(filepath.Join(t.TempDir(), "none"))
	assert.True(t, errors.Is(err, os.ErrNotExist))
}

func BenchmarkReadUint(b *testing.B) {
	f, err := New(sampleCore())
	require.NoError(b, err)
	b.ReportAllocs()
	for b.Loop() {
		_, _ = f.ReadUint(0x7ff008, 8, binary.LittleEndian)
	}
}

// TestTruncatedCore reads a core cut short: the notes are there, the
// segment that runs past the end keeps the bytes the file has.
func TestTruncatedCore(t *testing.T) {
	b := sampleCore()
	b = b[:len(b)-16] // the last segment is the stack (64 bytes); the other has none in the file
	f, err := New(b)
	require.NoError(t, err)
	assert.True(t, f.Truncated)
	require.Len(t, f.Threads, 2)
	_, err = f.ReadUint(0x7ff000, 8, binary.LittleEndian)
	assert.NoError(t, err)
	_, err = f.ReadUint(0x7ff030, 8, binary.LittleEndian)
	assert.ErrorIs(t, err, ErrMemory, "cut off")
	f2, err := New(sampleCore())
	require.NoError(t, err)
	assert.False(t, f2.Truncated)
}
