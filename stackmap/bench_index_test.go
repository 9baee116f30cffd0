package stackmap_test

import (
	"encoding/binary"
	"math/rand/v2"
	"runtime"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/stackmap"
)

// Lookup benchmarks over one million records (10,000 functions of 100
// records, 8 bytes apart), each beside its anchor measured in the same run:
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

const (
	benchFuncs   = 10000
	benchPerFunc = 100
	benchRecords = benchFuncs * benchPerFunc
)

var benchIndex = func() func(testing.TB) (*stackmap.Index, []uint64) {
	var (
		ix    *stackmap.Index
		addrs []uint64
	)
	return func(tb testing.TB) (*stackmap.Index, []uint64) {
		if ix == nil {
			sec, err := stackmap.Parse(largeSection(benchFuncs, benchPerFunc), binary.LittleEndian)
			require.NoError(tb, err)
			ix = stackmap.NewIndex(sec)
			require.Equal(tb, benchRecords, ix.Len())
			addrs = make([]uint64, 0, benchRecords)
			for f := 0; f < benchFuncs; f++ {
				for r := 0; r < benchPerFunc; r++ {
					addrs = append(addrs, uint64(0x10000+f*0x1000+r*8))
				}
			}
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
	sec, err := stackmap.Parse(largeSection(benchFuncs, benchPerFunc), binary.LittleEndian)
	require.NoError(b, err)
	b.Run("index", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			stackmap.NewIndex(sec)
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/benchRecords, "ns/record")
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		kept := stackmap.NewIndex(sec)
		runtime.GC()
		runtime.ReadMemStats(&after)
		b.ReportMetric(float64(after.HeapAlloc-before.HeapAlloc)/float64(kept.Len()), "kept-B/record")
	})
	_, addrs := benchIndex(b)
	b.Run("map-anchor", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			m := make(map[uint64]int32, len(addrs))
			for j, a := range addrs {
				m[a] = int32(j)
			}
			sinkMap = m
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/benchRecords, "ns/record")
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
	b.Run("preceding", func(b *testing.B) {
		b.ReportAllocs()
		dep := 0
		for i := 0; i < b.N; i++ {
			m, ok := ix.LookupPreceding(keys[(i+dep)&(len(keys)-1)]+3, 0)
			if !ok {
				b.Fatal("missing")
			}
			dep = int(m.Address() & 1)
		}
	})
	b.Run("load-floor", func(b *testing.B) {
		// One dependent random 8-byte load from an array as large as the
		// index's memory, at the positions the keys would be found.
		words := make([]uint64, 13*benchRecords/8)
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
