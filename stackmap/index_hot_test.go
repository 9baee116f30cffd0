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
