// Command index measures stackmap.Index against a Go map[uint64]int32 over
// the same record addresses, side by side in interleaved rounds: each
// round times every measure of the index and then of the map, so that a
// ratio is taken within one round. It prints one line per measure: the
// median over the rounds of ns/lookup for both and of the per-round ratio
// (no best-of: every repetition counts), then bytes kept per record.
//
//	index [-rounds N] [-lookups N] [-hot N] SECTION.bin...
//
// SECTION.bin is a bare little-endian section (perf/gen synth -bare).
// perf/index/run.sh generates them and runs this.
package main

import (
	"encoding/binary"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"runtime"
	"slices"
	"syscall"
	"time"
	"unsafe"

	"github.com/stackmaps/stackmaps/stackmap"
)

func main() {
	// Thread CPU time is read on one thread: the goroutine stays on it.
	runtime.LockOSThread()
	rounds := flag.Int("rounds", 7, "interleaved rounds")
	lookups := flag.Int("lookups", 1<<21, "lookups a measure times")
	hotSize := flag.Int("hot", 4096, "addresses in the hot set")
	flag.Parse()
	if flag.NArg() == 0 || *rounds < 1 || *lookups < 1 || *hotSize < 1 {
		fmt.Fprintln(os.Stderr, "usage: index [-rounds N] [-lookups N] [-hot N] SECTION.bin...")
		os.Exit(2)
	}
	for _, f := range flag.Args() {
		if err := run(f, *rounds, *lookups, *hotSize); err != nil {
			fmt.Fprintln(os.Stderr, "index:", err)
			os.Exit(1)
		}
	}
}

// threadNanos returns the calling thread's CPU time: the time a lookup
// loop runs, without the time it waits for a core on a shared machine.
func threadNanos() int64 {
	var ts syscall.Timespec
	const clockThreadCPUTime = 3 // CLOCK_THREAD_CPUTIME_ID
	if _, _, e := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTime, uintptr(unsafe.Pointer(&ts)), 0); e != 0 {
		return time.Now().UnixNano()
	}
	return ts.Nano()
}

// retained returns the heap build keeps once it returns, and its value.
func retained[T any](build func() T) (int64, T) {
	var m0, m1 runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&m0)
	v := build()
	runtime.GC()
	runtime.ReadMemStats(&m1)
	return int64(m1.HeapAlloc) - int64(m0.HeapAlloc), v
}

// measure is one pair: the index's loop and the map's (nil: none).
type measure struct {
	name     string
	ix, mp   func([]uint64) uint64
	keys     []uint64
	ixNs     []float64
	mpNs     []float64
	ratio    []float64
	ixAllocs float64
}

