// Command lookup measures `stackmaps lookup` answering many addresses in
// one call next to llvm-symbolizer-22 (and addr2line) on the same
// addresses of a large shared library (perf/README.md, "lookup").
//
//	go run ./perf/lookup -stackmaps BIN [-lib FILE] [-n N] [-hot H] [-seed S] [-rounds R] [-check K] [-addr2line]
//
// It draws n addresses inside the library's function symbols (a function
// drawn uniformly, an offset drawn uniformly inside it; seeded) and
// writes them one a line to a file (cold: every address another), and n
// drawn from the first hot of those to another (hot: the same addresses
// again and again, as a profiler's samples are). Then, in each of rounds
// interleaved rounds, it runs on each file `stackmaps lookup LIB`,
// `llvm-symbolizer-22 --obj=LIB` (its default, demangling, and
// --no-demangle) and, with -addr2line, `addr2line -f -e LIB` (cold only),
// each with the addresses on standard input and its output to /dev/null.
// Each process is timed from outside: CPU time (user + system) and peak
// RSS from the rusage wait4 returns for the child, wall time around the
// run.
// Every ratio is taken within a round; every cell is the median over the
// rounds (no best-of). Before the rounds it checks that lookup and
// llvm-symbolizer --no-demangle name the same function for the first
// check addresses (a different name at the same address, an alias, is
// counted apart and allowed). It prints a Markdown table per address file and, last, a
// line "PERF {...}" of the medians (keys cold_PROGRAM_cpu_s, ...,
// hot_PROGRAM_cpu_ratio: stackmaps's figure divided by PROGRAM's).
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/stackmaps/stackmaps/objfile"
	"github.com/stackmaps/stackmaps/stackmap"
)

func main() {
	lib := flag.String("lib", "/usr/lib/llvm-22/lib/libLLVM.so.1", "the shared library whose addresses are looked up")
	bin := flag.String("stackmaps", "", "the stackmaps binary (required)")
	n := flag.Int("n", 100_000, "addresses drawn")
	seed := flag.Uint64("seed", 29, "seed of the draw")
	rounds := flag.Int("rounds", 5, "interleaved rounds; each cell is the median over them")
	check := flag.Int("check", 5000, "addresses whose function names are compared (the first ones)")
	work := flag.String("work", os.TempDir(), "directory for the address file")
	hot := flag.Int("hot", 1000, "distinct addresses of the hot set")
	a2l := flag.Bool("addr2line", false, "time addr2line -f -e too (about 100 times llvm-symbolizer's CPU on libLLVM: 30 s a round)")
	flag.Parse()
	if *bin == "" || *n < 1 || *rounds < 1 || *hot < 1 {
		fmt.Fprintln(os.Stderr, "usage: lookup -stackmaps BIN [-lib FILE] [-n N] [-hot H] [-seed S] [-rounds R] [-check K] [-addr2line]")
		os.Exit(2)
	}
	if err := run(*bin, *lib, *work, *n, *seed, *rounds, min(*check, *n), *hot, *a2l); err != nil {
		fmt.Fprintln(os.Stderr, "lookup:", err)
		os.Exit(1)
	}
}

// prog is one program measured: its name in the table and its command.
type prog struct {
	key   string
	label string
	args  []string
}

