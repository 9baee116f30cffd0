package main

import (
	"runtime"
	"slices"
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

// timing holds the best and median of several runs, by CPU and wall time.
type timing struct {
	cpuBest, cpuMedian, wallBest, wallMedian float64 // nanoseconds
}

// measure runs f reps times and returns the best and median of the runs.
func measure(reps int, f func()) timing {
	cpu := make([]float64, 0, reps)
	wall := make([]float64, 0, reps)
	for range reps {
		c0, t0 := cpuNanos(), time.Now()
		f()
		wall = append(wall, float64(time.Since(t0).Nanoseconds()))
		cpu = append(cpu, float64(cpuNanos()-c0))
	}
	slices.Sort(cpu)
	slices.Sort(wall)
	return timing{cpu[0], cpu[len(cpu)/2], wall[0], wall[len(wall)/2]}
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
