package stackmap_test

import (
	"bytes"
	"encoding/binary"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/stackmap"
)

// TestAppendTableHeadAndRecords writes every checked-in table as a head
// and its records one at a time: the bytes are AppendTable's, which are
// llc's.
func TestAppendTableHeadAndRecords(t *testing.T) {
	n := 0
	for name, s := range corpusSections(t) {
		bo := s.ByteOrder()
		for i, tb := range s.Tables() {
			spec := tb.Spec()
			got, err := stackmap.AppendTableHead(nil, &spec, len(spec.Records), bo)
			require.NoError(t, err, "%s table %d", name, i)
			for j := range spec.Records {
				got, err = stackmap.AppendRecords(got, spec.Records[j:j+1], j, spec.Version, len(spec.Constants), bo)
				require.NoError(t, err, "%s table %d record %d", name, i, j)
			}
			if !bytes.Equal(got, tb.Bytes()) {
				t.Errorf("%s table %d: head and records differ from the table", name, i)
			}
			n++
		}
	}
	assert.Greater(t, n, 900)
}

// TestAppendRecordsRefuses checks the refusals name the record by its
// index in the table.
func TestAppendRecordsRefuses(t *testing.T) {
	rec := stackmap.RecordSpec{Locations: []stackmap.Location{{Kind: stackmap.ConstantIndex, Offset: 2}}}
	_, err := stackmap.AppendRecords(nil, []stackmap.RecordSpec{rec}, 7, stackmap.Version3, 2, binary.LittleEndian)
	var ee *stackmap.EncodeError
	require.True(t, errors.As(err, &ee), "%v", err)
	assert.Equal(t, 7, ee.Record)
	assert.Equal(t, "Offset", ee.Field)
	spec := stackmap.TableSpec{Functions: []stackmap.FunctionSpec{{RecordCount: 2}}}
	_, err = stackmap.AppendTableHead(nil, &spec, 1, binary.LittleEndian)
	assert.ErrorIs(t, err, stackmap.ErrEncode)
}
