// Command corewalk times two commands as whole processes, interleaved
// (A B A B ...) over rounds, each side's best of -reps runs per round, and
// prints the ratio A/B taken within each round: the median over the rounds
// as a Markdown row and a last line "PERF {json}". perf/corewalk/run.sh
// runs it with `stackmaps stack --core` as A and gdb's backtrace as B.
//
//	corewalk -rounds N -reps N -label TEXT -- A... -- B...
//
// Wall time is measured around each run; CPU time (user + system, microsecond
// resolution) comes from the rusage the kernel returns for the child.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"slices"
	"syscall"
	"time"
)

func main() {
	rounds := flag.Int("rounds", 5, "rounds")
	reps := flag.Int("reps", 5, "runs of each command per round (the best counts)")
	label := flag.String("label", "", "what is measured, for the table row")
	flag.Parse()
	args := flag.Args() // A... -- B... (flag ate the first "--")
	j := slices.Index(args, "--")
	if j < 1 || j == len(args)-1 {
		fmt.Fprintln(os.Stderr, "usage: corewalk [flags] -- A... -- B...")
		os.Exit(2)
	}
	a, b := args[:j], args[j+1:]
	var wall, cpu, aw, bw, ac, bc []float64
	for r := range *rounds {
		w1, c1 := best(a, *reps)
		w2, c2 := best(b, *reps)
		fmt.Fprintf(os.Stderr, "round %d: A %.4fs wall %.4fs cpu; B %.4fs wall %.4fs cpu\n", r+1, w1, c1, w2, c2)
		wall, cpu = append(wall, w1/w2), append(cpu, c1/c2)
		aw, bw, ac, bc = append(aw, w1), append(bw, w2), append(ac, c1), append(bc, c2)
	}
	fmt.Printf("| %s | %.4f s (CPU %.4f s) | %.4f s (CPU %.4f s) | wall %.4fx, CPU %.4fx (min %.4fx) |\n",
		*label, median(aw), median(ac), median(bw), median(bc), median(wall), median(cpu), slices.Min(cpu))
	fmt.Printf("PERF {\"wall\": %.6f, \"wall_anchor\": %.6f, \"wall_ratio\": %.6f, \"cpu\": %.6f, \"cpu_anchor\": %.6f, \"cpu_ratio\": %.6f, \"rounds\": %d, \"reps\": %d}\n",
		median(aw), median(bw), median(wall), median(ac), median(bc), median(cpu), *rounds, *reps)
}

// best runs argv n times and returns the best wall and CPU seconds.
func best(argv []string, n int) (wall, cpu float64) {
	wall, cpu = 1e9, 1e9
	for range n {
		cmd := exec.Command(argv[0], argv[1:]...)
		cmd.Stdout, cmd.Stderr = io.Discard, io.Discard
		start := time.Now()
		err := cmd.Run()
		w := time.Since(start).Seconds()
		if err != nil {
			fmt.Fprintf(os.Stderr, "%v: %v\n", argv, err)
			os.Exit(1)
		}
		ru := cmd.ProcessState.SysUsage().(*syscall.Rusage)
		c := float64(ru.Utime.Nano()+ru.Stime.Nano()) / 1e9
		wall, cpu = min(wall, w), min(cpu, c)
	}
	return wall, cpu
}

func median(v []float64) float64 {
	s := slices.Clone(v)
	slices.Sort(s)
	return s[len(s)/2]
}
