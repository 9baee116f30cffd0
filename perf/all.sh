#!/usr/bin/env bash
# Every comparison of perf/, one after the other, in one run: what the
# README's performance section is taken from.
#
#   perf/all.sh [ROUNDS] [OUT]     (ROUNDS defaults to 3; OUT to perf-all.md)
#
# Runs, each with ROUNDS interleaved rounds (medians of every repetition,
# no best-of; each script's own table):
#   perf/run.sh            decoding, the index in perf/run.sh's form, whole commands
#   perf/walk.sh           the walk at 10, 200, 2,000, 20,000 and 100,000
#                          distinct return addresses (PAIRS=5 100 1000 10000 50000)
#   perf/modscale          module sets from 1 to 1,000,000 modules
#   perf/index/run.sh      the index at 1 and 10 million records
#   perf/lookup/run.sh     lookup of 100,000 libLLVM-22 addresses in one call
# and writes their outputs, each under a heading with the load average
# before and after it, to OUT (Markdown). Progress goes to stderr. The
# tools each script needs are listed in perf/README.md; a script whose
# tools are missing fails the run. About 10 minutes of wall time with 3 rounds on a quiet 2-core machine.
set -euo pipefail
rounds=${1:-3}
case $rounds in '' | *[!0-9]* | 0) echo "usage: perf/all.sh [ROUNDS] [OUT]" >&2; exit 2 ;; esac
out=${2:-perf-all.md}
perf=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$perf/.." && pwd)

load() { cut -d' ' -f1-3 /proc/loadavg; }
: >"$out"
{
  echo "# perf/all.sh, $(date -u '+%Y-%m-%d %H:%M UTC'), $rounds rounds"
  echo
  echo "commit $(git -C "$repo" rev-parse --short HEAD 2>/dev/null || echo unknown); $(nproc) cores; $(go version)"
} >>"$out"

section() { # TITLE COMMAND...
  local title=$1
  shift
  echo "perf/all.sh: $title" >&2
  local before
  before=$(load)
  local start=$SECONDS
  local text
  text=$("$@")
  {
    echo
    echo "## $title"
    echo
    echo "load average before: $before; after: $(load); $((SECONDS - start)) s of wall time"
    echo
    echo "$text"
  } >>"$out"
}

section "decoding, index, whole commands (perf/run.sh)" "$perf/run.sh" "$rounds"
for pairs in 5 100 1000 10000 50000; do
  section "the walk, $((2 * pairs)) distinct return addresses (PAIRS=$pairs perf/walk.sh)" \
    env PAIRS=$pairs "$perf/walk.sh" "$rounds"
done
section "module sets (perf/modscale)" bash -c "cd '$repo' && go run ./perf/modscale -rounds '$rounds'"
section "the index at 1 and 10 million records (perf/index/run.sh)" "$perf/index/run.sh" "$rounds"
section "lookup of 100,000 addresses (perf/lookup/run.sh)" "$perf/lookup/run.sh" "$rounds"
echo "perf/all.sh: written to $out" >&2
