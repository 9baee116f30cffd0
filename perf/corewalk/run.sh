#!/usr/bin/env bash
# Side by side: `stackmaps stack --core` next to gdb's backtrace of every
# thread of the same core file (the anchor), as whole processes.
#
#   perf/corewalk/run.sh [ROUNDS]     (from anywhere; ROUNDS defaults to 5)
#
# Builds testdata/core's x86_64 statepoint program and stackmaps into a
# temporary directory, makes a core (the kernel's, or gdb's where
# core_pattern pipes), then runs interleaved rounds: in each, both commands
# run REPS times one after the other (A B A B ...), each side's best wall
# and CPU time (user + system, from the child's rusage) is kept, and the
# ratio stackmaps/gdb is taken within the round (perf/corewalk/main.go). It
# prints the per-round figures, then a Markdown row of medians and, last,
# "PERF {json}".
#
# Both sides answer "the frames of every thread of this core"; gdb also
# reads DWARF for its names, stackmaps also evaluates every stack map
# record's deopt values and roots. Output goes to /dev/null.
#
# Needs: go, gcc, llc-22, objcopy, gdb.
set -euo pipefail
rounds=${1:-5}
reps=${REPS:-5}
case $rounds in '' | *[!0-9]* | 0) echo "usage: $0 [ROUNDS]" >&2; exit 2 ;; esac
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/../.." && pwd)
work=$(mktemp -d -t stackmaps-corewalk.XXXXXX)
trap 'rm -rf "$work"' EXIT

"$repo/testdata/core/build.sh" x86_64 pie statepoint abort "$work/prog"
(cd "$repo" && go build -o "$work/stackmaps" ./cmd/stackmaps)
cd "$work/prog"
if [ "$(cat /proc/sys/kernel/core_pattern)" = core ]; then
  { bash -c 'ulimit -c unlimited; exec ./core-prog rec.txt' >/dev/null 2>&1 || true; } 2>/dev/null
else
  gdb -nx -batch -ex run -ex 'generate-core-file core' --args ./core-prog rec.txt >/dev/null 2>&1 || true
fi
[ -f core ] || { echo "no core was written" >&2; exit 1; }
ours=("$work/stackmaps" stack --core core core-prog)
anchor=(gdb -nx -batch -ex 'thread apply all bt' -c core core-prog)

(cd "$repo" && go build -o "$work/corewalk" ./perf/corewalk)
"$work/corewalk" -rounds "$rounds" -reps "$reps" \
  -label "walk every thread of a core (x86_64, 2 threads, 12 + 4 frames): stackmaps stack --core vs gdb thread apply all bt" \
  -- "${ours[@]}" -- "${anchor[@]}"
