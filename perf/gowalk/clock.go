package main

import (
	"runtime"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// cpuNanos returns the CPU time (user + system) the process has used, from
// getrusage(RUSAGE_SELF). It counts every thread of the process, the
// garbage collector's included, and leaves out the time the process waits
// for a core, which wall time does not on a shared machine. getrusage
// reports microseconds; the timed work lasts tens of milliseconds or more.
func cpuNanos() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}

// timing holds every run of a measurement, in the order they ran, by CPU
// and wall time. No best-of: the figure reported is the median of all
// runs, and the first run (cold) is reported on its own as well.
type timing struct {
	cpu, wall []float64 // nanoseconds, run by run
}

// measure runs f reps times and records every run.
func measure(reps int, f func()) timing {
	var t timing
	for range reps {
		c0, t0 := cpuNanos(), time.Now()
		f()
		t.wall = append(t.wall, float64(time.Since(t0).Nanoseconds()))
		t.cpu = append(t.cpu, float64(cpuNanos()-c0))
	}
	return t
}

// median returns the median of runs (the mean of the middle two for an
// even count).
func median(runs []float64) float64 {
	v := slices.Sorted(slices.Values(runs))
	n := len(v)
	if n%2 == 1 {
		return v[n/2]
	}
	return (v[n/2-1] + v[n/2]) / 2
}

// cpuMedian and wallMedian are the medians of every run; cpuCold and
// wallCold the first run's figures.
func (t timing) cpuMedian() float64  { return median(t.cpu) }
func (t timing) wallMedian() float64 { return median(t.wall) }
func (t timing) cpuCold() float64    { return t.cpu[0] }
func (t timing) wallCold() float64   { return t.wall[0] }

// runs formats every run's CPU time divided by per, comma-separated, for
// the record (the driver reports medians; the list shows the spread).
func (t timing) runs(per float64) string {
	parts := make([]string, len(t.cpu))
	for i, c := range t.cpu {
		parts[i] = strconv.FormatFloat(c/per, 'f', 2, 64)
	}
	return strings.Join(parts, ",")
}

// allocsOf returns the heap allocations and bytes one call of f makes.
func allocsOf(f func()) (n, bytes uint64) {
	var m0, m1 runtime.MemStats
	runtime.ReadMemStats(&m0)
	f()
	runtime.ReadMemStats(&m1)
	return m1.Mallocs - m0.Mallocs, m1.TotalAlloc - m0.TotalAlloc
}

// retained returns what build keeps on the heap once it returns (heap in
// use after a GC, before and after), and the value it built.
func retained[T any](build func() T) (kept int64, v T) {
	var m0, m1 runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&m0)
	v = build()
	runtime.GC()
	runtime.ReadMemStats(&m1)
	return int64(m1.HeapAlloc) - int64(m0.HeapAlloc), v
}
