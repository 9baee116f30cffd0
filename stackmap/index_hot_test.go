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
// whose every bucket is bunched (50 records in the first 800 bytes of 4 KB
// functions, as TestIndexBunched, a fifth of them two at one address):
// the index has low halves, and every
// exact lookup asks the hot cache before its fast path, then stores what
// the bunched bucket's search found.
func TestIndexHotCacheBunched(t *testing.T) {
	tab := stackmaptest.Table{Version: 3}
	id := uint64(0)
	for f := range 2000 {
		tab.Functions = append(tab.Functions, stackmaptest.Function{Address: 0x400000 + uint64(f)*0x1000, StackSize: 16, RecordCount: 50})
		for r := range 50 {
			id++
			off := 4 + r*16
			if r%5 == 1 {
				off -= 16 // two records at one address: a run the cache must not call one record
			}
			tab.Records = append(tab.Records, stackmaptest.Record{ID: id, InstructionOffset: uint32(off)})
		}
	}
	sec, err := stackmap.Parse(stackmaptest.Encode(binary.LittleEndian, tab), binary.LittleEndian)
	require.NoError(t, err)
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