func run(bin, lib, work string, n int, seed uint64, rounds, check, hot int, a2l bool) error {
	lib, err := filepath.EvalSymlinks(lib)
	if err != nil {
		return err
	}
	addrs, syms, values, err := draw(lib, n, seed)
	if err != nil {
		return err
	}
	addrFile := filepath.Join(work, "lookup-addrs.txt")
	if err := writeAddrs(addrFile, addrs); err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "lookup: %d addresses in %d function symbols of %s (seed %d): %s\n", n, syms, lib, seed, addrFile)
	aliases := func(a, b string) bool {
		va, oka := values[a]
		vb, okb := values[b]
		return oka && okb && va == vb
	}
	if err := compare(bin, lib, addrs[:check], aliases); err != nil {
		return err
	}
	progs := []prog{
		{"stackmaps", "stackmaps lookup LIB", []string{bin, "lookup", lib}},
		{"symbolizer", "llvm-symbolizer-22 --obj=LIB", []string{"llvm-symbolizer-22", "--obj=" + lib}},
		{"symbolizer_nodemangle", "llvm-symbolizer-22 --no-demangle --obj=LIB", []string{"llvm-symbolizer-22", "--no-demangle", "--obj=" + lib}},
		{"addr2line", "addr2line -f -e LIB", []string{"addr2line", "-f", "-e", lib}},
	}
	if _, err := exec.LookPath("addr2line"); err != nil || !a2l {
		progs = progs[:3]
	}
	// The hot set: n addresses drawn from the first hot of the cold ones
	// (a profiler's samples, a program's frames met again and again).
	rng := rand.New(rand.NewPCG(seed, 30))
	hotAddrs := make([]uint64, n)
	for i := range hotAddrs {
		hotAddrs[i] = addrs[rng.IntN(min(hot, n))]
	}
	hotFile := filepath.Join(work, "lookup-addrs-hot.txt")
	if err := writeAddrs(hotFile, hotAddrs); err != nil {
		return err
	}
	sets := []addrSet{{"cold", addrFile, fmt.Sprintf("%d addresses drawn over every function", n)},
		{"hot", hotFile, fmt.Sprintf("%d addresses drawn from %d of them", n, min(hot, n))}}
	var all []map[string]float64
	for r := range rounds {
		fig := map[string]float64{}
		for _, set := range sets {
			for _, p := range progs {
				if p.key == "addr2line" && set.key != "cold" {
					continue
				}
				cpu, wall, rss, err := measure(p.args, set.file)
				if err != nil {
					return fmt.Errorf("%s: %w", p.key, err)
				}
				k := set.key + "_" + p.key
				fig[k+"_cpu_s"], fig[k+"_wall_s"], fig[k+"_rss_mb"] = cpu, wall, rss
			}
			for _, p := range progs[1:] {
				k, ours := set.key+"_"+p.key, set.key+"_stackmaps"
				if _, ok := fig[k+"_cpu_s"]; !ok {
					continue
				}
				fig[k+"_cpu_ratio"] = fig[ours+"_cpu_s"] / fig[k+"_cpu_s"]
				fig[k+"_wall_ratio"] = fig[ours+"_wall_s"] / fig[k+"_wall_s"]
				fig[k+"_rss_ratio"] = fig[ours+"_rss_mb"] / fig[k+"_rss_mb"]
			}
		}
		fmt.Fprintf(os.Stderr, "round %d/%d: stackmaps %.3fs CPU, llvm-symbolizer %.3fs (ratio %.2f); hot %.3fs, %.3fs (%.2f)\n",
			r+1, rounds, fig["cold_stackmaps_cpu_s"], fig["cold_symbolizer_cpu_s"], fig["cold_symbolizer_cpu_ratio"],
			fig["hot_stackmaps_cpu_s"], fig["hot_symbolizer_cpu_s"], fig["hot_symbolizer_cpu_ratio"])
		all = append(all, fig)
	}
	med := medians(all)
	load, _ := os.ReadFile("/proc/loadavg")
	fmt.Printf("%d interleaved rounds, median over them (no best-of); CPU time is the child's user + system from wait4's rusage. Load average after the rounds: %s.\n\n",
		rounds, strings.Join(strings.Fields(string(load))[:3], " "))
	for _, set := range sets {
		printTable(med, set, progs, lib)
	}
	line, _ := json.Marshal(med)
	fmt.Printf("PERF %s\n", line)
	return nil
}

// addrSet is one address file measured: cold (every address another) or
// hot (a small set, again and again).
type addrSet struct {
	key, file, what string
}

