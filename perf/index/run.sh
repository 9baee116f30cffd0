#!/usr/bin/env bash
# stackmap.Index against a Go map[uint64]int32 at 1 and 10 million records
# (perf/index/main.go: interleaved rounds, medians, no best-of).
#
#   perf/index/run.sh [ROUNDS]      (ROUNDS defaults to 7)
#
# Generates llc-shaped sections (perf/gen synth -bare: the addresses of
# perf/run.sh's synth.bin, without locations) in $STACKMAPS_PERF_WORK (kept)
# or a temporary directory (removed), and prints one Markdown table a size.
set -euo pipefail
rounds=${1:-7}
case $rounds in '' | *[!0-9]* | 0) echo "usage: perf/index/run.sh [ROUNDS]" >&2; exit 2 ;; esac
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
if [ -n "${STACKMAPS_PERF_WORK:-}" ]; then
  work=$STACKMAPS_PERF_WORK
else
  work=$(mktemp -d -t stackmaps-index.XXXXXX)
  trap 'rm -rf "$work"' EXIT
fi
mkdir -p "$work"
(cd "$repo" && go build -o "$work/gen" ./perf/gen && go build -o "$work/index" ./perf/index)
files=()
for n in 1000000 10000000; do
  f=$work/bare$n.bin
  if [ ! -s "$f" ]; then
    "$work/gen" synth -bare -records "$n" -o "$f.tmp" >&2
    mv "$f.tmp" "$f"
  fi
  files+=("$f")
done
"$work/index" -rounds "$rounds" "${files[@]}"
