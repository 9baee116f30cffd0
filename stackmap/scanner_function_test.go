package stackmap_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/stackmap"
)

// The Scanner works out which function a record belongs to only when
// Record asks: a caller that asks for every k-th record, or only for the
// records after the first few, gets the function (and address) Parse
// gives, on every checked-in section (version 1 tables with one function
// and with several, functions with no records, big-endian tables).
func TestScannerRecordFunctionWhenAskedSometimes(t *testing.T) {
	for _, g := range scanSections(t) {
		sec, err := stackmap.Parse(g.data, g.order)
		require.NoError(t, err, g.name)
		for _, every := range []int{1, 2, 3, 5, 7} {
			for _, from := range []int{0, 4} {
				name := fmt.Sprintf("%s every %d from %d", g.name, every, from)
				sc := stackmap.NewScanner(g.data, g.order)
				ti, asked := 0, 0
				for sc.NextTable() {
					var want []stackmap.Record
					for _, r := range sec.Table(ti).Records() {
						want = append(want, r)
					}
					ri := 0
					for sc.NextView().Valid() {
						if ri >= from && ri%every == 0 {
							require.Less(t, ri, len(want), name)
							wr := want[ri]
							r := sc.Record()
							assert.Equal(t, wr.Function(), r.Function(), "%s: table %d record %d", name, ti, ri)
							wa, wok := wr.Address()
							ga, gok := r.Address()
							assert.Equal(t, [2]any{wa, wok}, [2]any{ga, gok}, "%s: table %d record %d", name, ti, ri)
							assert.Equal(t, r.Function(), sc.Record().Function(), "%s: asked twice", name)
							asked++
						}
						ri++
					}
					ti++
				}
				require.NoError(t, sc.Err(), name)
				if from == 0 {
					require.Positive(t, asked, name)
				}
			}
		}
	}
}

// Function's fast path (little-endian bytes, no relocations) and its other
// path give the same index and address: the functions of every checked-in
// section, parsed and scanned, and the zero Function.
func TestFunctionIndexAndAddress(t *testing.T) {
	for _, g := range scanSections(t) {
		sec, err := stackmap.Parse(g.data, g.order)
		require.NoError(t, err, g.name)
		sc := stackmap.NewScanner(g.data, g.order)
		for ti := 0; sc.NextTable(); ti++ {
			want, got := sec.Table(ti), sc.Table()
			for i := range want.NumFunctions() {
				wf, _ := want.Function(i)
				gf, _ := got.Function(i)
				assert.Equal(t, i, wf.Index(), g.name)
				assert.Equal(t, i, gf.Index(), g.name)
				assert.Equal(t, wf.StoredAddress(), wf.Address(), "%s: bare bytes: nothing relocates", g.name)
				assert.Equal(t, gf.StoredAddress(), gf.Address(), g.name)
				assert.Equal(t, wf.Offset(), gf.Offset(), g.name)
			}
			_, ok := got.Function(got.NumFunctions())
			assert.False(t, ok, g.name)
		}
		require.NoError(t, sc.Err(), g.name)
	}
	var zero stackmap.Function
	assert.Zero(t, zero.Address())
	assert.Zero(t, zero.Index())
	assert.Zero(t, zero.StackSize())
	assert.Zero(t, zero.RecordCount())
	assert.Zero(t, zero.Entry())
}
