// Command driver runs perf/run.sh's measurements: every program and its
// anchor one after the other in each round (A B A B ...), then a Markdown
// table of median (min-max) over the rounds, with each ratio taken within a
// round, and a last line "PERF {json}" for machines. No best-of: each
// program reports the median of its repetitions (and its first, cold, one).
//
//	driver -bin DIR -data DIR [-rounds N] [-reps N] [-lookup-reps N] [-clock cpu|wall] [-limit 30s] [-readobj llvm-readobj-22]
//
// DIR (bin) holds gowalk, llvmwalk, memfloor and stackmaps; DIR (data)
// holds synth.bin, regular.bin, real.bin, big.o, llc.o and llc1k.o (run.sh
// makes them).
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// runs maps a job's name to its result in each round.
type runs map[string][]result

// config is the command line.
type config struct {
	bin, data, readobj, clock string
	load                      string // /proc/loadavg's 1, 5 and 15 minute averages at the start
	rounds, reps, lookupReps  int
	limit                     time.Duration // of the --disasm runs
}

func main() {
	var c config
	flag.StringVar(&c.bin, "bin", "", "directory of the built programs")
	flag.StringVar(&c.data, "data", "", "directory of the generated data")
	flag.StringVar(&c.readobj, "readobj", "llvm-readobj-22", "llvm-readobj to compare with")
	flag.StringVar(&c.clock, "clock", "cpu", "in-process clock: cpu (process CPU time) or wall")
	flag.IntVar(&c.rounds, "rounds", 3, "interleaved rounds")
	flag.IntVar(&c.reps, "reps", 5, "repetitions inside each in-process run (their median counts; the first is also reported as cold)")
	flag.IntVar(&c.lookupReps, "lookup-reps", 3, "repetitions inside the lookup run (10 measurements of 2^20 lookups each)")
	flag.DurationVar(&c.limit, "limit", 30*time.Second, "longest a `stackmaps dump --disasm` run may take before it is killed")
	flag.Parse()
	if c.bin == "" || c.data == "" || c.rounds < 1 || c.reps < 1 || c.lookupReps < 1 || (c.clock != "cpu" && c.clock != "wall") {
		fmt.Fprintln(os.Stderr, "usage: driver -bin DIR -data DIR [-rounds N] [-reps N] [-lookup-reps N] [-clock cpu|wall] [-limit D] [-readobj PROG]")
		os.Exit(2)
	}
	c.load = loadAverage()
	groups := c.groups()
	rs := runs{}
	for r := range c.rounds {
		t0 := time.Now()
		for _, g := range groups {
			for _, j := range g {
				if prev := rs[j.name]; len(prev) > 0 && prev[0]["timeout"] == "1" {
					rs[j.name] = append(rs[j.name], prev[0]) // too slow: not run again
					continue
				}
				t1 := time.Now()
				res, err := j.run()
				if err != nil {
					fmt.Fprintln(os.Stderr, "driver:", err)
					os.Exit(1)
				}
				if r == 0 {
					fmt.Fprintf(os.Stderr, "  %-18s %6.1f s\n", j.name, time.Since(t1).Seconds())
				}
				rs[j.name] = append(rs[j.name], res)
			}
		}
		fmt.Fprintf(os.Stderr, "round %d/%d: %.0f s\n", r+1, c.rounds, time.Since(t0).Seconds())
	}
	if ok := report(os.Stdout, c, rs); !ok {
		os.Exit(1)
	}
}

// groups lists the jobs; the jobs of a group run back to back in every
// round, so each ratio compares runs made close in time.
func (c config) groups() [][]job {
	bin := func(name string) string { return filepath.Join(c.bin, name) }
	data := func(name string) string { return filepath.Join(c.data, name) }
	reps := fmt.Sprint(c.reps)
	var gs [][]job
	for _, shape := range []string{"synth", "regular", "real"} {
		f := data(shape + ".bin")
		gowalk := func(mode string) job {
			return job{name: shape + ".go_" + mode, argv: []string{bin("gowalk"), "-reps", reps, mode, f}}
		}
		llvm := func(mode string) job {
			return job{name: shape + ".llvm_" + mode, argv: []string{bin("llvmwalk"), "-reps", reps, mode, f}}
		}
		gs = append(gs,
			[]job{gowalk("all"), llvm("all"), {name: shape + ".floor", argv: []string{bin("memfloor"), "-reps", reps, f}}},
			// The Scanner next to its own run of the LLVM walk, in the same
			// round (its ratio is taken against this run).
			[]job{gowalk("scan"), {name: shape + ".llvm_all_scanpair", argv: []string{bin("llvmwalk"), "-reps", reps, "all", f}}},
			[]job{gowalk("parse"), llvm("ctor")},
			[]job{gowalk("walk"), llvm("walk"), gowalk("raw")},
		)
	}
	gs = append(gs, []job{{name: "lookup", argv: []string{bin("gowalk"), "-reps", fmt.Sprint(c.lookupReps), "lookup", data("synth.bin")}}})
	sm := bin("stackmaps")
	big, llc, small := data("big.o"), data("llc.o"), data("llc1k.o")
	gs = append(gs,
		[]job{
			{name: "big.check", argv: []string{sm, "check", big}, whole: true},
			{name: "big.readobj", argv: []string{c.readobj, "--stackmap", big}, whole: true},
			{name: "big.dump_llvm", argv: []string{sm, "dump", "--format=llvm", big}, whole: true},
		},
		[]job{
			{name: "llc.dump_llvm", argv: []string{sm, "dump", "--format=llvm", llc}, whole: true},
			{name: "llc.readobj", argv: []string{c.readobj, "--stackmap", llc}, whole: true},
			{name: "llc.dump_disasm", argv: []string{sm, "dump", "--disasm", llc}, whole: true, limit: c.limit},
			{name: "llc.dump", argv: []string{sm, "dump", llc}, whole: true},
		},
		[]job{
			{name: "llc1k.dump_disasm", argv: []string{sm, "dump", "--disasm", small}, whole: true, limit: c.limit},
			{name: "llc1k.dump", argv: []string{sm, "dump", small}, whole: true},
		},
	)
	return gs
}

// loadAverage returns the 1, 5 and 15 minute load averages, or "unknown".
func loadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if f := strings.Fields(string(b)); err == nil && len(f) >= 3 {
		return strings.Join(f[:3], " ")
	}
	return "unknown"
}
