// Command gowalk is the Go side and the driver of perf/walk.sh: each round
// it runs the C program `chain` (which writes a capture of its 200-frame
// stack and times the C unwinders over it), then walks that capture with
// stackwalk (frames alone; frames with every deopt value and GC root) and
// times runtime.Callers over 200 Go frames. It prints a Markdown table of
// nanoseconds per frame with ratios, and last a line "PERF {json}".
package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"runtime/pprof"
	"slices"
	"strconv"
	"strings"
	"syscall"
)

func main() {
	chain := flag.String("chain", "", "the C program (perf/walk.sh builds it)")
	capture := flag.String("capture", "capture.bin", "where chain writes its capture")
	rounds := flag.Int("rounds", 5, "interleaved rounds")
	iters := flag.Int("iters", 2000, "walks per timed run")
	reps := flag.Int("reps", 1, "timed runs per round (their median is kept: no best-of)")
	pairs := flag.Int("pairs", 100, "the chain's llc/gcc function pairs (perf/walk.sh's PAIRS): 2*pairs distinct return addresses")
	profile := flag.String("cpuprofile", "", "write a CPU profile of the whole run to this file")
	only := flag.String("rows", "", "time only these stackwalk rows (comma-separated keys, e.g. stackwalk_small_cache,stackwalk_first; perf/walk.sh's ROWS): the C unwinders' rows are always timed")
	flag.Parse()
	want := func(key string) bool { return *only == "" || slices.Contains(strings.Split(*only, ","), key) }
	if *chain == "" || *rounds < 1 || *iters < 1 || *reps < 1 {
		flag.Usage()
		os.Exit(2)
	}
	if *profile != "" {
		f, err := os.Create(*profile)
		if err != nil {
			fail("%v", err)
		}
		if err := pprof.StartCPUProfile(f); err != nil {
			fail("%v", err)
		}
		defer pprof.StopCPUProfile()
	}
	res := map[string][]float64{}
	frames := map[string]int{}
	for r := range *rounds {
		cmd := exec.Command(*chain, *capture, strconv.Itoa(*iters), strconv.Itoa(*reps))
		cmd.Stderr = os.Stderr
		out, err := cmd.Output()
		if err != nil {
			fail("running %s: %v", *chain, err)
		}
		for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
			var name string
			var ns float64
			var n int
			if _, err := fmt.Sscanf(line, "%s %g %d", &name, &ns, &n); err != nil {
				fail("chain printed %q: %v", line, err)
			}
			res[name] = append(res[name], ns)
			frames[name] = n
		}
		w, err := load(*chain, *capture, *pairs, false, 0)
		if err != nil {
			fail("%v", err)
		}
		wr, err := load(*chain, *capture, *pairs, true, 0)
		if err != nil {
			fail("%v", err)
		}
		// The cache at its smallest (512 recipes): a stack of more
		// distinct return addresses than that (PAIRS above 256) takes
		// the uncached step at most frames of every walk.
		ws, err := load(*chain, *capture, *pairs, false, 1)
		if err != nil {
			fail("%v", err)
		}
		for _, m := range []struct {
			name   string
			values bool
			w      *walker
		}{{"stackwalk_frames", false, w}, {"stackwalk_values", true, w}, {"stackwalk_values_regions", true, wr}, {"stackwalk_small_cache", false, ws}} {
			if !want(m.name) {
				continue
			}
			w := m.w
			n, err := w.check(m.values)
			if err != nil {
				fail("%s: %v", m.name, err)
			}
			// The walker's recipe cache grows with the distinct return
			// addresses over the first walks (2*pairs of them): the runs
			// time the walks after that, as the C unwinders' are timed
			// after their first.
			for range 8 {
				w.walk(m.values)
			}
			// No collection left running from the setup and the cache's
			// growth (it would mark the walker's cache on the other core,
			// in the process's CPU time): a walk allocates nothing, so
			// none starts while the runs are timed.
			runtime.GC()
			res[m.name] = append(res[m.name], median(*reps, func() float64 {
				return perRun(*iters, n, func() { w.walk(m.values) })
			}))
			frames[m.name] = n
			if a := w.allocs(m.values); a != 0 {
				fail("%s: %d allocations per walk", m.name, a)
			}
		}
		// The first walk of this stack: the same walker, its cache
		// forgotten (ResetCache) before every walk, so that every frame
		// takes the uncached step (row, record lookup, recipe compile)
		// and the cache's refilling, as a walker's first walk of a stack
		// does. Its allocations (the cache's memory) are part of it.
		if want("stackwalk_first") {
			runtime.GC()
			res["stackwalk_first"] = append(res["stackwalk_first"], median(*reps, func() float64 {
				return perRun(*iters, w.frames(), func() { w.w.ResetCache(); w.walk(false) })
			}))
			frames["stackwalk_first"] = w.frames()
		}
		res["go_callers"] = append(res["go_callers"], median(*reps, func() float64 {
			return perRun(*iters, goDepth, goCallers)
		}))
		frames["go_callers"] = goDepth
		fmt.Fprintf(os.Stderr, "walk: round %d of %d done\n", r+1, *rounds)
	}
	report(res, frames, *rounds, *iters, *reps)
}

// median runs f reps times and returns the median of its results (no
// best-of: perf/README.md, Method).
func median(reps int, f func() float64) float64 {
	v := make([]float64, reps)
	for i := range v {
		v[i] = f()
	}
	slices.Sort(v)
	if reps%2 == 1 {
		return v[reps/2]
	}
	return (v[reps/2-1] + v[reps/2]) / 2
}

// perRun times iters calls of f by process CPU time and returns
// nanoseconds per frame (frames per call).
func perRun(iters, frames int, f func()) float64 {
	t0 := cpuNanos()
	for range iters {
		f()
	}
	return float64(cpuNanos()-t0) / float64(iters) / float64(frames)
}

// cpuNanos returns the process's CPU time (user + system), as the C side
// reads CLOCK_PROCESS_CPUTIME_ID.
func cpuNanos() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}

// goDepth is the depth of the Go stack runtime.Callers reads.
const goDepth = 200

var pcs [goDepth + 16]uintptr

//go:noinline
func goRecurse(d int) int {
	if d == 0 {
		return runtime.Callers(0, pcs[:])
	}
	return goRecurse(d-1) + 1
}

func goCallers() { goRecurse(goDepth - 3) }

func fail(format string, a ...any) {
	fmt.Fprintf(os.Stderr, "walk: "+format+"\n", a...)
	os.Exit(1)
}

// stats returns the min and the median.
func stats(v []float64) (lo, med float64) {
	s := slices.Clone(v)
	slices.Sort(s)
	return s[0], s[len(s)/2]
}
