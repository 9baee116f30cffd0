package stackmap_test

import (
	"encoding/binary"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/internal/stackmaptest"
	"github.com/stackmaps/stackmaps/stackmap"
)

// sharedAddressSection builds a section whose function at 0x1000 has a
// record at +4, then n records at +8 (IDs 1000, 1001, ...), then one at
// +12; and a second function at 0x2000 with 3 records at +0.
func sharedAddressSection(tb testing.TB, n int) *stackmap.Section {
	tab := stackmaptest.Table{Version: 3, Functions: []stackmaptest.Function{{Address: 0x1000, RecordCount: uint64(n + 2)}, {Address: 0x2000, RecordCount: 3}}}
	tab.Records = append(tab.Records, stackmaptest.Record{ID: 1, InstructionOffset: 4})
	for i := range n {
		tab.Records = append(tab.Records, stackmaptest.Record{ID: 1000 + uint64(i), InstructionOffset: 8})
	}
	tab.Records = append(tab.Records, stackmaptest.Record{ID: 2, InstructionOffset: 12},
		stackmaptest.Record{ID: 7, InstructionOffset: 0}, stackmaptest.Record{ID: 8, InstructionOffset: 0}, stackmaptest.Record{ID: 9, InstructionOffset: 0})
	sec, err := stackmap.Parse(stackmaptest.Encode(binary.LittleEndian, tab), binary.LittleEndian)
	require.NoError(tb, err)
	return sec
}

// TestMatchManyRecordsAtOneAddress: 2^20 records at one address; Len and
// Record(i) answer from the run directory without scanning the run.
func TestMatchManyRecordsAtOneAddress(t *testing.T) {
	const n = 1 << 20
	sec := sharedAddressSection(t, n)
	for name, ix := range map[string]*stackmap.Index{
		"bare":    stackmap.NewIndex(sec),
		"extents": stackmap.NewIndexOptions(sec, stackmap.IndexOptions{Extents: []stackmap.Extent{{Start: 0x1000, End: 0x1010}, {Start: 0x2000, End: 0x2004}}}),
	} {
		assert.Equal(t, n+5, ix.Len(), name)
		assert.Equal(t, 1, stackmap.IndexRuns(ix), "%s: the one long run (the 3 records at 0x2000 are a short one)", name)
		m, ok := ix.Lookup(0x1008, 0)
		require.True(t, ok, name)
		require.Equal(t, n, m.Len(), name)
		for _, i := range []int{0, 1, n / 2, n - 1} {
			r, ok := m.Record(i)
			require.True(t, ok, name)
			assert.Equal(t, uint64(1000+i), r.ID(), name)
			assert.Equal(t, 1+i, r.Index(), name)
		}
		_, ok = m.Record(n)
		assert.False(t, ok)
		_, ok = m.Record(-1)
		assert.False(t, ok)

		// Around the run: single records.
		m, ok = ix.Lookup(0x1004, 0)
		require.True(t, ok)
		assert.Equal(t, 1, m.Len())
		m, ok = ix.Lookup(0x100c, 0)
		require.True(t, ok)
		assert.Equal(t, 1, m.Len())
		r, _ := m.Record(0)
		assert.Equal(t, uint64(2), r.ID())
		m, ok = ix.Lookup(0x2000, 0)
		require.True(t, ok)
		require.Equal(t, 3, m.Len())
		ids := []uint64{}
		for _, r := range m.Records() {
			ids = append(ids, r.ID())
		}
		assert.Equal(t, []uint64{7, 8, 9}, ids)

		// The cost of Len and Record(i) does not grow with the run.
		m, _ = ix.Lookup(0x1008, 0)
		assert.Zero(t, testing.AllocsPerRun(10, func() {
			r, _ := m.Record(n - 1)
			sink += uint64(m.Len()) + r.ID()
		}))
	}
	// Preceding lookups find the run's start from any of its positions.
	ix := stackmap.NewIndexOptions(sec, stackmap.IndexOptions{Extents: []stackmap.Extent{{Start: 0x1000, End: 0x1010}}})
	m, ok := ix.LookupPreceding(0x100b, 0)
	require.True(t, ok)
	assert.False(t, m.Exact())
	assert.Equal(t, uint64(0x1008), m.Address())
	require.Equal(t, n, m.Len())
	r, _ := m.Record(0)
	assert.Equal(t, uint64(1000), r.ID())
	m, ok = ix.At(0x100b, 0)
	require.True(t, ok)
	assert.Equal(t, n, m.Len())
}

// BenchmarkMatchLen: Len and Record(i) of a match of 2^20 records at one
// address (each scanned the whole run before the run directory).
func BenchmarkMatchLen(b *testing.B) {
	const n = 1 << 20
	ix := stackmap.NewIndex(sharedAddressSection(b, n))
	m, ok := ix.Lookup(0x1008, 0)
	require.True(b, ok)
	b.Run("Len", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			sink += uint64(m.Len())
		}
	})
	b.Run("Record", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			r, _ := m.Record(i & (n - 1))
			sink += uint64(r.NumLocations())
		}
	})
	b.Run("Lookup+Len", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			m, _ := ix.Lookup(0x1008, 0)
			sink += uint64(m.Len())
		}
	})
}
