package main

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"runtime"
	"strings"
)

// row is one line of a table: our figure, an anchor's, and their ratio
// (ours / anchor, taken round by round).
type row struct {
	key        string // for the PERF line; "" leaves the row out of it
	label      string
	ours       series
	anchor     series // nil: no anchor
	anchorName string
	prec       int
	high       bool   // higher is better: no ratio
	text       string // replaces the figures when set
	killed     bool   // ours was killed at the time limit: its figures are lower bounds
}

// table prints rows as Markdown and adds their medians to sum.
func table(w io.Writer, title string, cols [4]string, rows []row, sum map[string]float64) {
	fmt.Fprintf(w, "\n#### %s\n\n", title)
	fmt.Fprintf(w, "| %s | %s | %s | %s | ratio |\n|---|---:|---:|---|---:|\n", cols[0], cols[1], cols[2], cols[3])
	for _, r := range rows {
		if r.text != "" {
			fmt.Fprintf(w, "| %s | %s | | %s | |\n", r.label, r.text, r.anchorName)
			continue
		}
		ours, anchor, ratio := r.ours.cell(r.prec), "", ""
		if r.anchor != nil {
			anchor = r.anchor.cell(r.prec)
			if !r.high {
				ratio = r.ours.over(r.anchor).cell(2)
			}
		}
		if r.killed {
			ours = fmt.Sprintf("> %.*f (killed)", r.prec, r.ours.min())
			ratio = fmt.Sprintf("> %.0f", r.ours.over(r.anchor).min())
		}
		fmt.Fprintf(w, "| %s | %s | %s | %s | %s |\n", r.label, ours, anchor, r.anchorName, ratio)
		if r.key != "" {
			sum[r.key] = round(r.ours.median())
			if r.anchor != nil && !r.high {
				sum[r.key+"_anchor"] = round(r.anchor.median())
				sum[r.key+"_ratio"] = round(r.ours.over(r.anchor).median())
			}
			if r.killed { // lower bounds
				sum[r.key] = round(r.ours.min())
				sum[r.key+"_ratio"] = round(r.ours.over(r.anchor).min())
				sum[r.key+"_killed"] = 1
			}
		}
	}
}

func round(v float64) float64 {
	if math.IsNaN(v) {
		return -1
	}
	return math.Round(v*1000) / 1000
}

