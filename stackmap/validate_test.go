package stackmap_test

import (
	"encoding/binary"
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/internal/stackmaptest"
	"github.com/stackmaps/stackmaps/stackmap"
)

// bigRecordTable returns a valid version 3 table of one function with nr
// records of 8 to 16 locations of every kind (large records: Parse checks
// them keySlots at a time, and takes the loop for those over 12) and nc
// constants.
func bigRecordTable(rng *rand.Rand, nr, nc int) stackmaptest.Table {
	tab := stackmaptest.Table{Version: 3, Functions: []stackmaptest.Function{{Address: 0x1000, StackSize: 64, RecordCount: uint64(nr)}}}
	for i := range nc {
		tab.Constants = append(tab.Constants, uint64(i)<<40)
	}
	for i := range nr {
		r := stackmaptest.Record{ID: uint64(i), InstructionOffset: uint32(8 * i)}
		for range 8 + rng.IntN(9) {
			l := stackmaptest.Location{Kind: uint8(1 + rng.IntN(4)), Size: 8, Reg: uint16(rng.IntN(16)), Offset: int32(rng.Uint32())}
			if nc > 0 && rng.IntN(4) == 0 {
				l.Kind, l.Offset = uint8(stackmap.ConstantIndex), int32(rng.IntN(nc))
			}
			r.Locations = append(r.Locations, l)
		}
		for range rng.IntN(3) {
			r.LiveOuts = append(r.LiveOuts, stackmaptest.LiveOut{Reg: 7, Size: 8})
		}
		tab.Records = append(tab.Records, r)
	}
	return tab
}

// A fault among large records is found where the loop finds it: the
// record, the location, and what is wrong, whichever way Parse checked.
func TestLargeRecordFaults(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, tc := range []struct {
		name       string
		kind       uint8
		index      int32
		want       error
		inTheSlots bool // the faulty location is among the first 12
	}{
		{"kind 0", 0, 0, stackmap.ErrLocationKind, true},
		{"kind 6", 6, 0, stackmap.ErrLocationKind, true},
		{"kind 255", 255, 0, stackmap.ErrLocationKind, true},
		{"index = NumConstants", 5, 3, stackmap.ErrConstantIndex, true},
		{"index 2^32-1", 5, -1, stackmap.ErrConstantIndex, true},
		{"kind 7 past slot 12", 7, 0, stackmap.ErrLocationKind, false},
		{"index past slot 12", 5, 4, stackmap.ErrConstantIndex, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tab := bigRecordTable(rng, 64, 3)
			rec := &tab.Records[40]
			n, loc := 12, 11 // the last slot
			if !tc.inTheSlots {
				n, loc = 16, 14 // a record too large for the slots
			}
			for len(rec.Locations) < n {
				rec.Locations = append(rec.Locations, stackmaptest.Location{Kind: 1, Size: 8})
			}
			rec.Locations = rec.Locations[:n]
			rec.Locations[loc].Kind, rec.Locations[loc].Offset = tc.kind, tc.index
			de := decodeErr(t, stackmaptest.Encode(binary.LittleEndian, tab))
			assert.ErrorIs(t, de, tc.want)
			assert.Equal(t, 40, de.Record)
			assert.Equal(t, loc, de.Location)
		})
	}
	// A bad location before a record that runs past the end is reported,
	// not the truncation: faults come in record order.
	tab := bigRecordTable(rng, 64, 3)
	tab.Records[10].Locations[2].Kind = 9
	data := stackmaptest.Encode(binary.LittleEndian, tab)
	de := decodeErr(t, data[:len(data)-200])
	assert.ErrorIs(t, de, stackmap.ErrLocationKind)
	assert.Equal(t, []int{10, 2}, []int{de.Record, de.Location})
}

// Every large-record table, valid or not, validates the same by slots as
// by the loop: the same end, or the same first faulty record.
func TestSlotsAgreeWithLoop(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	faults := 0
	for i := range 2000 {
		nc := rng.IntN(5)
		tab := bigRecordTable(rng, 32+rng.IntN(40), nc)
		for range rng.IntN(3) { // plant up to two faults
			r := &tab.Records[rng.IntN(len(tab.Records))]
			l := &r.Locations[rng.IntN(len(r.Locations))]
			switch rng.IntN(3) {
			case 0:
				l.Kind = []uint8{0, 6, 8, 0x80, 0xff}[rng.IntN(5)]
			case 1:
				l.Kind, l.Offset = 5, int32(nc+rng.IntN(3))
			case 2:
				l.Kind, l.Offset = 5, math.MaxInt32
			}
		}
		data := stackmaptest.Encode(binary.LittleEndian, tab)
		if i%4 == 0 {
			data = data[:len(data)-rng.IntN(len(data)/2)] // also: records that do not fit
		}
		slots, loop, err := stackmap.ValidateBothWays(data)
		if err != nil {
			continue // cut into the header, or records too small once cut
		}
		require.Equal(t, loop, slots, "table %d", i)
		if slots[1] >= 0 {
			faults++
		}
	}
	assert.Greater(t, faults, 1000, "too few tables with a fault to mean anything")
}

