package stackmap_test

import (
	"encoding/binary"
	"errors"
	"runtime"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/internal/stackmaptest"
	"github.com/stackmaps/stackmaps/stackmap"
)

// smallTable is a valid version 3 table: two functions, one constant,
// three records (one with live-outs).
func smallTable() stackmaptest.Table {
	return stackmaptest.Table{
		Version:   3,
		Functions: []stackmaptest.Function{{Address: 0x1000, StackSize: 24, RecordCount: 2}, {Address: 0x2000, StackSize: stackmap.DynamicStackSize, RecordCount: 1}},
		Constants: []uint64{1 << 40},
		Records: []stackmaptest.Record{
			{ID: 1, InstructionOffset: 4, Locations: []stackmaptest.Location{{Kind: 1, Size: 8, Reg: 3}, {Kind: 5, Size: 8, Offset: 0}, {Kind: 4, Size: 8, Offset: -1}}},
			{ID: 2, InstructionOffset: 9, LiveOuts: []stackmaptest.LiveOut{{Reg: 7, Size: 8}}},
			{ID: 3, InstructionOffset: 16, Locations: []stackmaptest.Location{{Kind: 3, Size: 8, Reg: 6, Offset: -16}, {Kind: 2, Size: 8, Reg: 7, Offset: 8}}},
		},
	}
}

func decodeErr(t *testing.T, data []byte) *stackmap.DecodeError {
	t.Helper()
	_, err := stackmap.Parse(data, binary.LittleEndian)
	require.Error(t, err)
	var de *stackmap.DecodeError
	require.True(t, errors.As(err, &de), "error %v is not a *DecodeError", err)
	return de
}

func TestSmallTableDecodes(t *testing.T) {
	for _, bo := range []binary.AppendByteOrder{binary.LittleEndian, binary.BigEndian} {
		sec, err := stackmap.Parse(stackmaptest.Encode(bo, smallTable()), bo.(binary.ByteOrder))
		require.NoError(t, err)
		tab := sec.Table(0)
		f1, _ := tab.Function(1)
		assert.True(t, f1.DynamicStack())
		recs := collect(tab)
		require.Len(t, recs, 3)
		assert.Equal(t, []int{0, 0, 1}, []int{recs[0].Function(), recs[1].Function(), recs[2].Function()})
		l, _ := recs[0].Location(2)
		assert.Equal(t, int64(-1), l.SmallConstant())
		v, ok := recs[0].ConstantValue(l)
		assert.True(t, ok)
		assert.Equal(t, ^uint64(0), v)
		assert.True(t, recs[0].PaddingZero())
	}
}

func TestHugeCountsRefusedBeforeAllocation(t *testing.T) {
	data := stackmaptest.Encode(binary.LittleEndian, stackmaptest.Table{Version: 3})
	for _, field := range []int{4, 8, 12} {
		b := append([]byte(nil), data...)
		binary.LittleEndian.PutUint32(b[field:], 0xFFFFFFFF)
		b = append(b, make([]byte, 48)...) // 64 bytes in all
		assert.Less(t, bytesAllocated(func() { _, _ = stackmap.Parse(b, binary.LittleEndian) }), uint64(1<<16),
			"refusing a count of 2^32-1 must not allocate in proportion to it")
		de := decodeErr(t, b)
		assert.ErrorIs(t, de, stackmap.ErrTruncated)
		assert.ErrorIs(t, de, stackmap.ErrMalformed)
		assert.Equal(t, field, de.Offset, "the offset names the count field")
		assert.Equal(t, 0, de.Table)
	}
}

// bytesAllocated returns the heap bytes f allocates.
func bytesAllocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

func TestBadLocationKind(t *testing.T) {
	tab := smallTable()
	tab.Records[2].Locations[1].Kind = 7
	de := decodeErr(t, stackmaptest.Encode(binary.LittleEndian, tab))
	assert.ErrorIs(t, de, stackmap.ErrLocationKind)
	assert.Equal(t, 0, de.Table)
	assert.Equal(t, 2, de.Record)
	assert.Equal(t, 1, de.Location)
	// header 16 + functions 48 + constants 8, record 0 is 16+36+4+8 = 64,
	// record 1 is 24: record 2 starts at 72+64+24 = 160, its location 1 at
	// 160+16+12.
	assert.Equal(t, 188, de.Offset)
	assert.Contains(t, de.Error(), "table 0, record 2, location 1, offset 188 (0xbc): location kind 7")
}

func TestKindZero(t *testing.T) {
	tab := smallTable()
	tab.Records[0].Locations[0].Kind = 0
	assert.ErrorIs(t, decodeErr(t, stackmaptest.Encode(binary.LittleEndian, tab)), stackmap.ErrLocationKind)
}

func TestConstantIndexOutOfRange(t *testing.T) {
	tab := smallTable()
	tab.Records[0].Locations[1].Offset = 1
	de := decodeErr(t, stackmaptest.Encode(binary.LittleEndian, tab))
	assert.ErrorIs(t, de, stackmap.ErrConstantIndex)
	assert.Equal(t, 0, de.Record)
	assert.Equal(t, 1, de.Location)
}

