package main

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
)

// rows are the walkers of the table, in order, with what each is.
var rows = []struct{ key, what string }{
	{"fp", "frame-pointer chain in C (the floor)"},
	{"nongnu_bt", "nongnu libunwind `unw_backtrace` (per-pc cache, addresses only)"},
	{"go_callers", "Go `runtime.Callers` (200 Go frames)"},
	{"libgcc", "libgcc `_Unwind_Backtrace`"},
	{"llvm_step", "LLVM libunwind 22 `unw_step`"},
	{"nongnu_step", "nongnu libunwind `unw_step`"},
	{"stackwalk_frames", "**stackwalk: frames** (CFI, registers with homes, record lookup)"},
	{"stackwalk_values", "**stackwalk: frames + every deopt value and GC root**"},
	{"stackwalk_first", "**stackwalk: frames, first walk** (the cache reset before every walk: every frame uncached)"},
	{"stackwalk_small_cache", "**stackwalk: frames, cache of 512 recipes** (`CacheLimit` at its smallest: past 512 distinct return addresses, most frames uncached)"},
	{"stackwalk_values_regions", "**stackwalk: frames + values, stack read through a `*stackmap.MemoryRegions`** (a core's or a dump's memory)"},
}

// report prints the table and the PERF line. Ratios are taken within each
// round, then summarized as min / median.
func report(res map[string][]float64, frames map[string]int, rounds, iters, reps int) {
	ratio := func(a, b string) (lo, med float64) {
		if len(res[a]) == 0 || len(res[b]) == 0 {
			return math.NaN(), math.NaN() // a row not timed (gowalk -rows)
		}
		var r []float64
		for i := range res[a] {
			r = append(r, res[a][i]/res[b][i])
		}
		return stats(r)
	}
	fmt.Printf("%d interleaved rounds; each figure the median of %d run(s) of %d walks, by process CPU time; cells min / median over the rounds; ratios taken within each round.\n\n", rounds, reps, iters)
	fmt.Println("| walker, per frame | frames | ns (min / median) | stackwalk frames ÷ it | stackwalk frames + values ÷ it |")
	fmt.Println("|---|---:|---:|---:|---:|")
	perf := map[string]float64{}
	for _, r := range rows {
		if len(res[r.key]) == 0 {
			continue // not timed (gowalk -rows)
		}
		lo, med := stats(res[r.key])
		perf[r.key] = med
		f1, m1 := ratio("stackwalk_frames", r.key)
		f2, m2 := ratio("stackwalk_values", r.key)
		fmt.Printf("| %s | %d | %.1f / %.1f | %.2f / %.2f | %.2f / %.2f |\n", r.what, frames[r.key], lo, med, f1, m1, f2, m2)
		for k, v := range map[string]float64{"frames_ratio_" + r.key: m1, "values_ratio_" + r.key: m2} {
			if !math.IsNaN(v) { // JSON has no NaN
				perf[k] = v
			}
		}
	}
	fmt.Println()
	goal := func(name, a, b string, limit float64) {
		if len(res[a]) == 0 {
			return
		}
		_, med := ratio(a, b)
		ok := "met"
		if med > limit {
			ok = "NOT met"
		}
		fmt.Printf("- %s: %.2f (goal at most %.2f): %s\n", name, med, limit, ok)
	}
	goal("frames ÷ libgcc", "stackwalk_frames", "libgcc", 0.5)
	goal("frames + values ÷ libgcc", "stackwalk_values", "libgcc", 1.0)
	goal("frames ÷ LLVM unw_step", "stackwalk_frames", "llvm_step", 0.25)
	goal("frames + values ÷ LLVM unw_step", "stackwalk_values", "llvm_step", 0.25)
	for _, u := range []struct{ key, what string }{{"stackwalk_first", "first walk (every frame uncached)"}, {"stackwalk_small_cache", "cache of 512 recipes"}} {
		if len(res[u.key]) == 0 {
			continue
		}
		f1, m1 := ratio(u.key, "libgcc")
		f2, m2 := ratio(u.key, "llvm_step")
		fmt.Printf("- %s ÷ libgcc: %.2f / %.2f; ÷ LLVM unw_step: %.2f / %.2f (min / median; no goal)\n", u.what, f1, m1, f2, m2)
	}
	goal("frames + values through MemoryRegions ÷ LLVM unw_step", "stackwalk_values_regions", "llvm_step", 0.5)
	fmt.Println("- allocations per walk: 0 (checked every round)")
	b, err := json.Marshal(perf)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fmt.Printf("PERF %s\n", b)
}
