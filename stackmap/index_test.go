package stackmap_test

import (
	"encoding/binary"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/internal/stackmaptest"
	"github.com/stackmaps/stackmaps/stackmap"
)

// indexedSmallTable indexes smallTable: function 0 at 0x1000 with records
// at +4 and +9, function 1 at 0x2000 with a record at +16.
func indexedSmallTable(t *testing.T) *stackmap.Index {
	sd := &stackmap.SectionData{ByteOrder: binary.LittleEndian, Data: stackmaptest.Encode(binary.LittleEndian, smallTable())}
	sec, err := sd.Parse()
	require.NoError(t, err)
	return stackmap.NewIndex(sec)
}

func TestIndexLookupExact(t *testing.T) {
	ix := indexedSmallTable(t)
	assert.Equal(t, 3, ix.Len())
	const bias = 0x7f0000000000
	m, ok := ix.Lookup(bias+0x1009, bias)
	require.True(t, ok)
	assert.True(t, m.Exact())
	assert.Equal(t, uint64(0x1009), m.Address())
	require.Equal(t, 1, m.Len())
	assert.Equal(t, uint64(2), rec(m, 0).ID())
	assert.Equal(t, 0, rec(m, 0).Function())
	_, ok = ix.Lookup(bias+0x1008, bias)
	assert.False(t, ok)
	m, ok = ix.Lookup(0x2010, 0)
	require.True(t, ok)
	assert.Equal(t, uint64(3), rec(m, 0).ID())
}

func TestIndexLookupPreceding(t *testing.T) {
	// Bare bytes: no function has a known extent, so only exact answers.
	ix := indexedSmallTable(t)
	_, ok := ix.LookupPreceding(0x1008, 0)
	assert.False(t, ok, "no extent known")
	m, ok := ix.LookupPreceding(0x1009, 0)
	require.True(t, ok)
	assert.True(t, m.Exact())
	assert.Equal(t, uint64(2), rec(m, 0).ID())
	_, _, ok = ix.Function(0x2004, 0)
	assert.False(t, ok, "no extent known")

	// With the runtime's extents: f is 0x1000-0x1010, g 0x2000-0x2040;
	// one extent over f and h (at 0x1800, no stack maps) would reach to g.
	sd := &stackmap.SectionData{ByteOrder: binary.LittleEndian, Data: stackmaptest.Encode(binary.LittleEndian, smallTable())}
	sec, err := sd.Parse()
	require.NoError(t, err)
	ix = stackmap.NewIndexOptions(sec, stackmap.IndexOptions{Extents: []stackmap.Extent{{0x2000, 0x2040}, {0x1000, 0x1010}}})
	m, ok = ix.LookupPreceding(0x1008, 0)
	require.True(t, ok)
	assert.False(t, m.Exact())
	assert.Equal(t, uint64(1), rec(m, 0).ID())
	m, ok = ix.LookupPreceding(0x100f, 0)
	require.True(t, ok)
	assert.Equal(t, uint64(2), rec(m, 0).ID())
	_, ok = ix.LookupPreceding(0x1010, 0)
	assert.False(t, ok, "past f's extent")
	_, ok = ix.LookupPreceding(0x1fff, 0)
	assert.False(t, ok)
	// 0x2004 is in function 1 before its only record: the preceding record
	// belongs to function 0, so there is no match.
	_, ok = ix.LookupPreceding(0x2004, 0)
	assert.False(t, ok)
	_, ok = ix.LookupPreceding(0x0fff, 0)
	assert.False(t, ok)
	m, ok = ix.LookupPreceding(0x203f, 0)
	require.True(t, ok)
	assert.Equal(t, uint64(3), rec(m, 0).ID())
	_, ok = ix.LookupPreceding(0x2040, 0)
	assert.False(t, ok)
	f, ext, ok := ix.Function(0x2004, 0)
	require.True(t, ok)
	assert.Equal(t, 0, f.Table().Index())
	assert.Equal(t, 1, f.Index())
	assert.Equal(t, stackmap.Extent{Start: 0x2000, End: 0x2040}, ext, "the extent IndexOptions gave")
	assert.Zero(t, f.Size(), "bare bytes: no symbol size")
	_, _, ok = ix.Function(0x1010, 0)
	assert.False(t, ok)

	module := stackmap.NewIndexOptions(sec, stackmap.IndexOptions{Extents: []stackmap.Extent{{0x1000, 0x3000}}})
	m, ok = module.LookupPreceding(0x1fff, 0)
	require.True(t, ok, "a module extent reaches to the next function")
	assert.Equal(t, uint64(2), rec(m, 0).ID())
	_, ok = module.LookupPreceding(0x3000, 0)
	assert.False(t, ok)
}

