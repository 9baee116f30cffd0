#!/usr/bin/env bash
# `stackmaps lookup` with 100,000 addresses on standard input in one call,
# next to llvm-symbolizer-22 and addr2line on the same addresses of
# libLLVM-22 (perf/README.md, "lookup").
#
#   perf/lookup/run.sh [ROUNDS]     (from anywhere; ROUNDS defaults to 5)
#
# LIB=FILE looks up another library's addresses (default: Debian
# libllvm22's /usr/lib/llvm-22/lib/libLLVM.so.1); N=COUNT draws another
# number of addresses, HOT=H another size of the hot set (default 1,000
# distinct addresses, N drawn from them), SEED=S another draw; ADDR2LINE=1 times addr2line -f
# too (30 s of CPU a round on libLLVM, about 100 times llvm-symbolizer's). Builds stackmaps into a
# temporary directory (or $STACKMAPS_PERF_WORK/lookup, kept) and runs
# perf/lookup, which draws the addresses, checks that lookup and
# llvm-symbolizer name the same functions, and prints a Markdown table of
# the medians over the interleaved rounds and, last, "PERF {json}".
#
# Needs: go, llvm-symbolizer-22 and llvm-nm-22 (Debian llvm-22), libLLVM-22 (Debian
# libllvm22); addr2line (binutils) for ADDR2LINE=1.
set -euo pipefail

rounds=${1:-5}
case $rounds in '' | *[!0-9]* | 0) echo "usage: perf/lookup/run.sh [ROUNDS]" >&2; exit 2 ;; esac
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/../.." && pwd)
lib=${LIB:-/usr/lib/llvm-22/lib/libLLVM.so.1}
for tool in go llvm-symbolizer-22 llvm-nm-22; do
  command -v "$tool" >/dev/null || { echo "lookup: $tool not found (see perf/README.md)" >&2; exit 1; }
done
[ -r "$lib" ] || { echo "lookup: $lib not found (Debian libllvm22, or give LIB=FILE)" >&2; exit 1; }
if [ -n "${STACKMAPS_PERF_WORK:-}" ]; then
  work=$STACKMAPS_PERF_WORK/lookup
  mkdir -p "$work"
else
  work=$(mktemp -d -t stackmaps-lookup.XXXXXX)
  trap 'rm -rf "$work"' EXIT
fi
echo "lookup: work directory $work" >&2
(cd "$repo" && go build -o "$work/stackmaps" ./cmd/stackmaps && go build -o "$work/lookupperf" ./perf/lookup)
"$work/lookupperf" -stackmaps "$work/stackmaps" -lib "$lib" -n "${N:-100000}" -hot "${HOT:-1000}" -seed "${SEED:-29}" \
  -rounds "$rounds" -work "$work" -addr2line="$([ "${ADDR2LINE:-0}" = 1 ] && echo true || echo false)"