// draw returns n addresses inside the function symbols of lib that lie in
// its code: a symbol drawn uniformly, an offset drawn uniformly inside it;
// the number of symbols drawn from; and the address of every symbol by
// name (aliases included, from llvm-nm-22 -D), for the comparison.
func draw(lib string, n int, seed uint64) ([]uint64, int, map[string]uint64, error) {
	f, err := objfile.OpenOptions(lib, objfile.Options{AllowNoSection: true})
	if err != nil {
		return nil, 0, nil, err
	}
	defer f.Close()
	m, err := f.SymbolMap()
	if err != nil {
		return nil, 0, nil, err
	}
	values, err := symbolValues(lib)
	if err != nil {
		return nil, 0, nil, err
	}
	code := f.CodeRanges()
	var fns []stackmap.Symbol
	for i := range m.Len() {
		s := m.At(i)
		if s.Size == 0 || !slices.ContainsFunc(code, func(r objfile.CodeRange) bool {
			return s.Value >= r.Addr && s.Value-r.Addr < r.Size
		}) {
			continue
		}
		fns = append(fns, s)
	}
	if len(fns) == 0 {
		return nil, 0, nil, fmt.Errorf("%s: no sized function symbol in its code", lib)
	}
	rng := rand.New(rand.NewPCG(seed, 29))
	addrs := make([]uint64, n)
	for i := range addrs {
		s := fns[rng.IntN(len(fns))]
		addrs[i] = s.Value + rng.Uint64N(s.Size)
	}
	return addrs, len(fns), values, nil
}

// symbolValues returns the value of each defined dynamic symbol of lib by
// name, as llvm-nm-22 -D lists them: aliases too, where the symbol map
// keeps one name per address.
func symbolValues(lib string) (map[string]uint64, error) {
	out, err := exec.Command("llvm-nm-22", "-D", "--defined-only", lib).Output()
	if err != nil {
		return nil, fmt.Errorf("llvm-nm-22: %w", err)
	}
	values := map[string]uint64{}
	for line := range strings.Lines(string(out)) {
		f := strings.Fields(line)
		if len(f) != 3 {
			continue
		}
		v, err := strconv.ParseUint(f[0], 16, 64)
		name, _, _ := strings.Cut(f[2], "@") // the version (@@LLVM_22.1) is no part of the name
		if err == nil {
			values[name] = v
		}
	}
	return values, nil
}

func writeAddrs(name string, addrs []uint64) error {
	var b bytes.Buffer
	for _, a := range addrs {
		fmt.Fprintf(&b, "0x%x\n", a)
	}
	return os.WriteFile(name, b.Bytes(), 0o644)
}

// compare checks that lookup (--format=line: its fourth field is
// SYMBOL+0xOFF) and llvm-symbolizer --no-demangle name the same function
// for addrs. A different name for a symbol at the same address (an alias:
// both tools pick one of several) is counted and allowed.
func compare(bin, lib string, addrs []uint64, aliases func(a, b string) bool) error {
	var in bytes.Buffer
	for _, a := range addrs {
		fmt.Fprintf(&in, "0x%x\n", a)
	}
	ours, err := output(bytes.NewReader(in.Bytes()), bin, "lookup", "--format=line", lib)
	if err != nil && !isExit(err, 1) {
		return fmt.Errorf("stackmaps lookup: %w", err)
	}
	theirs, err := output(bytes.NewReader(in.Bytes()), "llvm-symbolizer-22", "--no-demangle", "--obj="+lib)
	if err != nil {
		return fmt.Errorf("llvm-symbolizer-22: %w", err)
	}
	ourNames := strings.Split(strings.TrimSuffix(ours, "\n"), "\n")
	// llvm-symbolizer: the function, "??:0:0", a blank line, per address.
	var theirNames []string
	for blk := range strings.SplitSeq(strings.TrimSpace(theirs), "\n\n") {
		theirNames = append(theirNames, strings.SplitN(blk, "\n", 2)[0])
	}
	if len(ourNames) != len(addrs) || len(theirNames) != len(addrs) {
		return fmt.Errorf("compare: %d addresses, %d lines from lookup, %d answers from llvm-symbolizer", len(addrs), len(ourNames), len(theirNames))
	}
	same, alias := 0, 0
	for i, line := range ourNames {
		fields := strings.Fields(line)
		if len(fields) != 5 {
			return fmt.Errorf("compare: lookup line %d: %q", i+1, line)
		}
		name, _, ok := strings.Cut(fields[3], "+0x")
		switch {
		case ok && name == theirNames[i]:
			same++
		case ok && aliases(name, theirNames[i]):
			alias++
		default:
			return fmt.Errorf("compare: 0x%x: lookup names %s, llvm-symbolizer %s", addrs[i], fields[3], theirNames[i])
		}
	}
	fmt.Fprintf(os.Stderr, "lookup: names compared at %d addresses: %d the same, %d aliases (another symbol at the same address)\n", len(addrs), same, alias)
	return nil
}

