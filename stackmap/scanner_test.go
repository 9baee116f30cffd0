package stackmap_test

import (
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/internal/corpus"
	"github.com/stackmaps/stackmaps/internal/stackmaptest"
	"github.com/stackmaps/stackmaps/stackmap"
)

// scanErr reads data to its end with a Scanner and returns its Err.
func scanErr(data []byte, bo binary.ByteOrder) error {
	sc := stackmap.NewScanner(data, bo)
	for sc.NextTable() {
		for sc.NextRecord() {
		}
	}
	return sc.Err()
}

// scanSections returns every checked-in section: each object's, each
// linked binary's (several tables), the version 1 and 2 samples; with
// little-endian, big-endian, version 1, 2 and 3 tables among them.
func scanSections(t *testing.T) []goldenSection {
	out := goldenSections(t)
	linked, err := corpus.LinkedBinaries()
	require.NoError(t, err)
	for _, l := range linked {
		data, err := os.ReadFile(l.Path + ".stackmaps.bin")
		require.NoError(t, err)
		bo := stackmap.ByteOrders(data)
		require.Len(t, bo, 1, l.Rel)
		out = append(out, goldenSection{l.Rel, data, bo[0]})
	}
	for _, f := range []string{"v1-x86_64.bin", "v2-x86_64.bin"} {
		data, err := os.ReadFile(filepath.Join("../testdata/samples", f))
		require.NoError(t, err)
		out = append(out, goldenSection{f, data, binary.LittleEndian})
	}
	return out
}

// The Scanner hands out exactly the tables and records Parse makes, with
// the same values through Record and through View, on every checked-in
// section.
func TestScannerMatchesParse(t *testing.T) {
	seen := map[string]int{}
	for _, g := range scanSections(t) {
		sec, err := stackmap.Parse(g.data, g.order)
		require.NoError(t, err, g.name)
		sc := stackmap.NewScanner(g.data, g.order)
		ti := 0
		for sc.NextTable() {
			want, got := sec.Table(ti), sc.Table()
			require.NotNil(t, want, g.name)
			assert.Equal(t, want.Offset(), got.Offset(), g.name)
			assert.Equal(t, want.Index(), got.Index(), g.name)
			assert.Equal(t, want.Version(), got.Version(), g.name)
			assert.Equal(t, want.NumFunctions(), got.NumFunctions(), g.name)
			assert.Equal(t, want.NumConstants(), got.NumConstants(), g.name)
			for i := range want.NumFunctions() {
				wf, _ := want.Function(i)
				gf, _ := got.Function(i)
				assert.Equal(t, [3]uint64{wf.Address(), wf.StackSize(), wf.RecordCount()}, [3]uint64{gf.Address(), gf.StackSize(), gf.RecordCount()}, g.name)
			}
			ri := 0
			for _, wr := range want.Records() {
				var v stackmap.RecordView
				if ti%2 == 0 { // NextRecord and View, or NextView
					require.True(t, sc.NextRecord(), "%s: table %d record %d", g.name, ti, ri)
					v = sc.View()
				} else {
					v = sc.NextView()
					require.True(t, v.Valid(), "%s: table %d record %d", g.name, ti, ri)
					require.Equal(t, v, sc.View(), g.name)
				}
				r := sc.Record()
				assert.Equal(t, wr.Offset(), r.Offset(), g.name)
				assert.Equal(t, wr.Index(), r.Index(), g.name)
				assert.Equal(t, wr.Function(), r.Function(), g.name)
				assert.Equal(t, wr.Size(), r.Size(), g.name)
				wa, wok := wr.Address()
				ga, gok := r.Address()
				assert.Equal(t, wok, gok, g.name)
				assert.Equal(t, wa, ga, g.name)
				assert.Equal(t, wr.ID(), v.ID(), g.name)
				assert.Equal(t, wr.StoredInstructionOffset(), v.InstructionOffset(), g.name)
				assert.Equal(t, wr.Flags(), v.Flags(), g.name)
				require.Equal(t, wr.NumLocations(), v.NumLocations(), g.name)
				require.Equal(t, wr.NumLocations(), r.NumLocations(), g.name)
				for i, wl := range wr.Locations() {
					assert.Equal(t, wl, v.Location(i), "%s: record %d location %d", g.name, ri, i)
					rl, _ := r.Location(i)
					assert.Equal(t, wl, rl, g.name)
				}
				var wantLocs, cursorLocs []stackmap.Location
				for _, wl := range wr.Locations() {
					wantLocs = append(wantLocs, wl)
				}
				for c := v.Locations(); c.Valid(); c = c.Next() {
					cursorLocs = append(cursorLocs, c.Location())
				}
				assert.Equal(t, wantLocs, cursorLocs, "%s: record %d: the cursor's locations", g.name, ri)
				require.Equal(t, wr.NumLiveOuts(), v.NumLiveOuts(), g.name)
				for i, wlo := range wr.LiveOuts() {
					assert.Equal(t, wlo, v.LiveOut(i), g.name)
				}
				ri++
			}
			if ti%2 == 0 {
				assert.False(t, sc.NextRecord(), g.name)
			} else {
				assert.False(t, sc.NextView().Valid(), g.name)
			}
			assert.Equal(t, want.Size(), got.Size(), g.name)
			assert.Equal(t, want.Bytes(), got.Bytes(), g.name)
			seen[fmt.Sprint(want.Version(), " ", want.ByteOrder())] += ri
			ti++
		}
		require.NoError(t, sc.Err(), g.name)
		assert.Equal(t, sec.NumTables(), ti, g.name)
	}
	t.Log(seen)
	assert.False(t, stackmap.LocationCursor{}.Valid(), "the zero cursor is past the last location")
	for _, k := range []string{"1 LittleEndian", "2 LittleEndian", "3 LittleEndian", "3 BigEndian"} {
		assert.Greater(t, seen[k], 0, "no %s records", k)
	}
}

