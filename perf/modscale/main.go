// Command modscale measures stackwalk at JIT scale: module lookup (in
// modules spread evenly, and from 10,000 modules in packed modules of
// random sizes and in uneven ones with gaps), the walk's cost per frame, removing a module and adding one (each on its
// own), and building a walker from a list, at 1 to 100,000 modules, next
// to its anchors (the walk with one module, and the linear scan over a
// module list that stackwalk used before ModuleSet).
//
//	go run ./perf/modscale [-rounds N] [-reps N]
//
// Each round measures every figure at every module count, one after the
// other (interleaved: a slow spell on a shared machine hits a figure and
// its anchor alike); ratios are taken within a round, and each cell is the
// median over the rounds. Within a round each figure is the best of reps
// repetitions, by process CPU time (getrusage: user + system). It prints a
// Markdown table and, last, a line "PERF {...}" of the medians.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"slices"
	"strings"
)

// counts are the module counts measured.
var counts = []int{1, 100, 10_000, 100_000}

func main() {
	rounds := flag.Int("rounds", 5, "interleaved rounds; each cell is the median over them")
	reps := flag.Int("reps", 3, "repetitions of each measurement in a round; the best counts")
	flag.Parse()
	if *rounds < 1 || *reps < 1 {
		fmt.Fprintln(os.Stderr, "usage: modscale [-rounds N] [-reps N]")
		os.Exit(2)
	}
	var all []map[string]float64
	for r := range *rounds {
		fig, err := round(*reps)
		if err != nil {
			fmt.Fprintln(os.Stderr, "modscale:", err)
			os.Exit(1)
		}
		fmt.Fprintf(os.Stderr, "round %d/%d done\n", r+1, *rounds)
		all = append(all, fig)
	}
	med := medians(all)
	printTable(med, *rounds)
	line, _ := json.Marshal(med)
	fmt.Printf("PERF %s\n", line)
}

// round measures every figure once at every count, and the ratios of the
// round: walk_N_*_ratio is the walk's cost per frame at N modules divided
// by its cost with one module (every frame at one pc);
// walk_spread_N_wide_ratio divides the walk whose every frame is in
// another module by the same walk (the same return addresses and stack)
// through one module that holds all those functions; lookup_N_linear_ratio
// is the linear scan divided by the set's lookup.
func round(reps int) (map[string]float64, error) {
	fig := map[string]float64{}
	for _, n := range counts {
		m, err := measureAt(n, reps)
		if err != nil {
			return nil, fmt.Errorf("%d modules: %w", n, err)
		}
		for k, v := range m {
			fig[fmt.Sprintf("%s_%d", k, n)] = v
		}
	}
	one := fig["walk_same_1"]
	for _, n := range counts {
		if v, ok := fig[fmt.Sprintf("walk_spread_%d", n)]; ok {
			fig[fmt.Sprintf("walk_spread_%d_wide_ratio", n)] = v / fig[fmt.Sprintf("walk_wide_%d", n)]
		}
		for _, kind := range []string{"same", "spread"} {
			if v, ok := fig[fmt.Sprintf("walk_%s_%d", kind, n)]; ok && one > 0 {
				fig[fmt.Sprintf("walk_%s_%d_ratio", kind, n)] = v / one
			}
		}
		if lin, ok := fig[fmt.Sprintf("linear_%d", n)]; ok {
			fig[fmt.Sprintf("lookup_%d_linear_ratio", n)] = lin / fig[fmt.Sprintf("lookup_%d", n)]
		}
	}
	return fig, nil
}

// medians returns each key's median over the rounds.
func medians(all []map[string]float64) map[string]float64 {
	out := map[string]float64{}
	for k := range all[0] {
		var vs []float64
		for _, fig := range all {
			vs = append(vs, fig[k])
		}
		slices.Sort(vs)
		out[k] = vs[len(vs)/2]
	}
	return out
}

// printTable prints the README's tables: the figures at each count, then
// lookups in the three layouts (even, packed, uneven: see layouts).
func printTable(med map[string]float64, rounds int) {
	var b strings.Builder
	fmt.Fprintf(&b, "| modules | lookup ns | linear scan ns (before) | walk ns/frame, one module | ÷ 1 module | walk ns/frame, each frame another module | ÷ 1 module | ÷ the same frames in one module | Remove µs | Add µs | NewWalker from a list ms |\n")
	fmt.Fprintf(&b, "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n")
	for _, n := range counts {
		spread, spreadRatio, wideRatio := "", "", ""
		if v, ok := med[fmt.Sprintf("walk_spread_%d", n)]; ok {
			spread = fmt.Sprintf("%.1f", v)
			spreadRatio = fmt.Sprintf("%.2f", med[fmt.Sprintf("walk_spread_%d_ratio", n)])
			wideRatio = fmt.Sprintf("%.2f", med[fmt.Sprintf("walk_spread_%d_wide_ratio", n)])
		}
		fmt.Fprintf(&b, "| %s | %.1f | %s | %.1f | %.2f | %s | %s | %s | %.2f | %.2f | %.3f |\n",
			group(n), med[fmt.Sprintf("lookup_%d", n)], ns(med[fmt.Sprintf("linear_%d", n)]),
			med[fmt.Sprintf("walk_same_%d", n)], med[fmt.Sprintf("walk_same_%d_ratio", n)], spread, spreadRatio, wideRatio,
			med[fmt.Sprintf("remove_%d", n)]/1e3, med[fmt.Sprintf("add_%d", n)]/1e3, med[fmt.Sprintf("build_%d", n)]/1e6)
	}
	fmt.Fprintf(&b, "\n| modules | lookup ns, even | packed | uneven |\n|---:|---:|---:|---:|\n")
	for _, n := range counts {
		if _, ok := med[fmt.Sprintf("lookup_packed_%d", n)]; ok {
			fmt.Fprintf(&b, "| %s | %.1f | %.1f | %.1f |\n", group(n), med[fmt.Sprintf("lookup_%d", n)],
				med[fmt.Sprintf("lookup_packed_%d", n)], med[fmt.Sprintf("lookup_uneven_%d", n)])
		}
	}
	fmt.Fprintf(&b, "\nMedians of %d interleaved rounds, process CPU time; ratios within each round.\n", rounds)
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