func TestIndexSharedAddressesAndSymbolSizes(t *testing.T) {
	tab := smallTable()
	tab.Records[1].InstructionOffset = 4 // records 0 and 1 share 0x1004
	sd := stackmap.NewSectionData(stackmap.SectionData{ByteOrder: binary.LittleEndian, Data: stackmaptest.Encode(binary.LittleEndian, tab)},
		stackmap.Relocations{Symbols: []stackmap.Symbol{{Name: "f", Value: 0x1000, Size: 0x20}, {Name: "g", Value: 0x2000, Size: 0x40}}}, nil)
	sec, err := sd.Parse()
	require.NoError(t, err)
	ix := stackmap.NewIndex(sec)
	m, ok := ix.Lookup(0x1004, 0)
	require.True(t, ok)
	require.Equal(t, 2, m.Len())
	var ids []uint64
	for _, r := range m.Records() {
		ids = append(ids, r.ID())
	}
	assert.Equal(t, []uint64{1, 2}, ids)
	m, ok = ix.LookupPreceding(0x101f, 0)
	require.True(t, ok)
	assert.Equal(t, 2, m.Len())
	_, ok = ix.LookupPreceding(0x1020, 0)
	assert.False(t, ok, "past f's symbol size")
	assert.Zero(t, testing.AllocsPerRun(100, func() {
		m, _ := ix.LookupPreceding(0x101f, 0)
		for _, r := range m.Records() {
			sink += r.ID()
		}
	}))
}

func TestRecordsAtVersion1(t *testing.T) {
	tab := smallTable()
	tab.Version = 1
	sec, err := stackmap.Parse(stackmaptest.Encode(binary.LittleEndian, tab), binary.LittleEndian)
	require.NoError(t, err)
	assert.Equal(t, 0, stackmap.NewIndex(sec).Len(), "v1 records without a function have no address")
	var ids []uint64
	for _, r := range sec.Table(0).RecordsAt(1, 16) {
		ids = append(ids, r.ID())
	}
	assert.Equal(t, []uint64{3}, ids)
}

// rec returns record i of a match, which must exist.
func rec(m stackmap.Match, i int) stackmap.Record {
	r, ok := m.Record(i)
	if !ok {
		panic("no such record in the match")
	}
	return r
}

func TestMatchRecordOutOfRange(t *testing.T) {
	m, ok := indexedSmallTable(t).Lookup(0x1004, 0)
	require.True(t, ok)
	_, ok = m.Record(1)
	assert.False(t, ok)
	_, ok = m.Record(-1)
	assert.False(t, ok)
}

func TestNewIndexWithoutSectionData(t *testing.T) {
	sec, err := stackmap.Parse(stackmaptest.Encode(binary.LittleEndian, smallTable()), binary.LittleEndian)
	require.NoError(t, err)
	ix := stackmap.NewIndex(sec)
	m, ok := ix.Lookup(0x2010, 0)
	require.True(t, ok)
	assert.Equal(t, uint64(3), rec(m, 0).ID())
}

// A record found through the index works out its index in its table on
// demand: it must be the index iteration gives, in every table of a real
// linked section and in a table whose functions hold many records (and
// one holds none).
func TestIndexRecordKnowsItsIndex(t *testing.T) {
	linked, err := os.ReadFile("../testdata/linked/x86_64-elf/exe.stackmaps.bin")
	require.NoError(t, err)
	tab := smallTable()
	tab.Functions = append([]stackmaptest.Function{{Address: 0x500, StackSize: 8}}, tab.Functions...) // no records
	for _, data := range [][]byte{linked, largeSection(20, 30), stackmaptest.Encode(binary.LittleEndian, tab)} {
		sec, err := stackmap.Parse(data, binary.LittleEndian)
		require.NoError(t, err)
		ix := stackmap.NewIndex(sec)
		n := 0
		for _, tb := range sec.Tables() {
			for i, r := range tb.Records() {
				addr, ok := r.Address()
				require.True(t, ok)
				m, ok := ix.Lookup(addr, 0)
				require.True(t, ok)
				found := false
				for _, mr := range m.Records() {
					if mr.Table() == tb && mr.Offset() == r.Offset() {
						assert.Equal(t, i, mr.Index())
						assert.Equal(t, r.Function(), mr.Function())
						found = true
					}
				}
				assert.True(t, found)
				n++
			}
		}
		assert.Equal(t, ix.Len(), n)
	}
}