// On bytes with faults (random bytes changed, cut short, tables skipped
// unread), the Scanner stops with the error Parse returns, having handed
// out only records Parse accepts.
func TestScannerErrorsMatchParse(t *testing.T) {
	rng := rand.New(rand.NewPCG(19, 4))
	sections := scanSections(t)
	tab := bigRecordTable(rng, 100, 4)
	sections = append(sections, goldenSection{"big", stackmaptest.Encode(binary.LittleEndian, tab, tab), binary.LittleEndian})
	faults := 0
	for round := range 3000 {
		g := sections[rng.IntN(len(sections))]
		data := append([]byte(nil), g.data...)
		for range 1 + rng.IntN(3) {
			data[rng.IntN(len(data))] ^= byte(1 + rng.IntN(255))
		}
		if round%5 == 0 {
			data = data[:rng.IntN(len(data)+1)]
		}
		_, perr := stackmap.Parse(data, g.order)
		sc := stackmap.NewScanner(data, g.order)
		for sc.NextTable() {
			if rng.IntN(3) == 0 {
				continue // leave the records to NextTable
			}
			if round%2 == 0 {
				for sc.NextRecord() {
					r := sc.Record()
					require.True(t, r.NumLocations() == sc.View().NumLocations())
					for i := range r.NumLocations() {
						l, _ := r.Location(i)
						require.True(t, l.Kind.Valid(), "%s round %d: handed out a bad location", g.name, round)
					}
				}
				continue
			}
			for v := sc.NextView(); v.Valid(); v = sc.NextView() {
				for i := range v.NumLocations() {
					require.True(t, v.Location(i).Kind.Valid(), "%s round %d: handed out a bad location", g.name, round)
				}
				for i := range v.NumLiveOuts() {
					require.Zero(t, v.LiveOut(i).Reserved, "%s round %d: handed out a bad live-out", g.name, round)
				}
			}
		}
		if perr == nil {
			require.NoError(t, sc.Err(), "%s round %d", g.name, round)
			continue
		}
		faults++
		require.Error(t, sc.Err(), "%s round %d: Parse: %v", g.name, round, perr)
		require.Equal(t, perr.Error(), sc.Err().Error(), "%s round %d", g.name, round)
		assert.False(t, sc.NextTable())
		assert.False(t, sc.NextRecord())
	}
	assert.Greater(t, faults, 1000)
}

func TestScannerEmptyAndNilOrder(t *testing.T) {
	sc := stackmap.NewScanner(nil, binary.LittleEndian)
	assert.False(t, sc.NextTable())
	assert.ErrorIs(t, sc.Err(), stackmap.ErrNoTables)
	sc = stackmap.NewScanner([]byte{3, 0, 0, 0}, nil)
	assert.False(t, sc.NextTable())
	assert.False(t, sc.NextRecord())
	assert.True(t, strings.Contains(sc.Err().Error(), "byte order"))
	sc = stackmap.NewScanner(stackmaptest.Encode(binary.LittleEndian, smallTable()), binary.LittleEndian)
	assert.False(t, sc.NextRecord(), "NextRecord before NextTable")
	assert.False(t, sc.NextView().Valid(), "NextView before NextTable")
	assert.True(t, sc.NextTable())
	assert.True(t, sc.NextRecord())
	assert.Equal(t, uint64(1), sc.View().ID())
	assert.False(t, stackmap.RecordView{}.Valid())
}
