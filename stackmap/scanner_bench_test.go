package stackmap_test

import (
	"encoding/binary"
	"math/rand/v2"
	"testing"

	"github.com/stackmaps/stackmaps/internal/stackmaptest"
	"github.com/stackmaps/stackmaps/stackmap"
)

// scanBenchSection is a little-endian section of 64 tables of 200 large
// records each (8 to 16 locations, 0 to 2 live-outs).
func scanBenchSection() []byte {
	rng := rand.New(rand.NewPCG(1, 2))
	var tabs []stackmaptest.Table
	for range 64 {
		tabs = append(tabs, bigRecordTable(rng, 200, 8))
	}
	return stackmaptest.Encode(binary.LittleEndian, tabs...)
}

// BenchmarkScanWalk validates and walks every field of a section with a
// Scanner's NextView loop (locations through RecordView.Locations' cursor):
// 0 allocations per record (the Scanner itself is
// the only allocation per pass).
func BenchmarkScanWalk(b *testing.B) {
	data := scanBenchSection()
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	var sum, records uint64
	for b.Loop() {
		records = 0
		sc := stackmap.NewScanner(data, binary.LittleEndian)
		for sc.NextTable() {
			for r := sc.NextView(); r.Valid(); r = sc.NextView() {
				records++
				sum += r.ID() + uint64(r.InstructionOffset())
				for c := r.Locations(); c.Valid(); c = c.Next() {
					l := c.Location()
					sum += uint64(l.Kind) + uint64(l.Size) + uint64(l.Reg) + uint64(uint32(l.Offset))
				}
				for i := range r.NumLiveOuts() {
					sum += uint64(r.LiveOut(i).Reg)
				}
			}
		}
		if sc.Err() != nil {
			b.Fatal(sc.Err())
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(records), "ns/record")
	sinkScan = sum
}

// BenchmarkParseWalk is BenchmarkScanWalk through Parse and the iterators.
func BenchmarkParseWalk(b *testing.B) {
	data := scanBenchSection()
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	var sum, records uint64
	for b.Loop() {
		records = 0
		sec, err := stackmap.Parse(data, binary.LittleEndian)
		if err != nil {
			b.Fatal(err)
		}
		for _, t := range sec.Tables() {
			for _, r := range t.Records() {
				records++
				sum += r.ID() + uint64(r.InstructionOffset())
				for _, l := range r.Locations() {
					sum += uint64(l.Kind) + uint64(l.Size) + uint64(l.Reg) + uint64(uint32(l.Offset))
				}
				for _, lo := range r.LiveOuts() {
					sum += uint64(lo.Reg)
				}
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(records), "ns/record")
	sinkScan = sum
}

var sinkScan uint64