// A little-endian table of large records is checked by slots, a
// big-endian one by the loop: both decode the same.
func TestLargeRecordsBothOrders(t *testing.T) {
	tab := bigRecordTable(rand.New(rand.NewPCG(5, 6)), 100, 4)
	var ids [2][]uint64
	for i, bo := range []binary.AppendByteOrder{binary.LittleEndian, binary.BigEndian} {
		sec, err := stackmap.Parse(stackmaptest.Encode(bo, tab), bo.(binary.ByteOrder))
		require.NoError(t, err)
		for _, r := range sec.Table(0).Records() {
			ids[i] = append(ids[i], r.ID()+uint64(r.NumLocations())<<32)
		}
	}
	require.Len(t, ids[0], 100)
	assert.Equal(t, ids[0], ids[1])
	_, _, err := stackmap.ValidateBothWays(stackmaptest.Encode(binary.LittleEndian, tab))
	assert.NoError(t, err, "the little-endian table is not checked by slots")
	assert.False(t, errors.Is(err, stackmap.ErrMalformed))
}

// Parse reads slots only for what gains from them: many large records
// whose numbers of locations vary, little-endian, version 3.
func TestWhichTablesUseSlots(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	varied := bigRecordTable(rng, 64, 2)
	uniform := bigRecordTable(rng, 64, 2)
	for i := range uniform.Records {
		uniform.Records[i].Locations = uniform.Records[i].Locations[:8]
	}
	small := bigRecordTable(rng, 64, 2)
	for i := range small.Records {
		small.Records[i].Locations = small.Records[i].Locations[:i%4]
		small.Records[i].LiveOuts = nil
	}
	few := bigRecordTable(rng, 31, 2)
	v2 := varied
	v2.Version = 2
	le, be := binary.LittleEndian, binary.BigEndian
	for _, tc := range []struct {
		name string
		data []byte
		bo   binary.ByteOrder
		want bool
	}{
		{"varied", stackmaptest.Encode(le, varied), le, true},
		{"varied, big-endian", stackmaptest.Encode(be, varied), be, false},
		{"varied, version 2", stackmaptest.Encode(le, v2), le, false},
		{"8 locations each", stackmaptest.Encode(le, uniform), le, false},
		{"0 to 3 locations", stackmaptest.Encode(le, small), le, false},
		{"31 records", stackmaptest.Encode(le, few), le, false},
	} {
		assert.Equal(t, tc.want, stackmap.UsesSlots(tc.data, tc.bo), tc.name)
		_, err := stackmap.Parse(tc.data, tc.bo)
		assert.NoError(t, err, tc.name)
	}
}

// FuzzSlots plants the fuzzer's bytes into a table of large records, one
// that Parse checks by slots, and requires the slots and the loop to agree
// (the same end, or the same first faulty record) and Parse never to
// panic. Each pair of input bytes is a position (scaled to the records)
// and the value written there.
func FuzzSlots(f *testing.F) {
	f.Add(uint64(1), []byte{})
	f.Add(uint64(2), []byte{0x40, 0x00, 0x90, 0x06})
	f.Add(uint64(3), []byte{0xff, 0xff, 0x10, 0x05, 0x20, 0xff})
	f.Fuzz(func(t *testing.T, seed uint64, edits []byte) {
		rng := rand.New(rand.NewPCG(seed, 11))
		tab := bigRecordTable(rng, 32+rng.IntN(32), rng.IntN(4))
		data := stackmaptest.Encode(binary.LittleEndian, tab)
		start := 16 + 24*len(tab.Functions) + 8*len(tab.Constants) // the first record
		for i := 0; i+1 < len(edits); i += 2 {
			pos := start + int(edits[i])*(len(data)-start)/256
			data[pos] = edits[i+1]
		}
		slots, loop, err := stackmap.ValidateBothWays(data)
		if err == nil && slots != loop {
			t.Fatalf("slots %v, loop %v", slots, loop)
		}
		_, _ = stackmap.Parse(data, binary.LittleEndian)
	})
}
