package stackmap_test

import (
	"bytes"
	"encoding/binary"
	"math/rand/v2"
	"os"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/internal/stackmaptest"
	"github.com/stackmaps/stackmaps/stackmap"
)

// largeSection builds a synthetic section of nFuncs functions with
// perFunc records each; every record has five locations (one of each kind)
// and two live-outs.
func largeSection(nFuncs, perFunc int) []byte {
	tab := stackmaptest.Table{Version: 3, Constants: []uint64{1 << 40, 1 << 50}}
	for f := 0; f < nFuncs; f++ {
		tab.Functions = append(tab.Functions, stackmaptest.Function{Address: uint64(0x10000 + f*0x1000), StackSize: 32, RecordCount: uint64(perFunc)})
		for r := 0; r < perFunc; r++ {
			tab.Records = append(tab.Records, stackmaptest.Record{
				ID: uint64(f*perFunc + r), InstructionOffset: uint32(r * 8),
				Locations: []stackmaptest.Location{
					{Kind: 1, Size: 8, Reg: 3}, {Kind: 2, Size: 8, Reg: 7, Offset: 16},
					{Kind: 3, Size: 8, Reg: 6, Offset: -8}, {Kind: 4, Size: 8, Offset: -1},
					{Kind: 5, Size: 8, Offset: 1},
				},
				LiveOuts: []stackmaptest.LiveOut{{Reg: 0, Size: 8}, {Reg: 7, Size: 8}},
			})
		}
	}
	return stackmaptest.Encode(binary.LittleEndian, tab)
}

// walk reads every field of every function, constant, record, location and
// live-out, and returns a checksum so nothing is optimized away.
func walk(sec *stackmap.Section) uint64 {
	var sum uint64
	for i := range sec.Tables() {
		tab := sec.Table(i)
		for _, f := range tab.Functions() {
			sum += f.Address() + f.StackSize() + f.RecordCount()
		}
		for c := 0; c < tab.NumConstants(); c++ {
			v, _ := tab.Constant(c)
			sum += v
		}
		for _, r := range tab.Records() {
			sum += r.ID() + uint64(r.InstructionOffset()) + uint64(r.Flags()) + uint64(r.Function())
			for _, l := range r.Locations() {
				sum += uint64(l.Kind) + uint64(l.Size) + uint64(l.Reg) + uint64(l.Offset)
				if v, ok := r.ConstantValue(l); ok {
					sum += v
				}
			}
			for _, lo := range r.LiveOuts() {
				sum += uint64(lo.Reg) + uint64(lo.Size)
			}
		}
	}
	return sum
}

var sink uint64

// BenchmarkWalk walks every field of a 100,000-record section. Expect 0
// allocations per op: iteration reads the caller's bytes in place.
func BenchmarkWalk(b *testing.B) {
	data := largeSection(1000, 100)
	sec, err := stackmap.Parse(data, binary.LittleEndian)
	require.NoError(b, err)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		sink += walk(sec)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/100000, "ns/record")
}

// BenchmarkParse measures validation of a 100,000-record section. It
// allocates only the Section and its table list (2 allocations), whatever
// the size.
func BenchmarkParse(b *testing.B) {
	benchParse(b, largeSection(1000, 100), 100000)
}

// BenchmarkParseVaried parses a section of 100,000 records with 0 to 12
// locations each (shaped like perf/gen's synth.bin): Parse checks their
// locations 12 slots at a time, with no branch on their number.
func BenchmarkParseVaried(b *testing.B) {
	rng := rand.New(rand.NewPCG(7, 8))
	tab := stackmaptest.Table{Version: 3, Constants: []uint64{1 << 40, 1 << 50}, Functions: []stackmaptest.Function{{Address: 0x10000, StackSize: 32, RecordCount: 100000}}}
	for r := range 100000 {
		rec := stackmaptest.Record{ID: uint64(r), InstructionOffset: uint32(r * 8)}
		for range rng.IntN(13) {
			rec.Locations = append(rec.Locations, stackmaptest.Location{Kind: uint8(1 + rng.IntN(5)), Size: 8, Reg: 6, Offset: int32(rng.IntN(2))})
		}
		for range rng.IntN(5) {
			rec.LiveOuts = append(rec.LiveOuts, stackmaptest.LiveOut{Reg: 7, Size: 8})
		}
		tab.Records = append(tab.Records, rec)
	}
	benchParse(b, stackmaptest.Encode(binary.LittleEndian, tab), 100000)
}

// benchParse parses data, a section of n records, over and over.
func benchParse(b *testing.B, data []byte, n int) {
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := stackmap.Parse(data, binary.LittleEndian); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/record")
}

// TestWalkAllocatesNothing pins the benchmark's claim in a test.
func TestWalkAllocatesNothing(t *testing.T) {
	sec, err := stackmap.Parse(largeSection(10, 10), binary.LittleEndian)
	require.NoError(t, err)
	allocs := testing.AllocsPerRun(20, func() { sink += walk(sec) })
	require.Zero(t, allocs)
}

// TestParseAllocations pins what Parse's doc says: one allocation for a
// section of one table, two for any number of tables (the scratch list is
// pooled).
func TestParseAllocations(t *testing.T) {
	one, err := os.ReadFile("../testdata/objects/llvm22/x86_64-elf/kinds.stackmaps.bin")
	require.NoError(t, err)
	linked, err := os.ReadFile("../testdata/linked/x86_64-elf/exe.stackmaps.bin")
	require.NoError(t, err)
	many := bytes.Repeat(linked, 50) // 150 tables
	for name, c := range map[string]struct {
		data   []byte
		allocs float64
	}{"one table": {one, 1}, "3 tables": {linked, 2}, "150 tables": {many, 2}} {
		_, err := stackmap.Parse(c.data, binary.LittleEndian) // warm the pool
		require.NoError(t, err)
		got := testing.AllocsPerRun(50, func() {
			if _, err := stackmap.Parse(c.data, binary.LittleEndian); err != nil {
				t.Fatal(err)
			}
		})
		require.Equal(t, c.allocs, got, name)
	}
}
