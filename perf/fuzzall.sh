#!/usr/bin/env bash
# fuzzall.sh [DURATION]
#   Runs every fuzz target of the module (every func FuzzXxx in a _test.go
#   file) for DURATION each (a Go duration, default 20s), one after the
#   other, and prints per target the executions and crashes, then the
#   totals. A crash stops its target's run; Go writes the failing input to
#   the package's testdata/fuzz/FuzzXxx/ (check it in with the fix: it
#   becomes a seed). Exit status 1 when any target crashed (wrote a failing
#   input).
# Environment: FUZZ_PARALLEL (workers per target, default 1: the machine is
#   shared), FUZZ_MINIMIZE (-fuzzminimizetime, default 2s: Go minimizes each
#   input that finds new coverage for up to 60 s by default, reporting no
#   executions meanwhile, which would eat a short run), FUZZ_MATCH (a regexp: only targets whose package/name match),
#   FUZZ_LOG (directory for each run's output, default a temporary one).
set -uo pipefail
dur=${1:-20s}
par=${FUZZ_PARALLEL:-1}
minimize=${FUZZ_MINIMIZE:-2s}
match=${FUZZ_MATCH:-.}
root=$(cd "$(dirname "$0")/.." && pwd)
log=${FUZZ_LOG:-$(mktemp -d)}
mkdir -p "$log"
cd "$root"
total_execs=0 total_crashes=0 status=0
printf '%-48s %12s %8s\n' target execs crashes
# package directory and target name of every fuzz target, in a stable order
while read -r dir name; do
	[[ "$dir/$name" =~ $match ]] || continue
	out=$log/$(echo "$dir" | tr / _)_$name.txt
	go test -run '^$' -fuzz "^$name\$" -fuzztime "$dur" -fuzzminimizetime "$minimize" -parallel "$par" "./$dir" >"$out" 2>&1
	rc=$?
	execs=$(grep -o 'execs: [0-9]*' "$out" | tail -1 | grep -o '[0-9]*')
	execs=${execs:-0}
	# A crash is an input Go wrote as failing; a run that ends otherwise
	# non-zero (Go's engine reports "context deadline exceeded" when the
	# time runs out while it minimizes) is said, not counted.
	crashes=$(grep -c 'Failing input written to' "$out")
	printf '%-48s %12d %8d\n' "$dir.$name" "$execs" "$crashes"
	if [ "$crashes" -ne 0 ]; then
		status=1
		grep -E 'Failing input written to|panic:|--- FAIL' "$out" | head -3 | sed 's/^/    /'
	elif [ $rc -ne 0 ]; then
		echo "    go test exited $rc without a failing input: $(grep -v '^fuzz:' "$out" | grep -v '^FAIL\|^exit status\|--- FAIL' | head -1)"
	fi
	total_execs=$((total_execs + execs))
	total_crashes=$((total_crashes + crashes))
done < <(grep -rl --include='*_test.go' '^func Fuzz' . | sort | while read -r f; do
	d=$(dirname "${f#./}")
	grep -o '^func Fuzz[A-Za-z0-9_]*' "$f" | sed "s|^func |$d |"
done)
printf '%-48s %12d %8d\n' total "$total_execs" "$total_crashes"
echo "logs: $log" >&2
exit $status