// output runs name with args and stdin, and returns its standard output.
func output(stdin *bytes.Reader, name string, args ...string) (string, error) {
	cmd := exec.Command(name, args...)
	cmd.Stdin = stdin
	out, err := cmd.Output()
	return string(out), err
}

func isExit(err error, code int) bool {
	e, ok := err.(*exec.ExitError)
	return ok && e.ExitCode() == code
}

// measure runs args with stdin from addrFile and stdout and stderr to
// /dev/null: the child's CPU time (user + system) and wall time in
// seconds, and its peak RSS in MB.
func measure(args []string, addrFile string) (cpu, wall, rssMB float64, err error) {
	in, err := os.Open(addrFile)
	if err != nil {
		return 0, 0, 0, err
	}
	defer in.Close()
	null, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		return 0, 0, 0, err
	}
	defer null.Close()
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = in, null, null
	start := time.Now()
	err = cmd.Run()
	wall = time.Since(start).Seconds()
	if err != nil && !isExit(err, 1) {
		return 0, 0, 0, err
	}
	ru := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	cpu = tv(ru.Utime) + tv(ru.Stime)
	return cpu, wall, float64(ru.Maxrss) / 1024, nil
}

func tv(t syscall.Timeval) float64 { return float64(t.Sec) + float64(t.Usec)/1e6 }

// medians returns the median of each key over the rounds.
func medians(all []map[string]float64) map[string]float64 {
	med := map[string]float64{}
	for k := range all[0] {
		var vs []float64
		for _, r := range all {
			vs = append(vs, r[k])
		}
		slices.Sort(vs)
		if len(vs)%2 == 1 {
			med[k] = vs[len(vs)/2]
		} else {
			med[k] = (vs[len(vs)/2-1] + vs[len(vs)/2]) / 2
		}
	}
	return med
}

func printTable(med map[string]float64, set addrSet, progs []prog, lib string) {
	fmt.Printf("### lookup, %s: %s of %s, in one call\n\n", set.key, set.what, filepath.Base(lib))
	fmt.Println("| program | CPU | wall | peak RSS | CPU ratio (stackmaps ÷ it) | wall ratio | RSS ratio |")
	fmt.Println("|---|---|---|---|---|---|---|")
	for _, p := range progs {
		k := set.key + "_" + p.key
		if _, ok := med[k+"_cpu_s"]; !ok {
			continue
		}
		fmt.Printf("| `%s` | %.3f s | %.3f s | %.0f MB |", p.label, med[k+"_cpu_s"], med[k+"_wall_s"], med[k+"_rss_mb"])
		if p.key == "stackmaps" {
			fmt.Println(" | | |")
			continue
		}
		fmt.Printf(" %s | %s | %s |\n", ratio(med[k+"_cpu_ratio"]), ratio(med[k+"_wall_ratio"]), ratio(med[k+"_rss_ratio"]))
	}
	fmt.Println()
}

// ratio formats a ratio with two decimals, three below 0.1 (addr2line's).
func ratio(r float64) string {
	if r < 0.1 {
		return fmt.Sprintf("%.3f", r)
	}
	return fmt.Sprintf("%.2f", r)
}