func TestRecordCountsMustSum(t *testing.T) {
	tab := smallTable()
	tab.Functions[1].RecordCount = 0
	de := decodeErr(t, stackmaptest.Encode(binary.LittleEndian, tab))
	assert.ErrorIs(t, de, stackmap.ErrRecordCount)

	tab = smallTable()
	tab.Functions[0].RecordCount = 1 << 62
	de = decodeErr(t, stackmaptest.Encode(binary.LittleEndian, tab))
	assert.ErrorIs(t, de, stackmap.ErrRecordCount)
	assert.Equal(t, 0, de.Function)
	assert.Equal(t, 16+16, de.Offset, "offset of function 0's record count")
}

func TestUnsupportedVersions(t *testing.T) {
	for _, v := range []uint8{0, 4, 0xff} {
		tab := smallTable()
		tab.Version = v
		de := decodeErr(t, stackmaptest.Encode(binary.LittleEndian, tab))
		assert.ErrorIs(t, de, stackmap.ErrUnsupportedVersion)
		assert.NotErrorIs(t, de, stackmap.ErrMalformed)
		assert.Contains(t, de.Error(), "version")
	}
	de := decodeErr(t, stackmaptest.Encode(binary.LittleEndian, stackmaptest.Table{Version: 4}))
	assert.Contains(t, de.Error(), "version 4")
}

func TestTrailingBytes(t *testing.T) {
	data := append(stackmaptest.Encode(binary.LittleEndian, smallTable()), make([]byte, 8)...)
	de := decodeErr(t, data)
	assert.ErrorIs(t, de, stackmap.ErrTrailingData)
	assert.Equal(t, len(data)-8, de.Offset)
}

func TestEmptyAndNilOrder(t *testing.T) {
	_, err := stackmap.Parse(nil, binary.LittleEndian)
	assert.ErrorIs(t, err, stackmap.ErrNoTables)
	_, err = stackmap.Parse(stackmaptest.Encode(binary.LittleEndian, smallTable()), nil)
	assert.Error(t, err)
}

func TestSeveralTables(t *testing.T) {
	a, b := smallTable(), smallTable()
	b.Version = 1
	b.Functions = b.Functions[:1]
	b.Records[2].Locations[0].Kind = 2
	c := smallTable()
	c.Version = 2
	data := stackmaptest.Encode(binary.BigEndian, a, b, c)
	sec, err := stackmap.Parse(data, binary.BigEndian)
	require.NoError(t, err)
	require.Equal(t, 3, sec.NumTables())
	assert.Equal(t, []stackmap.Version{3, 1, 2}, []stackmap.Version{sec.Table(0).Version(), sec.Table(1).Version(), sec.Table(2).Version()})
	assert.Equal(t, 0, sec.Table(0).Offset())
	assert.Equal(t, sec.Table(0).Size(), sec.Table(1).Offset())
	assert.Equal(t, len(data), sec.Table(2).Offset()+sec.Table(2).Size())
	assert.Equal(t, 1, sec.Table(1).Index())
	assert.Nil(t, sec.Table(3))
	// Each table resolves its own constant indexes and record counts.
	for i := 0; i < 3; i++ {
		recs := collect(sec.Table(i))
		require.Len(t, recs, 3)
		l, _ := recs[0].Location(1)
		v, ok := recs[0].ConstantValue(l)
		assert.True(t, ok)
		assert.Equal(t, uint64(1<<40), v)
	}
	// A fault in the third table names it.
	c.Records[1].LiveOuts = make([]stackmaptest.LiveOut, 3)
	data = stackmaptest.Encode(binary.BigEndian, a, b, c)
	data = data[:len(data)-8]
	_, err = stackmap.Parse(data, binary.BigEndian)
	var de *stackmap.DecodeError
	require.ErrorAs(t, err, &de)
	assert.Equal(t, 2, de.Table)
}

func TestVersion1SeveralFunctionsHasNoAttribution(t *testing.T) {
	tab := smallTable()
	tab.Version = 1
	sec, err := stackmap.Parse(stackmaptest.Encode(binary.LittleEndian, tab), binary.LittleEndian)
	require.NoError(t, err)
	for _, r := range sec.Table(0).Records() {
		assert.Equal(t, -1, r.Function())
	}
	f, _ := sec.Table(0).Function(0)
	assert.False(t, f.HasRecordCount())
}

func TestOutOfRangeAccessorsDoNotPanic(t *testing.T) {
	sec, err := stackmap.Parse(stackmaptest.Encode(binary.LittleEndian, smallTable()), binary.LittleEndian)
	require.NoError(t, err)
	tab := sec.Table(0)
	_, ok := tab.Function(-1)
	assert.False(t, ok)
	_, ok = tab.Function(2)
	assert.False(t, ok)
	_, ok = tab.Constant(1)
	assert.False(t, ok)
	r := collect(tab)[1]
	_, ok = r.Location(0)
	assert.False(t, ok)
	_, ok = r.LiveOut(1)
	assert.False(t, ok)
	var zero stackmap.Table
	for range zero.Records() {
		t.Fatal("a zero Table has no records")
	}
}
