package stackmap_test

import (
	"encoding/binary"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/internal/stackmaptest"
	"github.com/stackmaps/stackmaps/stackmap"
)

// TestIndexHotCacheConcurrent looks the same few hundred return addresses
// up from several goroutines at once in an index whose exact lookups go
// through the hot cache (records far apart: buckets too wide for the keys'
// low halves, see IndexLowHalves), so that the hot cache is filled,
// hit and overwritten concurrently (with many more addresses than slots
// in part of the run), and requires every answer to be the model's. Run
// it with -race to check the cache's atomics.
func TestIndexHotCacheConcurrent(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	le := binary.LittleEndian
	data := stackmaptest.Encode(le, genTable(rng, 0x401000, 2000, 20, 4000, 80, false))
	sec, err := stackmap.Parse(data, le)
	require.NoError(t, err)
	ix := stackmap.NewIndex(sec)
	on, _, _ := stackmap.IndexLowHalves(ix)
	require.False(t, on, "records too far apart for 16-bit low halves")
	require.Equal(t, 4096, stackmap.IndexHotSize(ix), "a quarter of the keys (records and end markers), at most 4096")
	hotConcurrent(t, rng, sec, ix)
}

// TestIndexHotCacheBunched is TestIndexHotCacheConcurrent in the layout
// whose every bucket is bunched (bunchedSection): the index has low halves
// and leaves most keys to its slow path, so every exact lookup asks the hot
// cache first and stores what the bunched bucket's search found.
func TestIndexHotCacheBunched(t *testing.T) {
	sec := bunchedSection(t)
	ix := stackmap.NewIndex(sec)
	on, _, _ := stackmap.IndexLowHalves(ix)
	require.True(t, on, "bunched records have low halves")
	require.Equal(t, 4096, stackmap.IndexHotSize(ix))
	hotConcurrent(t, rand.New(rand.NewPCG(3, 5)), sec, ix)
}

// TestIndexHotCacheAdapts: an index whose fast path answers most keys
// asks the hot cache first while a hot set of return addresses is looked
// up, and its fast path first while lookups spread over every record; the
// leader sets' tally decides. Every answer is the model's throughout, and
// hotConcurrent runs with the mode changing under it (under -race: the
// tally's and the mode's atomics).
func TestIndexHotCacheAdapts(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	le := binary.LittleEndian
	sec, err := stackmap.Parse(stackmaptest.Encode(le, genTable(rng, 0x401000, 3000, 64, 48, 80, false)), le)
	require.NoError(t, err)
	ix := stackmap.NewIndex(sec)
	tallied, first := stackmap.IndexHotFirst(ix)
	require.True(t, tallied, "the fast path answers most keys: the leader sets are tallied")
	require.False(t, first, "a new index takes its fast path first")
	ref := newRefIndex(sec, nil)
	require.Greater(t, len(ref), 50000)
	look := func(want refRecord) {
		m, ok := ix.Lookup(want.addr+0x1000, 0x1000)
		require.True(t, ok)
		require.Equal(t, want.addr, m.Address())
		require.Equal(t, ref.exact(want.addr), matchOffsets(m))
	}
	spread := func() {
		for range 200000 {
			look(ref[rng.IntN(len(ref))])
		}
	}
	hot := make([]refRecord, 500)
	for i := range hot {
		hot[i] = ref[rng.IntN(len(ref))]
	}
	hotSet := func() {
		for range 200000 {
			look(hot[rng.IntN(len(hot))])
		}
	}
	spread()
	_, first = stackmap.IndexHotFirst(ix)
	require.False(t, first, "lookups over every record: the fast path first")
	hotSet()
	_, first = stackmap.IndexHotFirst(ix)
	require.True(t, first, "a hot set of 500 addresses: the hot cache first")
	spread()
	_, first = stackmap.IndexHotFirst(ix)
	require.False(t, first, "back to lookups over every record: the fast path first")
	// A working set of 20,000 keys among 4,096 entries: the leader
	// buckets' few keys all hit while the fast path goes first, but asking
	// the cache first misses most of them. Each try lasts one window and
	// the next waits twice as long.
	require.Equal(t, 4096, stackmap.IndexHotSize(ix))
	hot = make([]refRecord, 20000)
	for i := range hot {
		hot[i] = ref[rng.IntN(len(ref))]
	}
	for range 4 {
		hotSet()
	}
	_, first = stackmap.IndexHotFirst(ix)
	require.False(t, first, "a working set five times the cache: the fast path first")
	require.GreaterOrEqual(t, stackmap.IndexHotStrikes(ix), 2, "tried the cache first and backed off")
	hotConcurrent(t, rng, sec, ix)
}

// hotConcurrent looks the same few hundred record addresses of sec up in
// ix from 8 goroutines at once, a quarter of the lookups at other
// addresses (which evict hot ones), and between records, and requires
// every answer to be the model's.
func hotConcurrent(t *testing.T, rng *rand.Rand, sec *stackmap.Section, ix *stackmap.Index) {
	ref := newRefIndex(sec, nil)
	require.Greater(t, len(ref), 10000)
	hot := make([]refRecord, 300)
	for i := range hot {
		hot[i] = ref[rng.IntN(len(ref))]
	}
	var wg sync.WaitGroup
	errs := make(chan string, 8)
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := rand.New(rand.NewPCG(uint64(g), 1))
			for i := range 20000 {
				want := hot[r.IntN(len(hot))]
				if i%4 == 0 { // cold addresses too, which evict hot ones
					want = ref[r.IntN(len(ref))]
				}
				m, ok := ix.Lookup(want.addr+0x1000, 0x1000)
				if !ok || m.Address() != want.addr || !slices.Equal(matchOffsets(m), ref.exact(want.addr)) {
					errs <- "lookup of a record address gave the wrong match"
					return
				}
				if _, ok := ix.Lookup(want.addr+1, 0); ok && len(ref.exact(want.addr+1)) == 0 {
					errs <- "lookup between records found one"
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Fatal(e)
	}
}