// report prints the tables and the PERF line; it returns false when a
// checksum differs.
func report(w io.Writer, c config, rs runs) bool {
	p := c.clock + "_"
	other := map[string]string{"cpu_": "wall_", "wall_": "cpu_"}[p]
	clockName := map[string]string{"cpu_": "process CPU time", "wall_": "wall time"}
	sum := map[string]float64{}
	ok := true

	fmt.Fprintf(w, "### stackmaps next to its anchors\n\n")
	fmt.Fprintf(w, "%d interleaved rounds; every in-process figure is the median of %d repetitions inside its process (lookups: %d), by %s; "+
		"no best-of. Cold: the first repetition, the first pass over the bytes since the process read the file. "+
		"Cells: median (min-max) over the rounds. Ratio: ours / anchor, taken within each round; median (min-max) of the rounds' ratios. "+
		"Machine: %s, %d CPUs, %s; load average %s at the start.\n", c.rounds, c.reps, c.lookupReps, clockName[p], cpuModel(), runtime.NumCPU(), runtime.Version(), c.load)

	for _, shape := range []string{"synth", "regular", "real"} {
		first := rs[shape+".go_all"][0]
		recs := rs.get(shape+".go_all", "all.records")
		bytes := rs.get(shape+".go_all", "all.bytes")
		title := map[string]string{
			"synth":   "Decoding the synthetic section (perf/gen synth)",
			"regular": "Decoding the synthetic section with location kinds in a fixed cycle (perf/gen synth -regular)",
			"real":    "Decoding the real linked section (testdata/linked/x86_64-elf/exe, 3 tables) repeated",
		}[shape]
		title += fmt.Sprintf(": %.1f MB, %s table(s), %s records; ns per record", bytes.median()/1e6, first["all.tables"], first["all.records"])
		gbps := func(job, key string) series { return bytes.over(rs.get(job, key)) } // bytes per ns = GB/s
		same, detail := checksums(rs, shape)
		ok = ok && same
		sum[shape+"_checksums_equal"] = map[bool]float64{true: 1, false: 0}[same]
		rows := []row{
			{key: shape + "_parse_walk", label: "parse + walk", ours: rs.get(shape+".go_all", "all."+p+"ns_per_record"),
				anchor: rs.get(shape+".llvm_all", "all."+p+"ns_per_record"), anchorName: "LLVM 14 StackMapParser: constructor + the same walk", prec: 1},
			{key: shape + "_parse_walk_floor", label: "parse + walk", ours: rs.get(shape+".go_all", "all."+p+"ns_per_record"),
				anchor: rs.get(shape+".floor", "memfloor."+p+"ns").over(recs), anchorName: "memory floor: C sum of every 8-byte word", prec: 1},
			{key: shape + "_parse_walk_cold", label: "parse + walk, cold (first repetition)", ours: rs.get(shape+".go_all", "all.cold_"+p+"ns_per_record"),
				anchor: rs.get(shape+".llvm_all", "all.cold_"+p+"ns_per_record"), anchorName: "LLVM 14, constructor + walk, first repetition", prec: 1},
			{label: "parse + walk, GB/s", ours: gbps(shape+".go_all", "all."+p+"ns"), anchor: gbps(shape+".llvm_all", "all."+p+"ns"),
				anchorName: "LLVM 14 (floor: " + gbps(shape+".floor", "memfloor."+p+"ns").cell(1) + ")", prec: 2, high: true},
			{label: "parse + walk, by " + clockName[other], ours: rs.get(shape+".go_all", "all."+other+"ns_per_record"),
				anchor: rs.get(shape+".llvm_all", "all."+other+"ns_per_record"), anchorName: "LLVM 14, constructor + walk", prec: 1},
			{key: shape + "_scan_walk", label: "one pass: Scanner.NextView (validates each record before handing it out) + the walk through RecordView", ours: rs.get(shape+".go_scan", "scan."+p+"ns_per_record"),
				anchor: rs.get(shape+".llvm_all_scanpair", "all."+p+"ns_per_record"), anchorName: "LLVM 14 StackMapParser: constructor + the same walk (its run next to the Scanner's)", prec: 1},
			{key: shape + "_scan_walk_cold", label: "one pass: Scanner.NextView + walk, cold (first repetition)", ours: rs.get(shape+".go_scan", "scan.cold_"+p+"ns_per_record"),
				anchor: rs.get(shape+".llvm_all_scanpair", "all.cold_"+p+"ns_per_record"), anchorName: "LLVM 14, constructor + walk, first repetition (its run next to the Scanner's)", prec: 1},
			{label: "heap allocations per Scanner pass", text: fmt.Sprintf("%s (%s B)", rs[shape+".go_scan"][0]["scan.allocs"], rs[shape+".go_scan"][0]["scan.alloc_bytes"]),
				anchorName: "LLVM: one std::vector of record offsets per table"},
			{key: shape + "_parse", label: "parse alone (validates everything)", ours: rs.get(shape+".go_parse", "parse."+p+"ns_per_record"),
				anchor: rs.get(shape+".llvm_ctor", "ctor."+p+"ns_per_record"), anchorName: "LLVM 14 constructor alone (record offsets, no checks)", prec: 1},
			{key: shape + "_walk", label: "walk alone", ours: rs.get(shape+".go_walk", "walk."+p+"ns_per_record"),
				anchor: rs.get(shape+".llvm_walk", "walk."+p+"ns_per_record"), anchorName: "LLVM 14 walk alone", prec: 1},
			{key: shape + "_raw", label: "hand-written Go walk over the bytes (no project code)", ours: rs.get(shape+".go_raw", "raw."+p+"ns_per_record"),
				anchor: rs.get(shape+".llvm_all", "all."+p+"ns_per_record"), anchorName: "LLVM 14, constructor + walk", prec: 1},
			{label: "heap allocations per parse + walk", text: fmt.Sprintf("%s (%s B)", first["all.allocs"], first["all.alloc_bytes"]),
				anchorName: "LLVM: one std::vector of record offsets per table"},
			{label: "checksum of every field, Go == LLVM 14", text: map[bool]string{true: "equal", false: "**DIFFERS**"}[same], anchorName: detail},
		}
		table(w, title, [4]string{"measure", "stackmaps", "anchor", "anchor is"}, rows, sum)
	}

	lk := func(key string) series { return rs.get("lookup", key) }
	l0 := rs["lookup"][0]
	floorMB := lk("floor_array.bytes").scale(1e-6).median()
	floor := fmt.Sprintf("memory floor: dependent random 8-byte load over %.1f MB (the index's size)", floorMB)
	op := p + "ns_per_op"
	rows := []row{
		{key: "index_build", label: "build, ns/record", ours: lk("index_build." + p + "ns_per_record"), anchor: lk("map_build." + p + "ns_per_record"),
			anchorName: "filling a map[uint64]int32 (presized)", prec: 1},
		{key: "index_bytes", label: "heap kept, bytes/record", ours: lk("index_build.kept_bytes_per_record"), anchor: lk("map_build.kept_bytes_per_record"),
			anchorName: "map[uint64]int32", prec: 1},
		{label: "heap allocations per build", text: l0["index_build.allocs"], anchorName: "map: " + l0["map_build.allocs"]},
		{key: "lookup_uniform", label: "exact, uniformly random addresses, ns", ours: lk("index_uniform." + op), anchor: lk("map_uniform." + op), anchorName: "map[uint64]int32", prec: 1},
		{key: "lookup_uniform_floor", label: "exact, uniformly random addresses, ns", ours: lk("index_uniform." + op), anchor: lk("floor_chase." + op), anchorName: floor, prec: 1},
		{key: "lookup_hot", label: "exact, hot set of 1,000 addresses, ns", ours: lk("index_hot." + op), anchor: lk("map_hot." + op), anchorName: "map[uint64]int32", prec: 1},
		{key: "lookup_dependent", label: "exact, dependent (next key needs the previous result), ns", ours: lk("index_dependent." + op), anchor: lk("map_dependent." + op), anchorName: "map[uint64]int32", prec: 1},
		{key: "lookup_dependent_floor", label: "exact, dependent, ns", ours: lk("index_dependent." + op), anchor: lk("floor_chase." + op), anchorName: floor, prec: 1},
		{key: "lookup_preceding", label: "nearest preceding, random addresses between records, ns", ours: lk("index_preceding." + op), anchor: lk("floor_chase." + op), anchorName: floor, prec: 1},
		{key: "lookup_uniform_id", label: "exact + the record's ID, uniform, ns", ours: lk("index_uniform_id." + op), anchor: lk("map_uniform." + op), anchorName: "map[uint64]int32 (a record number only)", prec: 1},
		{label: "heap allocations per lookup", text: maxOf(l0, "index_uniform", "index_hot", "index_dependent", "index_preceding", "index_uniform_id"), anchorName: "map: " + maxOf(l0, "map_uniform", "map_hot", "map_dependent")},
	}
	table(w, fmt.Sprintf("Address index over the synthetic section: %s records, %s lookups per run", l0["index_build.records"], l0["index_uniform.lookups"]),
		[4]string{"measure", "stackmaps Index", "anchor", "anchor is"}, rows, sum)

	var wrows []row
	whole := func(key, label, ours, anchor, anchorName string) {
		killed := false
		for _, r := range rs[ours] {
			killed = killed || r["timeout"] == "1"
		}
		for _, m := range []struct{ k, unit string }{{"wall_s", "wall s"}, {"cpu_s", "CPU s"}, {"rss_mb", "peak RSS MB"}} {
			prec := 2
			if m.k == "rss_mb" {
				prec = 0
			}
			wrows = append(wrows, row{key: key + "_" + m.k, label: label + ", " + m.unit, ours: rs.get(ours, m.k), anchor: rs.get(anchor, m.k), anchorName: anchorName, prec: prec, killed: killed})
		}
	}
	bigMB := fileMB(c, "big.o")
	llcMB := fileMB(c, "llc.o")
	whole("big_check", fmt.Sprintf("`stackmaps check big.o` (%.0f MB)", bigMB), "big.check", "big.readobj", "`"+c.readobj+" --stackmap big.o`")
	whole("big_dump_llvm", "`stackmaps dump --format=llvm big.o`", "big.dump_llvm", "big.readobj", "`"+c.readobj+" --stackmap big.o`")
	whole("llc_dump_llvm", fmt.Sprintf("`stackmaps dump --format=llvm llc.o` (%.0f MB)", llcMB), "llc.dump_llvm", "llc.readobj", "`"+c.readobj+" --stackmap llc.o`")
	whole("llc_disasm", "`stackmaps dump --disasm llc.o` (20,000 functions)", "llc.dump_disasm", "llc.dump", "`stackmaps dump llc.o`")
	whole("llc1k_disasm", "`stackmaps dump --disasm llc1k.o` (1,000 functions)", "llc1k.dump_disasm", "llc1k.dump", "`stackmaps dump llc1k.o`")
	wrows = append(wrows, row{label: "exit statuses", text: exits(rs, "big.check", "big.dump_llvm", "big.readobj", "llc.dump_llvm", "llc.readobj", "llc.dump_disasm", "llc.dump", "llc1k.dump_disasm", "llc1k.dump")})
	table(w, fmt.Sprintf("Whole processes (output to /dev/null; wait4 rusage; --disasm runs killed after %v)", c.limit), [4]string{"command", "stackmaps", "anchor", "anchor is"}, wrows, sum)

	js, _ := json.Marshal(sum)
	fmt.Fprintf(w, "\nPERF %s\n", js)
	return ok
}

