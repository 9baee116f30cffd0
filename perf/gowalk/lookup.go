package main

import (
	"fmt"
	"math/rand/v2"
	"runtime"
)

// keySets are the lookup keys, drawn once per process from a fixed seed.
type keySets struct {
	uniform []uint64 // record addresses drawn uniformly
	hot     []uint64 // drawn from a set of hotSetSize record addresses
	between []uint64 // one byte past a uniformly drawn record address
}

const hotSetSize = 1000

func makeKeys(addrs []uint64, n int, rng *rand.Rand) keySets {
	ks := keySets{make([]uint64, n), make([]uint64, n), make([]uint64, n)}
	hot := make([]uint64, hotSetSize)
	for i := range hot {
		hot[i] = addrs[rng.IntN(len(addrs))]
	}
	for i := range n {
		ks.uniform[i] = addrs[rng.IntN(len(addrs))]
		ks.hot[i] = hot[rng.IntN(len(hot))]
		// Records of one function are at least 4 bytes apart.
		ks.between[i] = addrs[rng.IntN(len(addrs))] + 1
	}
	return ks
}

// runLookups measures the index against its anchors, each as
// "bench=NAME key=value..." lines: building (time, heap kept per record),
// exact lookups (uniform, hot set, dependent), nearest-preceding lookups,
// the same exact lookups in a map[uint64]int32, and the memory floor: one
// dependent random 8-byte load over an array as large as the index.
func runLookups(data []byte, reps, n int) error {
	sec, err := parse(data)
	if err != nil {
		return err
	}
	addrs := recordAddrs(sec)
	if len(addrs) == 0 {
		return fmt.Errorf("no record has an address")
	}
	nrec := float64(len(addrs))

	var ix index
	bt := measure(reps, func() { ix = newIndex(sec) })
	ixKept, ix := retained(func() index { return newIndex(sec) })
	na, _ := allocsOf(func() { ix = newIndex(sec) })
	fmt.Printf("bench=index_build records=%d indexed=%d cpu_ns_per_record=%.2f wall_ns_per_record=%.2f kept_bytes_per_record=%.2f allocs=%d\n",
		len(addrs), indexLen(ix), bt.cpuMedian()/nrec, bt.wallMedian()/nrec, float64(ixKept)/nrec, na)

	buildMap := func() map[uint64]int32 {
		m := make(map[uint64]int32, len(addrs))
		for i, a := range addrs {
			m[a] = int32(i)
		}
		return m
	}
	var mp map[uint64]int32
	mt := measure(reps, func() { mp = buildMap() })
	mpKept, mp := retained(buildMap)
	na, _ = allocsOf(func() { mp = buildMap() })
	fmt.Printf("bench=map_build records=%d cpu_ns_per_record=%.2f wall_ns_per_record=%.2f kept_bytes_per_record=%.2f allocs=%d\n",
		len(addrs), mt.cpuMedian()/nrec, mt.wallMedian()/nrec, float64(mpKept)/nrec, na)

	rng := rand.New(rand.NewPCG(7, 11))
	ks := makeKeys(addrs, n, rng)
	var sink uint64
	// per times f over all n keys, and counts its allocations over the
	// first allocKeys keys (enough to see any per-lookup allocation).
	const allocKeys = 4096
	per := func(name string, keys []uint64, f func([]uint64) uint64) {
		t := measure(reps, func() { sink += f(keys) })
		short := keys[:min(allocKeys, len(keys))]
		a, _ := allocsOf(func() { sink += f(short) })
		fmt.Printf("bench=%s lookups=%d cpu_ns_per_op=%.2f wall_ns_per_op=%.2f allocs_per_op=%.4f\n",
			name, len(keys), t.cpuMedian()/float64(len(keys)), t.wallMedian()/float64(len(keys)), float64(a)/float64(len(short)))
	}
	ixLoop := func(loop func(index, []uint64) uint64) func([]uint64) uint64 {
		return func(keys []uint64) uint64 { return loop(ix, keys) }
	}
	mapLoop := func(keys []uint64) uint64 {
		var s uint64
		for _, k := range keys {
			if v, ok := mp[k]; ok {
				s += uint64(v)
			}
		}
		return s
	}
	mapDependent := func(keys []uint64) uint64 {
		var s uint64
		j := 0
		for i := range keys {
			v := mp[keys[j]]
			s += uint64(v)
			j = (i + 1 + int(uint32(v)>>31)) % len(keys)
		}
		return s
	}

	per("index_uniform", ks.uniform, ixLoop(lookupAll))
	per("map_uniform", ks.uniform, mapLoop)
	per("index_hot", ks.hot, ixLoop(lookupAll))
	per("map_hot", ks.hot, mapLoop)
	per("index_dependent", ks.uniform, ixLoop(lookupDependent))
	per("map_dependent", ks.uniform, mapDependent)
	per("index_preceding", ks.between, ixLoop(lookupPrecedingAll))
	per("index_uniform_id", ks.uniform, ixLoop(lookupIDAll))

	// The floor: a single random cycle through an array of the index's
	// size (Sattolo's shuffle), followed one dependent load at a time.
	words := max(ixKept/8, 1)
	cycle := make([]uint64, words)
	for i := range cycle {
		cycle[i] = uint64(i)
	}
	for i := len(cycle) - 1; i > 0; i-- {
		j := rng.IntN(i)
		cycle[i], cycle[j] = cycle[j], cycle[i]
	}
	per("floor_chase", ks.uniform, func(keys []uint64) uint64 {
		p := uint64(0)
		for range keys { // as many loads as lookups
			p = cycle[p]
		}
		return p
	})
	fmt.Printf("bench=floor_array bytes=%d\n", len(cycle)*8)
	runtime.KeepAlive(ix)
	runtime.KeepAlive(mp)
	if sink == 1 {
		fmt.Println("#")
	}
	return nil
}
