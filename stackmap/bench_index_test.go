package stackmap_test

import (
	"encoding/binary"
	"math/rand/v2"
	"runtime"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/internal/stackmaptest"
	"github.com/stackmaps/stackmaps/stackmap"
)

// Lookup benchmarks over about a million records laid out like llc's
// output (functions of 0-64 records, 1-48 bytes apart, some sharing an
// address, gaps of up to 80 bytes between functions), each beside its
// anchor measured in the same run:
//
//   - hot: 1,000 return addresses looked up over and over (a runtime's
//     common case), against a Go map[uint64]int32 over the same addresses;
//   - uniform: addresses drawn uniformly from all records, each lookup's
//     address depending on the previous result (latency, not throughput),
//     against the floor: one dependent random load from an array of the
//     index's size;
//   - preceding: nearest-preceding lookups (patchpoints), dependent too.
//
// The ratios the performance goals speak of are Index/anchor of the same
// sub-benchmark pair.

// benchSection returns the benchmarks' section, parsed.
func benchSection(tb testing.TB) *stackmap.Section {
	tab := genTable(rand.New(rand.NewPCG(1, 1)), 0x401000, 31250, 64, 48, 80, false)
	sec, err := stackmap.Parse(stackmaptest.Encode(binary.LittleEndian, tab), binary.LittleEndian)
	require.NoError(tb, err)
	return sec
}

// benchOptions gives every function of sec an extent up to the next
// function's entry.
func benchOptions(sec *stackmap.Section) stackmap.IndexOptions {
	return stackmap.IndexOptions{Extents: functionExtents(sec)}
}

var benchIndex = func() func(testing.TB) (*stackmap.Index, []uint64) {
	var (
		ix    *stackmap.Index
		addrs []uint64
	)
	return func(tb testing.TB) (*stackmap.Index, []uint64) {
		if ix == nil {
			sec := benchSection(tb)
			// Bare bytes: the runtime gives each function's extent (up
			// to the next function, as the functions lie back to back).
			ix = stackmap.NewIndexOptions(sec, benchOptions(sec))
			for _, r := range sec.Table(0).Records() {
				a, _ := r.Address()
				addrs = append(addrs, a)
			}
			require.Equal(tb, len(addrs), ix.Len())
		}
		return ix, addrs
	}
}()

// shuffled returns n addresses drawn from addrs, in a fixed random order.
func shuffled(addrs []uint64, n int) []uint64 {
	rng := rand.New(rand.NewPCG(1, 2))
	out := make([]uint64, n)
	for i := range out {
		out[i] = addrs[rng.IntN(len(addrs))]
	}
	return out
}

func BenchmarkIndexBuild(b *testing.B) {
	sec := benchSection(b)
	_, addrs := benchIndex(b)
	opts := benchOptions(sec)
	b.Run("bare", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			stackmap.NewIndex(sec)
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(addrs)), "ns/record")
	})
	b.Run("index", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			stackmap.NewIndexOptions(sec, opts)
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(addrs)), "ns/record")
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		kept := stackmap.NewIndexOptions(sec, opts)
		runtime.GC()
		runtime.ReadMemStats(&after)
		b.ReportMetric(float64(after.HeapAlloc-before.HeapAlloc)/float64(kept.Len()), "kept-B/record")
	})
	b.Run("map-anchor", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			m := make(map[uint64]int32, len(addrs))
			for j, a := range addrs {
				m[a] = int32(j)
			}
			sinkMap = m
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(addrs)), "ns/record")
	})
}

var sinkMap map[uint64]int32

func BenchmarkLookupHot(b *testing.B) {
	ix, addrs := benchIndex(b)
	hot := shuffled(addrs, 1000)
	b.Run("index", func(b *testing.B) {
		b.ReportAllocs()
		var n int
		for i := 0; i < b.N; i++ {
			m, ok := ix.Lookup(hot[i%len(hot)], 0)
			if ok {
				n += m.Len()
			}
		}
		sink += uint64(n)
	})
	b.Run("preceding", func(b *testing.B) {
		b.ReportAllocs()
		var n int
		for i := 0; i < b.N; i++ {
			m, ok := ix.LookupPreceding(hot[i%len(hot)]+1, 0)
			if ok {
				n += m.Len()
			}
		}
		sink += uint64(n)
	})
	b.Run("map-anchor", func(b *testing.B) {
		m := make(map[uint64]int32, len(addrs))
		for j, a := range addrs {
			m[a] = int32(j)
		}
		b.ResetTimer()
		var n int32
		for i := 0; i < b.N; i++ {
			n += m[hot[i%len(hot)]]
		}
		sink += uint64(n)
	})
}

func BenchmarkLookupUniform(b *testing.B) {
	ix, addrs := benchIndex(b)
	keys := shuffled(addrs, 1<<16)
	b.Run("index", func(b *testing.B) {
		b.ReportAllocs()
		dep := 0
		for i := 0; i < b.N; i++ {
			m, ok := ix.Lookup(keys[(i+dep)&(len(keys)-1)], 0)
			if !ok {
				b.Fatal("missing")
			}
			dep = int(m.Address() & 1) // 0, but the next key waits for this result
		}
	})
	b.Run("record-id", func(b *testing.B) {
		// The record's ID, read from the section: the ref, then the record.
		b.ReportAllocs()
		dep := 0
		for i := 0; i < b.N; i++ {
			m, ok := ix.Lookup(keys[(i+dep)&(len(keys)-1)], 0)
			if !ok {
				b.Fatal("missing")
			}
			r, _ := m.Record(0)
			dep = int(r.ID() >> 63)
		}
	})
	b.Run("preceding", func(b *testing.B) {
		b.ReportAllocs()
		dep := 0
		for i := 0; i < b.N; i++ {
			// One byte past a record: usually within its function, else
			// past the function's end (no match) when the record ends it.
			m, _ := ix.LookupPreceding(keys[(i+dep)&(len(keys)-1)]+1, 0)
			dep = int(m.Address() & 1)
		}
	})
	b.Run("load-floor", func(b *testing.B) {
		// One dependent random 8-byte load from an array as large as the
		// index's memory, at the positions the keys would be found.
		words := make([]uint64, 13*len(addrs)/8)
		rng := rand.New(rand.NewPCG(3, 4))
		pos := make([]int, len(keys))
		for i := range pos {
			pos[i] = rng.IntN(len(words))
		}
		b.ResetTimer()
		dep := 0
		for i := 0; i < b.N; i++ {
			dep = int(words[pos[(i+dep)&(len(pos)-1)]] & 1)
		}
	})
}
