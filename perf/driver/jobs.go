package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// job is one program run once per round.
type job struct {
	name  string
	argv  []string
	whole bool // timed from outside as a whole process; else it reports its own figures
	// limit, when set, bounds a whole-process job's wall time: the
	// process is killed then, its result says timeout=1, and later rounds
	// do not run it again.
	limit time.Duration
}

// result is what one run of a job gave: for in-process jobs the
// "bench=NAME key=value" pairs it printed (keys NAME.key, or key when a
// line has no bench), for whole-process jobs wall_s, cpu_s, rss_mb, exit.
// Values stay text: checksums are 64-bit integers a float64 cannot hold.
type result map[string]string

// run runs the job once.
func (j job) run() (result, error) {
	if j.whole {
		return runWhole(j.argv, j.limit)
	}
	return runInProcess(j.argv)
}

// runInProcess runs a measuring program and parses its output.
func runInProcess(argv []string) (result, error) {
	var out, errb bytes.Buffer
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("%s: %v: %s", strings.Join(argv, " "), err, strings.TrimSpace(errb.String()))
	}
	return parsePairs(out.String()), nil
}

// parsePairs reads key=value pairs, one measurement per line.
func parsePairs(text string) result {
	res := result{}
	for _, line := range strings.Split(text, "\n") {
		fields := strings.Fields(line)
		prefix := ""
		for _, f := range fields {
			if v, ok := strings.CutPrefix(f, "bench="); ok {
				prefix = v + "."
			}
		}
		for _, f := range fields {
			k, v, ok := strings.Cut(f, "=")
			if !ok || k == "bench" {
				continue
			}
			res[prefix+k] = v
		}
	}
	return res
}

// runWhole runs a command with stdout and stderr sent to /dev/null and
// returns its wall time, CPU time (user + system) and peak resident set
// size, which wait4's rusage gives for the child. A non-zero exit status
// is recorded, not an error (check exits 1 when it has findings). A
// process still running after limit (if not 0) is killed.
func runWhole(argv []string, limit time.Duration) (result, error) {
	null, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		return nil, err
	}
	defer null.Close()
	ctx := context.Background()
	if limit > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, limit)
		defer cancel()
	}
	cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
	cmd.Stdout, cmd.Stderr = null, null
	t0 := time.Now()
	err = cmd.Run()
	wall := time.Since(t0)
	if cmd.ProcessState == nil {
		return nil, fmt.Errorf("%s: %v", strings.Join(argv, " "), err)
	}
	ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	if !ok {
		return nil, fmt.Errorf("%s: no resource usage", argv[0])
	}
	num := func(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }
	timeout := "0"
	if ctx.Err() != nil {
		timeout = "1"
	}
	return result{
		"timeout": timeout,
		"wall_s":  num(wall.Seconds()),
		"cpu_s":   num(float64(ru.Utime.Nano()+ru.Stime.Nano()) / 1e9),
		"rss_mb":  num(float64(ru.Maxrss) / 1024), // Linux: kilobytes
		"exit":    strconv.Itoa(cmd.ProcessState.ExitCode()),
	}, nil
}
