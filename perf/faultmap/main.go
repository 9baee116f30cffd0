// Command faultmap measures package faultmap next to its anchors, in one
// run with interleaved rounds (see perf/README.md for the method):
//
//	go run ./perf/faultmap            # 5 rounds
//	go run ./perf/faultmap -rounds 9
//
// The data is a synthetic little-endian fault map section built in memory
// from a fixed seed: 200,000 functions 16 to 272 bytes apart, each with 1
// to 4 faults of random kinds and offsets (about 5.4 MB, 500,000 faults),
// shaped like what llc writes. Rows (per round, ours then the anchor; the
// cell is min / median of the per-round ratios):
//
//   - parse: faultmap.Parse (checks every table, function and fault) vs the
//     memory floor, summing every 8-byte word of the section.
//   - index build: faultmap.NewIndex vs filling a presized
//     map[uint64]faultmap.Entry with the same entries.
//   - lookup, uniform: Index.Lookup of 2^20 faulting pcs drawn uniformly
//     vs the map's lookup of the same keys; also 2^20 pcs one byte before
//     a faulting pc that fault nowhere (a fault that is not an implicit
//     null check).
//   - allocations per lookup (runtime.MemStats over the 2^20 lookups).
//
// The clock is the process's CPU time (getrusage), best of 3 repetitions
// of each job.
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

	"github.com/stackmaps/stackmaps/faultmap"
)

func cpuNanos() float64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return float64(ru.Utime.Nano() + ru.Stime.Nano())
}

// best runs f 3 times and returns its best CPU time.
func best(f func()) float64 {
	b := 0.0
	for i := range 3 {
		t0 := cpuNanos()
		f()
		if d := cpuNanos() - t0; i == 0 || d < b {
			b = d
		}
	}
	return b
}

// synth builds the section.
func synth(rng *rand.Rand, functions int) []byte {
	le := binary.LittleEndian
	b := []byte{1, 0, 0, 0}
	b = le.AppendUint32(b, uint32(functions))
	addr := uint64(0x400000)
	for range functions {
		addr += 16 * (1 + rng.Uint64N(17))
		n := 1 + rng.IntN(4)
		b = le.AppendUint64(b, addr)
		b = le.AppendUint32(b, uint32(n))
		b = le.AppendUint32(b, 0)
		off := uint32(0)
		for range n {
			off += uint32(rng.IntN(3)) // several faults are a few bytes apart
			b = le.AppendUint32(b, uint32(1+rng.IntN(3)))
			b = le.AppendUint32(b, off)
			b = le.AppendUint32(b, off+3+uint32(rng.IntN(9)))
			off++
		}
	}
	return b
}

// sink receives what each job computes.
var sink uint64

func main() {
	rounds := flag.Int("rounds", 5, "interleaved rounds")
	flag.Parse()
	rng := rand.New(rand.NewPCG(1, 2))
	data := synth(rng, 200_000)
	s, err := faultmap.Parse(data, binary.LittleEndian)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	x := faultmap.NewIndex(s)
	const nkeys = 1 << 20
	hits := make([]uint64, nkeys)
	misses := make([]uint64, nkeys)
	for i := range hits {
		hits[i] = x.Entry(rng.IntN(x.Len())).FaultingPC
		for {
			pc := x.Entry(rng.IntN(x.Len())).FaultingPC - 1
			if _, ok := x.Lookup(pc, 0); !ok {
				misses[i] = pc
				break
			}
		}
	}
	m := make(map[uint64]faultmap.Entry, x.Len())

	type row struct {
		name       string
		unit       float64 // divide times by this
		unitName   string
		ours, anch func()
		anchorName string
	}
	rows := []row{
		{"parse", float64(len(data)), "ns/byte", func() {
			if _, err := faultmap.Parse(data, binary.LittleEndian); err != nil {
				panic(err)
			}
		}, func() {
			var sum uint64
			for i := 0; i+8 <= len(data); i += 8 {
				sum += binary.LittleEndian.Uint64(data[i:])
			}
			sink += sum
		}, "memory floor (sum of 8-byte words)"},
		{"index build", float64(x.Len()), "ns/fault", func() { sink += uint64(faultmap.NewIndex(s).Len()) }, func() {
			mm := make(map[uint64]faultmap.Entry, x.Len())
			for i := range x.Len() {
				e := x.Entry(i)
				mm[e.FaultingPC] = e
			}
			m = mm
		}, "presized map[uint64]Entry"},
		{"lookup, uniform", nkeys, "ns/lookup", func() {
			for _, pc := range hits {
				e, _ := x.Lookup(pc, 0)
				sink += e.HandlerPC
			}
		}, func() {
			for _, pc := range hits {
				sink += m[pc].HandlerPC
			}
		}, "map lookup"},
		{"lookup, no fault at pc", nkeys, "ns/lookup", func() {
			for _, pc := range misses {
				e, _ := x.Lookup(pc, 0)
				sink += e.HandlerPC
			}
		}, func() {
			for _, pc := range misses {
				sink += m[pc].HandlerPC
			}
		}, "map lookup"},
	}
	// The map is built once before the rounds so that the lookup anchors
	// have one.
	rows[1].anch()
	ours := make([][]float64, len(rows))
	ratios := make([][]float64, len(rows))
	anchors := make([][]float64, len(rows))
	for range *rounds {
		for i, r := range rows {
			runtime.GC()
			a := best(r.ours)
			runtime.GC()
			b := best(r.anch)
			ours[i] = append(ours[i], a/r.unit)
			anchors[i] = append(anchors[i], b/r.unit)
			ratios[i] = append(ratios[i], a/b)
		}
	}
	var ms0, ms1 runtime.MemStats
	runtime.ReadMemStats(&ms0)
	for _, pc := range hits {
		e, _ := x.Lookup(pc, 0)
		sink += e.HandlerPC
	}
	runtime.ReadMemStats(&ms1)

	fmt.Printf("fault map: %d bytes, %d functions, %d faults; %d rounds, CPU time, best of 3 per job\n\n", len(data), s.NumFunctions(), x.Len(), *rounds)
	fmt.Println("| row | faultmap (median) | anchor (median) | ratio min / median | anchor |")
	fmt.Println("|---|---|---|---|---|")
	for i, r := range rows {
		fmt.Printf("| %s | %.3g %s | %.3g %s | %.2f / %.2f | %s |\n", r.name, median(ours[i]), r.unitName, median(anchors[i]), r.unitName, slices.Min(ratios[i]), median(ratios[i]), r.anchorName)
	}
	fmt.Printf("| heap allocations per lookup | %.0f | | | |\n", float64(ms1.Mallocs-ms0.Mallocs)/nkeys)
	runtime.KeepAlive(sink) // what the jobs computed, so that none is dead code
}

func median(v []float64) float64 {
	w := slices.Clone(v)
	slices.Sort(w)
	return w[len(w)/2]
}
