#!/usr/bin/env bash
# Side by side: `stackmaps stack --pid` next to gdb attaching to the same
# running process and printing every thread's backtrace (the anchor), as
# whole processes.
#
#   perf/livewalk/run.sh [ROUNDS]     (from anywhere; ROUNDS defaults to 5)
#
# Builds testdata/live's statepoint program (x86_64) and stackmaps into a
# temporary directory and starts the program with its 3 threads parked (4
# threads in all, 9 to 12 frames each). Then interleaved rounds (the
# driver of perf/corewalk): in each, both commands run REPS times one after
# the other (A B A B ...), each stops every thread with ptrace, walks, and
# lets the process run on; each side's best wall and CPU time (user +
# system, the child's rusage) is kept, and the ratio stackmaps/gdb is taken
# within the round. At the end the program is released and must finish
# with the right result ("ok 3"): neither tool disturbed it. Prints the
# per-round figures, a Markdown row of medians and, last, "PERF {json}".
#
# Both sides answer "the frames of every thread of this process"; gdb also
# reads DWARF for its names, stackmaps also evaluates every stack map
# record's deopt values and roots. Output goes to /dev/null.
#
# Needs: go, gcc, llc-22, gdb; ptrace allowed (no Yama restriction).
set -euo pipefail
rounds=${1:-5}
reps=${REPS:-5}
case $rounds in '' | *[!0-9]* | 0) echo "usage: $0 [ROUNDS]" >&2; exit 2 ;; esac
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/../.." && pwd)
work=$(mktemp -d -t stackmaps-livewalk.XXXXXX)
pid=
cleanup() {
  if [ -n "$pid" ]; then kill "$pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

"$repo/testdata/live/build.sh" statepoint "$work/prog"
(cd "$repo" && go build -o "$work/stackmaps" ./cmd/stackmaps && go build -o "$work/corewalk" ./perf/corewalk)
mkdir "$work/rec"
mkfifo "$work/in"
"$work/prog/live" 3 "$work/rec" <"$work/in" >"$work/out" 2>&1 &
pid=$!
exec 3>"$work/in" # the program waits for a line on it
for _ in $(seq 100); do grep -q '^ready' "$work/out" && break; sleep 0.1; done
grep -q '^ready' "$work/out" || { echo "the program did not get ready: $(cat "$work/out")" >&2; exit 1; }

ours=("$work/stackmaps" stack --pid "$pid")
anchor=(gdb -nx -batch -p "$pid" -ex 'thread apply all bt')
"$work/corewalk" -rounds "$rounds" -reps "$reps" \
  -label "walk every thread of a live process (x86_64, 4 threads, 9-12 frames): stackmaps stack --pid vs gdb -p thread apply all bt" \
  -- "${ours[@]}" -- "${anchor[@]}"

echo go >&3
exec 3>&-
wait "$pid" || { echo "the program failed after the walks: $(cat "$work/out")" >&2; exit 1; }
pid=
grep -q '^ok 3$' "$work/out" || { echo "the program's result: $(cat "$work/out")" >&2; exit 1; }
echo "the program then completed: ok 3" >&2