func run(file string, rounds, lookups, hotSize int) error {
	data, err := os.ReadFile(file)
	if err != nil {
		return err
	}
	sec, err := stackmap.Parse(data, binary.LittleEndian)
	if err != nil {
		return err
	}
	// Every record's address, and each function's extent up to the next
	// function's entry (what a runtime gives NewIndexOptions for bare
	// bytes), so that nearest-preceding lookups have an answer.
	var addrs []uint64
	var ext []stackmap.Extent
	for _, t := range sec.Tables() {
		var entries []uint64
		for _, f := range t.Functions() {
			entries = append(entries, f.Entry())
		}
		for i, e := range entries {
			end := ^uint64(0)
			if i+1 < len(entries) {
				end = entries[i+1]
			}
			ext = append(ext, stackmap.Extent{Start: e, End: end})
		}
		for _, r := range t.Records() {
			if a, ok := r.Address(); ok {
				addrs = append(addrs, a)
			}
		}
	}
	runtime.GC()
	opts := stackmap.IndexOptions{Extents: ext}
	t0 := threadNanos()
	ix := stackmap.NewIndexOptions(sec, opts)
	buildNs := float64(threadNanos()-t0) / float64(len(addrs))
	ixKept, ix := retained(func() *stackmap.Index { return stackmap.NewIndexOptions(sec, opts) })
	buildMap := func() map[uint64]int32 {
		m := make(map[uint64]int32, len(addrs))
		for i := len(addrs) - 1; i >= 0; i-- { // the first record at an address wins
			m[addrs[i]] = int32(i)
		}
		return m
	}
	t0 = threadNanos()
	mp := buildMap()
	mapBuildNs := float64(threadNanos()-t0) / float64(len(addrs))
	mpKept, mp := retained(buildMap)

	rng := rand.New(rand.NewPCG(7, 11))
	cold := make([]uint64, lookups)
	hot := make([]uint64, lookups)
	between := make([]uint64, lookups)
	hotSet := make([]uint64, hotSize)
	for i := range hotSet {
		hotSet[i] = addrs[rng.IntN(len(addrs))]
	}
	for i := range lookups {
		cold[i] = addrs[rng.IntN(len(addrs))]
		hot[i] = hotSet[rng.IntN(hotSize)]
		between[i] = addrs[rng.IntN(len(addrs))] + 1 // records are 4 bytes apart at least
	}
	exact := func(keys []uint64) uint64 {
		var s uint64
		for _, pc := range keys {
			if m, ok := ix.Lookup(pc, 0); ok {
				s += m.Address() + uint64(m.Len())
			}
		}
		return s
	}
	preceding := func(keys []uint64) uint64 {
		var s uint64
		for _, pc := range keys {
			if m, ok := ix.LookupPreceding(pc, 0); ok {
				s += m.Address() + uint64(m.Len())
			}
		}
		return s
	}
	at := func(keys []uint64) uint64 {
		var s uint64
		for _, pc := range keys {
			if m, ok := ix.At(pc, 0); ok {
				s += m.Address() + uint64(m.Len())
			}
		}
		return s
	}
	inMap := func(keys []uint64) uint64 {
		var s uint64
		for _, k := range keys {
			if v, ok := mp[k]; ok {
				s += k + uint64(v)
			}
		}
		return s
	}
	// dependent: each key's position waits for the previous answer
	// (always 0 added, which the compiler cannot know): latency.
	dependent := func(look func(uint64) uint64) func([]uint64) uint64 {
		return func(keys []uint64) uint64 {
			var s uint64
			j := 0
			for i := range keys {
				v := look(keys[j])
				s += v
				j = (i + 1 + int(v>>63)) % len(keys)
			}
			return s
		}
	}
	ixOne := func(pc uint64) uint64 {
		if m, ok := ix.Lookup(pc, 0); ok {
			return m.Address() + uint64(m.Len())
		}
		return 0
	}
	mpOne := func(k uint64) uint64 {
		if v, ok := mp[k]; ok {
			return k + uint64(v)
		}
		return 0
	}
	ms := []*measure{
		{name: "exact, cold (uniform over all records)", ix: exact, mp: inMap, keys: cold},
		{name: fmt.Sprintf("exact, hot set of %d", hotSize), ix: exact, mp: inMap, keys: hot},
		{name: "exact, cold, dependent (latency)", ix: dependent(ixOne), mp: dependent(mpOne), keys: cold},
		{name: "preceding, 1 byte past a random record", ix: preceding, keys: between},
		{name: "At, 1 byte past a random record", ix: at, keys: between},
	}
	var sink uint64
	time1 := func(f func([]uint64) uint64, keys []uint64) float64 {
		c0 := threadNanos()
		sink += f(keys)
		return float64(threadNanos()-c0) / float64(len(keys))
	}
	for _, m := range ms {
		short := m.keys[:min(4096, len(m.keys))]
		m.ixAllocs = testingAllocs(func() { sink += m.ix(short) }) / float64(len(short))
	}
	for range rounds {
		for _, m := range ms {
			a := time1(m.ix, m.keys)
			m.ixNs = append(m.ixNs, a)
			if m.mp != nil {
				b := time1(m.mp, m.keys)
				m.mpNs = append(m.mpNs, b)
				m.ratio = append(m.ratio, a/b)
			}
		}
	}
	var la [3]float64
	if b, err := os.ReadFile("/proc/loadavg"); err == nil {
		fmt.Sscan(string(b), &la[0], &la[1], &la[2])
	}
	n := float64(len(addrs))
	fmt.Printf("## %s: %d records (%d indexed), %d lookups a measure, %d interleaved rounds, load average %.2f %.2f %.2f\n\n",
		file, len(addrs), ix.Len(), lookups, rounds, la[0], la[1], la[2])
	fmt.Printf("| measure | Index ns | map ns | Index / map (median of the rounds' ratios) | Index allocs/op |\n|---|---:|---:|---:|---:|\n")
	for _, m := range ms {
		if m.mp == nil {
			fmt.Printf("| %s | %.1f | | | %.3f |\n", m.name, median(m.ixNs), m.ixAllocs)
			continue
		}
		fmt.Printf("| %s | %.1f | %.1f | **%.2f** (%.2f-%.2f) | %.3f |\n", m.name, median(m.ixNs), median(m.mpNs),
			median(m.ratio), slices.Min(m.ratio), slices.Max(m.ratio), m.ixAllocs)
	}
	fmt.Printf("| bytes kept per record | %.1f | %.1f | %.2f | |\n", float64(ixKept)/n, float64(mpKept)/n, float64(ixKept)/float64(mpKept))
	fmt.Printf("| build, ns per record (once) | %.1f | %.1f | %.2f | |\n\n", buildNs, mapBuildNs, buildNs/mapBuildNs)
	runtime.KeepAlive(ix)
	runtime.KeepAlive(mp)
	if sink == 1 {
		fmt.Println("#")
	}
	return nil
}

// median returns the median of xs (the mean of the middle two when even).
func median(xs []float64) float64 {
	s := slices.Sorted(slices.Values(xs))
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

// testingAllocs returns the heap allocations one call of f makes.
func testingAllocs(f func()) float64 {
	var m0, m1 runtime.MemStats
	runtime.ReadMemStats(&m0)
	f()
	runtime.ReadMemStats(&m1)
	return float64(m1.Mallocs - m0.Mallocs)
}
