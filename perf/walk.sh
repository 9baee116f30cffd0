#!/usr/bin/env bash
# The stack walk next to the C unwinders and Go's runtime.Callers, over the
# same frames (perf/README.md, "The walk").
#
#   perf/walk.sh [ROUNDS]       (from anywhere; ROUNDS defaults to 5)
#
# PAIRS=N (default 100) makes the chain N llc and N gcc functions: 2N
# distinct return addresses (PAIRS=5, 100, 1000, 10000, 50000 give 10,
# 200, 2,000, 20,000 and 100,000, the figures of issue 29; the chain runs
# in a thread with a 1 GB stack, CHAIN_STACK_MB, committed as it is used).
# ITERS (default 2000*100/N, at least 2) is the walks a timed run; REPS
# (default 1) the timed runs a round, of which each side reports the
# median (never the best). ROWS (default: all) names the stackwalk rows
# to time, comma-separated (e.g. ROWS=stackwalk_small_cache,stackwalk_first
# for the uncached step alone); the C unwinders' rows are always timed.
#
# Builds, in a temporary directory (or $STACKMAPS_PERF_WORK/walk, kept),
# one x86_64 executable, `chain`: run -> llc_0 -> gcc_0 -> llc_1 -> ... ->
# gcc_99 -> capture -> measure, 200 frames of real llc-22 and gcc code,
# each llc frame suspended in a gc.statepoint call (a record with 2 deopt
# values and a GC pointer). Each round runs `chain` (which writes the
# registers and stack at capture's call, then times the C unwinders over
# its own stack) and then perf/walkcmp/gowalk on that capture (stackwalk:
# frames; frames plus every deopt value and root; and runtime.Callers over
# 200 Go frames). gowalk is the driver: it prints a Markdown table of
# ns/frame and ratios (min / median over the rounds, each ratio taken
# within a round) and, last, a line "PERF {json}".
#
# Needs: go, gcc, llc-22, LLVM libunwind 22 (Debian libunwind-22-dev: its
# libunwind.a and libunwind.h), and nongnu libunwind's runtime
# libunwind.so.8 (Debian libunwind8; its -dev package conflicts with
# libunwind-22-dev and is not needed: chain dlopens it).
set -euo pipefail

rounds=${1:-5}
case $rounds in '' | *[!0-9]* | 0) echo "usage: perf/walk.sh [ROUNDS]" >&2; exit 2 ;; esac
perf=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$perf/.." && pwd)
if [ -n "${STACKMAPS_PERF_WORK:-}" ]; then
  work=$STACKMAPS_PERF_WORK/walk
  mkdir -p "$work"
else
  work=$(mktemp -d -t stackmaps-walk.XXXXXX)
  trap 'rm -rf "$work"' EXIT
fi
echo "walk: work directory $work" >&2
for tool in go gcc llc-22; do
  command -v "$tool" >/dev/null || { echo "walk: $tool not found (see perf/README.md)" >&2; exit 1; }
done
llvminc=/usr/lib/llvm-22/include
llvmlib=/usr/lib/llvm-22/lib/libunwind.a
[ -r "$llvminc/libunwind.h" ] && [ -r "$llvmlib" ] || {
  echo "walk: LLVM libunwind 22 not found ($llvminc/libunwind.h, $llvmlib: Debian libunwind-22-dev)" >&2; exit 1; }

n=${PAIRS:-100}
case $n in '' | *[!0-9]* | 0) echo "walk: PAIRS must be a positive number" >&2; exit 2 ;; esac
iters=${ITERS:-$((200000 / n > 2 ? 200000 / n : 2))}
reps=${REPS:-1}
# The llc half: llc_I calls gcc_I through a gc.statepoint with deopt
# values and a live GC pointer; llc_I uses the call's result after it, so
# the call is not a tail call.
{
  echo 'declare token @llvm.experimental.gc.statepoint.p0(i64, i32, ptr, i32, i32, ...)'
  echo 'declare ptr addrspace(1) @llvm.experimental.gc.relocate.p1(token, i32, i32)'
  echo 'declare i64 @llvm.experimental.gc.result.i64(token)'
  for ((i = 0; i < n; i++)); do
    cat <<IR
declare i64 @gcc_$i(i64, ptr addrspace(1))
define i64 @llc_$i(i64 %x, ptr addrspace(1) %p) gc "statepoint-example" {
  %y = mul i64 %x, 3
  %tok = call token (i64, i32, ptr, i32, i32, ...) @llvm.experimental.gc.statepoint.p0(i64 $i, i32 0, ptr elementtype(i64 (i64, ptr addrspace(1))) @gcc_$i, i32 2, i32 0, i64 %y, ptr addrspace(1) %p, i32 0, i32 0) ["deopt"(i64 %x, i64 %y), "gc-live"(ptr addrspace(1) %p)]
  %r = call i64 @llvm.experimental.gc.result.i64(token %tok)
  %q = call ptr addrspace(1) @llvm.experimental.gc.relocate.p1(token %tok, i32 0, i32 0)
  %a = ptrtoint ptr addrspace(1) %q to i64
  %s = add i64 %r, %a
  %t = xor i64 %s, %x
  ret i64 %t
}
IR
  done
} >"$work/llc.ll"
# The gcc half: gcc_I calls llc_(I+1); the last calls capture.
{
  echo 'long capture(long, void *);'
  for ((i = 0; i < n; i++)); do
    if ((i + 1 < n)); then next="llc_$((i + 1))"; else next=capture; fi
    echo "long $next(long, void *);"
    echo "__attribute__((noinline)) long gcc_$i(long x, void *p) { long r = $next(x + $i, p); return r ^ (x * 5); }"
  done
} >"$work/gcc.c"

echo "walk: building" >&2
llc-22 -O2 -frame-pointer=all -filetype=obj -mtriple=x86_64-unknown-linux-gnu "$work/llc.ll" -o "$work/llc.o"
gcc -O2 -fno-omit-frame-pointer -fno-optimize-sibling-calls -c "$work/gcc.c" -o "$work/gcc.o"
gcc -O2 -c "$perf/walkcmp/capture.S" -o "$work/capture.o"
gcc -O2 -fno-omit-frame-pointer -fno-optimize-sibling-calls -Wall -c "$perf/walkcmp/measure.c" -o "$work/measure.o"
# LLVM's libunwind in a shared object of its own, exporting llvm_step_walk
# alone (--exclude-libs hides the archive's unw_* and _Unwind_*).
gcc -O2 -fPIC -shared -I"$llvminc" "$perf/walkcmp/llvmstep.c" "$llvmlib" -Wl,--exclude-libs,ALL \
  -o "$work/libllvmstep.so" -ldl -lpthread
gcc -no-pie -o "$work/chain" "$work/measure.o" "$work/capture.o" "$work/llc.o" "$work/gcc.o" \
  -L"$work" -lllvmstep -Wl,-rpath,"$work" -ldl -lpthread
(cd "$repo" && go build -o "$work/gowalk" ./perf/walkcmp/gowalk)

"$work/gowalk" -chain "$work/chain" -capture "$work/capture.bin" -rounds "$rounds" -pairs "$n" -iters "$iters" -reps "$reps" -rows "${ROWS:-}"
