package stackmap_test

import (
	"encoding/binary"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/stackmap"
)

// TestWriterRefusals checks that AppendTable refuses what no reader could
// decode, naming the part and field at fault.
func TestWriterRefusals(t *testing.T) {
	reg := stackmap.Location{Kind: stackmap.Register, Size: 8, Reg: 3}
	one := func() stackmap.TableSpec {
		return stackmap.TableSpec{
			Version:   stackmap.Version3,
			Functions: []stackmap.FunctionSpec{{Address: 0x1000, StackSize: 16, RecordCount: 1}},
			Records:   []stackmap.RecordSpec{{ID: 1, Locations: []stackmap.Location{reg}}},
		}
	}
	cases := []struct {
		name   string
		edit   func(*stackmap.TableSpec)
		want   string
		record int
		loc    int
	}{
		{"version", func(s *stackmap.TableSpec) { s.Version = 4 }, "stackmap: encode: table 0, Version: version 4 is not 1, 2 or 3", -1, -1},
		{"counts", func(s *stackmap.TableSpec) { s.Functions[0].RecordCount = 0 }, "stackmap: encode: table 0, Records: function record counts sum to 0, the table has 1 records", -1, -1},
		{"kind", func(s *stackmap.TableSpec) { s.Records[0].Locations[0].Kind = 9 }, "stackmap: encode: table 0, record 0, location 0, Kind: location kind 9 is not 1 to 5", 0, 0},
		{"index", func(s *stackmap.TableSpec) {
			s.Records[0].Locations[0] = stackmap.Location{Kind: stackmap.ConstantIndex, Size: 8, Offset: 2}
		}, "stackmap: encode: table 0, record 0, location 0, Offset: constant index 2, the table has 0 constants", 0, 0},
		{"v1 size", func(s *stackmap.TableSpec) {
			s.Version, s.Functions[0].RecordCount = stackmap.Version1, 0
			s.Records[0].Locations[0].Size = 300
		}, "stackmap: encode: table 0, record 0, location 0, Size: 300 does not fit version 1's 8 bits", 0, 0},
	}
	for _, c := range cases {
		s := one()
		c.edit(&s)
		_, err := stackmap.AppendTable(nil, &s, binary.LittleEndian)
		require.Error(t, err, c.name)
		assert.EqualError(t, err, c.want, c.name)
		assert.True(t, errors.Is(err, stackmap.ErrEncode), c.name)
		var ee *stackmap.EncodeError
		require.True(t, errors.As(err, &ee), c.name)
		assert.Equal(t, c.record, ee.Record, c.name)
		assert.Equal(t, c.loc, ee.Location, c.name)
	}
	s := one()
	n, err := stackmap.EncodedSize(&s)
	require.NoError(t, err)
	data, err := stackmap.AppendTable([]byte{0xAA}, &s, binary.BigEndian)
	require.NoError(t, err)
	assert.Equal(t, 1+n, len(data))
	assert.Equal(t, byte(0xAA), data[0])
	assert.Equal(t, 16+24+32+8, n) // header, function, record header and location padded to 32, live-out header padded to 8
}
