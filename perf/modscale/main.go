// Command modscale measures stackwalk at JIT scale, from 1 to 1,000,000
// modules: ModuleSet.Lookup at hot and cold pcs in three layouts of
// modules beside its anchor (a sorted []uint64 of the starts searched by
// slices.BinarySearch), the heap a set holds a module, Remove and Add in
// three orders, the walk's cost per frame, and building a walker from a
// list, next to the walk with one module and the linear scan over a module
// list that stackwalk used before ModuleSet.
//
//	go run ./perf/modscale [-rounds N] [-reps N] [-min N] [-max N] [-lookups]
//
// Each round measures every figure at every module count, one after the
// other (interleaved: a slow spell on a shared machine hits a figure and
// its anchor alike), each figure reps times, every repetition kept; a
// lookup and its anchor alternate within a repetition, and ratios are
// taken within it. Each cell is the median of all repetitions of all
// rounds (no best-of), by process CPU time (getrusage: user + system).
// It prints Markdown tables, the load average before and after, and,
// last, a line "PERF {...}" of the medians.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"slices"
	"strings"
)

// counts are the module counts measured (-min and -max choose among
// them).
var counts = []int{1, 100, 10_000, 100_000, 1_000_000}

// lookupsOnly is -lookups: measure the lookups alone (a quick comparison
// of two versions of the set).
var lookupsOnly bool

func main() {
	rounds := flag.Int("rounds", 3, "interleaved rounds")
	reps := flag.Int("reps", 3, "repetitions of each measurement in a round; every one counts")
	least := flag.Int("min", 1, "the smallest module count measured")
	most := flag.Int("max", 1_000_000, "the largest module count measured")
	flag.BoolVar(&lookupsOnly, "lookups", false, "measure the lookups alone")
	flag.Parse()
	if *rounds < 1 || *reps < 1 {
		fmt.Fprintln(os.Stderr, "usage: modscale [-rounds N] [-reps N] [-min N] [-max N] [-lookups]")
		os.Exit(2)
	}
	counts = slices.DeleteFunc(counts, func(n int) bool { return n < *least || n > *most })
	load0 := loadavg()
	all := map[string][]float64{}
	for r := range *rounds {
		if err := round(all, *reps); err != nil {
			fmt.Fprintln(os.Stderr, "modscale:", err)
			os.Exit(1)
		}
		fmt.Fprintf(os.Stderr, "round %d/%d done\n", r+1, *rounds)
	}
	med := map[string]float64{}
	for k, vs := range all {
		slices.Sort(vs)
		med[k] = vs[len(vs)/2]
	}
	printTables(med, *rounds, *reps)
	fmt.Printf("\nLoad average (1, 5, 15 min) before: %s; after: %s.\n", load0, loadavg())
	line, _ := json.Marshal(med)
	fmt.Printf("PERF %s\n", line)
}

// loadavg returns the first three fields of /proc/loadavg, or "?".
func loadavg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if f := strings.Fields(string(b)); err == nil && len(f) >= 3 {
		return strings.Join(f[:3], " ")
	}
	return "?"
}

// round measures every figure at every count and appends each
// repetition to all under NAME_N, with the ratios of each repetition:
// walk_N_*_ratio, the walk's cost per frame at N modules over its cost
// with one module (every frame at one pc); walk_spread_N_wide_ratio, the
// walk whose every frame is in another module over the same walk (the
// same return addresses and stack) through one module that holds all
// those functions; lookup_N_linear_ratio, the linear scan over the set's
// lookup (hot pcs, even layout).
func round(all map[string][]float64, reps int) error {
	fig := map[string][]float64{}
	for _, n := range counts {
		m, err := measureAt(n, reps)
		if err != nil {
			return fmt.Errorf("%d modules: %w", n, err)
		}
		for k, v := range m {
			fig[fmt.Sprintf("%s_%d", k, n)] = v
		}
	}
	ratio := func(name string, num, den []float64) {
		for i := range min(len(num), len(den)) {
			if den[i] > 0 {
				fig[name] = append(fig[name], num[i]/den[i])
			}
		}
	}
	for _, n := range counts {
		ratio(fmt.Sprintf("walk_spread_%d_wide_ratio", n), fig[fmt.Sprintf("walk_spread_%d", n)], fig[fmt.Sprintf("walk_wide_%d", n)])
		for _, kind := range []string{"same", "spread"} {
			ratio(fmt.Sprintf("walk_%s_%d_ratio", kind, n), fig[fmt.Sprintf("walk_%s_%d", kind, n)], fig["walk_same_1"])
		}
		ratio(fmt.Sprintf("lookup_%d_linear_ratio", n), fig[fmt.Sprintf("linear_%d", n)], fig[fmt.Sprintf("lookup_even_hot_%d", n)])
	}
	for k, v := range fig {
		all[k] = append(all[k], v...)
	}
	return nil
}

