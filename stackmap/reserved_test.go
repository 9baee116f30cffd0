package stackmap_test

import (
	"encoding/binary"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/internal/stackmaptest"
	"github.com/stackmaps/stackmaps/stackmap"
)

// reservedByte is one byte of a section that LLVM always writes as zero:
// the section offset of its field's first byte, and the words the error
// must name the field with.
type reservedByte struct {
	off, field int
	name       string
}

// reservedBytes lists every reserved and padding byte of sec, found from
// the layout accessors (not from the validation it tests).
func reservedBytes(sec *stackmap.Section) []reservedByte {
	var out []reservedByte
	add := func(field, n int, name string) {
		for i := range n {
			out = append(out, reservedByte{field + i, field, name})
		}
	}
	for _, t := range sec.Tables() {
		add(t.Offset()+1, 1, "header reserved byte")
		add(t.Offset()+2, 2, "header reserved 16 bits")
		for _, r := range t.Records() {
			add(r.FieldOffset(stackmap.RecordFlagsField), 2, "record flags")
			if t.Version() == stackmap.Version3 {
				for i := range r.NumLocations() {
					add(r.LocationOffset(i)+stackmap.LocationReserved0Field, 1, "location reserved byte")
					add(r.LocationOffset(i)+stackmap.LocationReserved1Field, 2, "location reserved 16 bits")
				}
			}
			for p := r.LocationOffset(r.NumLocations()); p < r.LiveOutHeaderOffset(); p++ {
				add(p, 1, "padding after the locations")
			}
			add(r.LiveOutHeaderOffset(), 2, "live-out header padding")
			for i := range r.NumLiveOuts() {
				add(r.LiveOutOffset(i)+stackmap.LiveOutReservedField, 1, "live-out reserved byte")
			}
			for p := r.LiveOutOffset(r.NumLiveOuts()); p < r.Offset()+r.Size(); p++ {
				add(p, 1, "padding after the live-outs")
			}
		}
	}
	return out
}

// assertReservedRefused sets each reserved byte of data in turn and checks
// that Parse refuses it with ErrReserved at the field, naming the field,
// and that the Scanner reports the same error.
func assertReservedRefused(t *testing.T, name string, data []byte, bo binary.ByteOrder) int {
	t.Helper()
	sec, err := stackmap.Parse(data, bo)
	require.NoError(t, err, name)
	bytes := reservedBytes(sec)
	buf := make([]byte, len(data))
	for _, rb := range bytes {
		copy(buf, data)
		buf[rb.off] = 0x5a
		_, err := stackmap.Parse(buf, bo)
		var de *stackmap.DecodeError
		require.True(t, errors.As(err, &de), "%s: byte %d (%s) set: got %v", name, rb.off, rb.name, err)
		require.ErrorIs(t, err, stackmap.ErrReserved, "%s: byte %d (%s)", name, rb.off, rb.name)
		require.ErrorIs(t, err, stackmap.ErrMalformed)
		require.Equal(t, rb.field, de.Offset, "%s: byte %d (%s): %v", name, rb.off, rb.name, err)
		require.True(t, strings.Contains(de.Detail, rb.name), "%s: %v does not name %q", name, err, rb.name)
		require.Equal(t, err.Error(), scanErr(buf, bo).Error(), "%s: byte %d", name, rb.off)
	}
	return len(bytes)
}

// Every reserved field and padding byte of every checked-in section that
// llc wrote is refused when it is not zero, at its offset and by name.
func TestReservedFieldsRefused(t *testing.T) {
	n := 0
	for _, g := range goldenSections(t) {
		n += assertReservedRefused(t, g.name, g.data, g.order)
	}
	assert.Greater(t, n, 10000)
}

// The same for versions 1 and 2, both byte orders, and tables whose
// records Parse checks by slots (large, varying records) and by the loop;
// live-out counts 0 to 5 cover every mask of the live-out area.
func TestReservedFieldsRefusedEveryShape(t *testing.T) {
	rng := rand.New(rand.NewPCG(20, 20))
	for _, bo := range []interface {
		binary.ByteOrder
		binary.AppendByteOrder
	}{binary.LittleEndian, binary.BigEndian} {
		for _, v := range []uint8{1, 2, 3} {
			tab := bigRecordTable(rng, 40, 3)
			tab.Version = v
			for i := range tab.Records {
				tab.Records[i].LiveOuts = nil
				for j := range i % 6 {
					tab.Records[i].LiveOuts = append(tab.Records[i].LiveOuts, stackmaptest.LiveOut{Reg: uint16(j), Size: 8})
				}
			}
			data := stackmaptest.Encode(bo, tab)
			if v == 3 && bo == binary.LittleEndian {
				require.True(t, stackmap.UsesSlots(data, bo))
			}
			assertReservedRefused(t, "big", data, bo)
			small := smallTable()
			small.Version = v
			assertReservedRefused(t, "small", stackmaptest.Encode(bo, small, small), bo)
		}
	}
}
