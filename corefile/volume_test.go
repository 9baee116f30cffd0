package corefile

import (
	"runtime"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/internal/coretest"
)

// allocated returns the bytes fn allocates (runtime.MemStats.TotalAlloc).
func allocated(fn func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	fn()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// TestManyNoteHeaders reads a 3.6 MB core of 65,000 PT_NOTE headers over
// one NT_PRSTATUS note: every header read the same note again, making
// 65,000 threads of one and 469 MB of allocations. It is refused, naming
// the overlap, within 64 MB (it takes well under 1 MB).
func TestManyNoteHeaders(t *testing.T) {
	core := coretest.Synthetic{
		Notes:       []coretest.Note{{Name: "CORE", Type: ntPrStatus, Desc: coretest.PRStatus(1, 11, 0x1000, 0x2000)}},
		NoteHeaders: 65000,
	}.Bytes()
	require.Greater(t, len(core), 3_600_000)
	var err error
	n := allocated(func() { _, err = New(core) })
	require.Error(t, err)
	assert.ErrorIs(t, err, ErrFormat)
	assert.Contains(t, err.Error(), "PT_NOTE segment 0x")
	assert.Contains(t, err.Error(), "overlaps program header 0's")
	assert.Less(t, n, uint64(64<<20), "bytes allocated")
	t.Logf("65,000 PT_NOTE headers: refused after %d bytes allocated", n)
}

// TestThreadLimits refuses a core with a thread id given twice, and one
// with more than MaxThreads threads, counting them before any is kept.
func TestThreadLimits(t *testing.T) {
	note := func(tid int) coretest.Note {
		return coretest.Note{Name: "CORE", Type: ntPrStatus, Desc: coretest.PRStatus(tid, 0, 0x1000, 0x2000)}
	}
	_, err := New(coretest.WriteCore(nil, []coretest.Note{note(5), note(6), note(5)}))
	require.ErrorIs(t, err, ErrFormat)
	assert.Contains(t, err.Error(), "thread 5 given twice")

	notes := make([]coretest.Note, MaxThreads+1)
	for i := range notes {
		notes[i] = note(i + 1)
	}
	core := coretest.WriteCore(nil, notes)
	n := allocated(func() { _, err = New(core) })
	require.ErrorIs(t, err, ErrFormat)
	assert.Contains(t, err.Error(), "more than 65536 threads (MaxThreads)")
	assert.Less(t, n, uint64(1<<20), "bytes allocated: the threads are counted first")

	// MaxThreads threads are read, into one allocation of Threads.
	core = coretest.WriteCore(nil, notes[:MaxThreads])
	var f *File
	n = allocated(func() { f, err = New(core) })
	require.NoError(t, err)
	assert.Len(t, f.Threads, MaxThreads)
	assert.Equal(t, MaxThreads, f.Threads[MaxThreads-1].TID)
	assert.Equal(t, uint64(0x1000), f.Threads[MaxThreads-1].Regs.PC)
	t.Logf("%d threads (a %d MB core) read with %d MB allocated", MaxThreads, len(core)>>20, n>>20)
}