// printTables prints the README's tables: lookups by layout, Remove and
// Add by order, and the walk and building at each count.
func printTables(med map[string]float64, rounds, reps int) {
	var b strings.Builder
	get := func(f string, a ...any) (float64, bool) {
		v, ok := med[fmt.Sprintf(f, a...)]
		return v, ok
	}
	cell := func(format, f string, a ...any) string {
		if v, ok := get(f, a...); ok {
			return fmt.Sprintf(format, v)
		}
		return ""
	}
	fmt.Fprintf(&b, "| modules | layout | lookup ns, hot pcs | anchor ns | ÷ anchor | lookup ns, cold pcs | anchor ns | ÷ anchor | one read ns, cold | ÷ one read | two reads ns, cold | chunk + entry ns, cold | byte + chunk + entry ns, cold | set bytes a module |\n")
	fmt.Fprintf(&b, "|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n")
	for _, n := range counts {
		for _, l := range layouts {
			fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", group(n), l,
				cell("%.1f", "lookup_%s_hot_%d", l, n), cell("%.1f", "anchor_%s_hot_%d", l, n), cell("**%.2f**", "lookup_%s_hot_ratio_%d", l, n),
				cell("%.1f", "lookup_%s_cold_%d", l, n), cell("%.1f", "anchor_%s_cold_%d", l, n), cell("**%.2f**", "lookup_%s_cold_ratio_%d", l, n),
				cell("%.1f", "read_%s_cold_%d", l, n), cell("%.2f", "lookup_%s_cold_read_ratio_%d", l, n), cell("%.1f", "read2_%s_cold_%d", l, n),
				cell("%.1f", "readc_%s_cold_%d", l, n), cell("%.1f", "readc2_%s_cold_%d", l, n),
				cell("%.1f", "bytes_%s_%d", l, n))
		}
	}
	fmt.Fprintf(&b, "\n| modules | Remove µs, random | Add µs, random | Remove, oldest first | Add, oldest first | Remove, newest first | Add, newest first |\n")
	fmt.Fprintf(&b, "|---:|---:|---:|---:|---:|---:|---:|\n")
	for _, n := range counts {
		fmt.Fprintf(&b, "| %s", group(n))
		for _, o := range []string{"random", "oldest", "newest"} {
			for _, op := range []string{"remove", "add"} {
				v, _ := get("%s_%s_%d", op, o, n)
				fmt.Fprintf(&b, " | %.2f", v/1e3)
			}
		}
		fmt.Fprintf(&b, " |\n")
	}
	fmt.Fprintf(&b, "\n| modules | linear scan ns (before) | ÷ lookup | walk ns/frame, one module | ÷ 1 module | walk ns/frame, each frame another module | ÷ 1 module | ÷ the same frames in one module | NewWalker from a list ms |\n")
	fmt.Fprintf(&b, "|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n")
	for _, n := range counts {
		lin := ""
		if v, ok := get("linear_%d", n); ok {
			lin = ns(v)
		}
		build, _ := get("build_%d", n)
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %s | %s | %s | %.3f |\n", group(n), lin, cell("%.0f", "lookup_%d_linear_ratio", n),
			cell("%.1f", "walk_same_%d", n), cell("%.2f", "walk_same_%d_ratio", n),
			cell("%.1f", "walk_spread_%d", n), cell("%.2f", "walk_spread_%d_ratio", n), cell("%.2f", "walk_spread_%d_wide_ratio", n),
			build/1e6)
	}
	fmt.Fprintf(&b, "\nMedians of all %d repetitions of %d interleaved rounds (no best-of), process CPU time; ratios within each repetition.\n", rounds*reps, rounds)
	fmt.Print(b.String())
}

// ns formats nanoseconds, in µs above 10,000.
func ns(v float64) string {
	if v >= 1e4 {
		return fmt.Sprintf("%.1f µs", v/1e3)
	}
	return fmt.Sprintf("%.1f", v)
}

// group writes n with thousands separators.
func group(n int) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
