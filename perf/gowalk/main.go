// Command gowalk measures the stackmaps library on a section file, for
// perf/run.sh. Every call into the project is in api.go.
//
//	gowalk [-reps N] [-cpuprofile FILE] all|scan|parse|walk|raw FILE
//	gowalk [-reps N] [-n LOOKUPS] lookup FILE
//
// -cpuprofile writes a pprof CPU profile of the run, for a build with
// go build -pgo (profile-guided inlining: it inlines Scanner.NextView into
// the walk, and on 2026-11-26 changed no ratio; Function.Address inlines
// without it since then).
//
// Modes:
//
//	all     parse (validating every table) + walk every field
//	scan    the same in one pass: stackmap.Scanner's NextView loop
//	parse   parse alone
//	walk    the walk alone, over a section parsed before timing
//	raw     the walk hand-written over the bytes, no project code
//	lookup  address index: build, kept heap, exact lookups (uniform, hot
//	        set, dependent), nearest-preceding lookups; a map[uint64]int32
//	        over the same addresses; the memory floor (dependent random
//	        loads over an array the size of the index)
//
// Each job runs reps times, each run timed by process CPU time (getrusage:
// user + system of every thread) and by wall time. No best-of: the median
// of the runs is printed, the first run (cold: the first pass over the
// bytes since the file was read, for all, scan and raw) on its own, and
// every run's CPU time (runs_cpu_ns_per_record).
// Output is key=value pairs, one line per measurement.
package main

import (
	"flag"
	"fmt"
	"os"
	"runtime/pprof"
)

// sums is what a walk reads: the checksum of every field and the counts.
type sums struct {
	sum, tables, records, locations, liveOuts uint64
}

func main() {
	reps := flag.Int("reps", 5, "repetitions of each measurement; their median is printed, and the first (cold) run")
	n := flag.Int("n", 1<<20, "lookups per repetition")
	cpuProfile := flag.String("cpuprofile", "", "write a CPU profile (pprof) of the run to this file")
	flag.Parse()
	if flag.NArg() != 2 || *reps < 1 || *n < 1 {
		fmt.Fprintln(os.Stderr, "usage: gowalk [-reps N] [-n LOOKUPS] all|scan|parse|walk|raw|lookup FILE")
		os.Exit(2)
	}
	mode, file := flag.Arg(0), flag.Arg(1)
	if *cpuProfile != "" {
		stop, err := startProfile(*cpuProfile)
		if err != nil {
			fmt.Fprintf(os.Stderr, "gowalk: %v\n", err)
			os.Exit(1)
		}
		defer stop()
	}
	data, err := os.ReadFile(file)
	if err == nil {
		if mode == "lookup" {
			err = runLookups(data, *reps, *n)
		} else {
			err = runPhase(mode, data, *reps)
		}
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "gowalk: %s: %v\n", file, err)
		os.Exit(1)
	}
}

// runPhase measures one of the walk modes and prints one line. The modes
// that read the bytes themselves (all, scan, raw) make no pass over them
// before the first timed run, so that run is the cold one: the first pass
// over the bytes since the file was read into memory.
func runPhase(mode string, data []byte, reps int) error {
	var s sums
	var jobErr error
	var job func()
	switch mode {
	case "all":
		job = func() {
			sec, err := parse(data)
			if err != nil {
				jobErr = err
				return
			}
			s = walk(sec)
		}
	case "parse", "walk":
		sec, err := parse(data)
		if err != nil {
			return err
		}
		s = walk(sec) // the counts for the line
		if mode == "walk" {
			job = func() { s = walk(sec) }
			break
		}
		job = func() {
			sec, err := parse(data)
			if err != nil {
				jobErr = err
				return
			}
			s.tables = uint64(numTables(sec))
		}
	case "scan":
		job = func() {
			var err error
			if s, err = scanWalk(data); err != nil {
				jobErr = err
			}
		}
	case "raw":
		job = func() { s = rawWalk(data) }
	default:
		return fmt.Errorf("unknown mode %q", mode)
	}
	t := measure(reps, job)
	if jobErr != nil {
		return jobErr
	}
	allocs, bytes := allocsOf(job)
	rec := float64(s.records)
	fmt.Printf("bench=%s bytes=%d tables=%d records=%d locations=%d liveouts=%d sum=%d "+
		"cpu_ns_per_record=%.3f wall_ns_per_record=%.3f cpu_ns=%.0f wall_ns=%.0f "+
		"cold_cpu_ns_per_record=%.3f cold_wall_ns_per_record=%.3f runs_cpu_ns_per_record=%s allocs=%d alloc_bytes=%d\n",
		mode, len(data), s.tables, s.records, s.locations, s.liveOuts, s.sum,
		t.cpuMedian()/rec, t.wallMedian()/rec, t.cpuMedian(), t.wallMedian(),
		t.cpuCold()/rec, t.wallCold()/rec, t.runs(rec), allocs, bytes)
	return nil
}

// startProfile starts a CPU profile written to path (for a build with
// -pgo, see perf/README.md) and returns what stops it.
func startProfile(path string) (func(), error) {
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return nil, err
	}
	return func() { pprof.StopCPUProfile(); f.Close() }, nil
}