// checksums reports whether, in every round, every Go walk (parse + walk,
// Scanner, walk alone, hand-written) and every LLVM walk read the same sum and
// counts.
func checksums(rs runs, shape string) (bool, string) {
	keys := []string{"sum", "records", "locations", "liveouts", "tables"}
	ref := rs[shape+".llvm_all"][0]
	for _, jk := range [][2]string{{"go_all", "all"}, {"go_scan", "scan"}, {"go_walk", "walk"}, {"go_raw", "raw"}, {"llvm_all", "all"}, {"llvm_walk", "walk"}} {
		for _, r := range rs[shape+"."+jk[0]] {
			for _, k := range keys {
				if r[jk[1]+"."+k] != ref["all."+k] {
					return false, fmt.Sprintf("%s %s=%s, LLVM all %s=%s", jk[0], k, r[jk[1]+"."+k], k, ref["all."+k])
				}
			}
		}
	}
	return true, fmt.Sprintf("sum=%s over %s records, %s locations, %s live-outs", ref["all.sum"], ref["all.records"], ref["all.locations"], ref["all.liveouts"])
}

// maxOf returns the largest allocs_per_op of the named lookup benches.
func maxOf(r result, names ...string) string {
	best := ""
	bv := math.Inf(-1)
	for _, n := range names {
		s := series{parseOr(r[n+".allocs_per_op"])}
		if v := s.max(); v > bv {
			best, bv = r[n+".allocs_per_op"], v
		}
	}
	return best
}

func parseOr(s string) float64 {
	var v float64
	if _, err := fmt.Sscan(s, &v); err != nil {
		return math.NaN()
	}
	return v
}

// exits lists each command's exit statuses over the rounds.
func exits(rs runs, jobs ...string) string {
	var parts []string
	for _, j := range jobs {
		seen := map[string]bool{}
		var st []string
		for _, r := range rs[j] {
			e := r["exit"]
			if r["timeout"] == "1" {
				e = "killed"
			}
			if !seen[e] {
				seen[e] = true
				st = append(st, e)
			}
		}
		parts = append(parts, j+" "+strings.Join(st, ","))
	}
	return strings.Join(parts, "; ")
}

// fileMB returns the size of a data file in MB (10^6 bytes).
func fileMB(c config, name string) float64 {
	fi, err := os.Stat(c.data + "/" + name)
	if err != nil {
		return math.NaN()
	}
	return float64(fi.Size()) / 1e6
}

// cpuModel returns the processor's name from /proc/cpuinfo, if any.
func cpuModel() string {
	b, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		return runtime.GOARCH
	}
	for _, line := range strings.Split(string(b), "\n") {
		if k, v, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == "model name" {
			return strings.TrimSpace(v)
		}
	}
	return runtime.GOARCH
}
