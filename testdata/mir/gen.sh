#!/usr/bin/env bash
# Compiles the hand-written MIR in testdata/mir/src/ with llc 14, 19 and 22
# into objects, llvm-readobj --stackmap outputs and raw .stackmaps.bin files
# under testdata/mir/llvmN/<target>/, and writes MANIFEST.tsv and SKIPPED.tsv.
#
#   testdata/mir/gen.sh        # any cwd
#
# Needs llc-N, llvm-readobj-N and llvm-objcopy-N for N in 14 19 22; a missing
# version keeps its existing objects and rows. Idempotent: every output is
# rebuilt from scratch. See README.md for what each file crafts.
set -euo pipefail

MIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
TD="$(dirname "$MIR")"
cd "$TD"
export LC_ALL=C

WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

VERSIONS=(14 19 22)

# MIR with physical registers only starts after stackmap-liveness, so that
# hand-written live-out masks are kept; frame indexes need prologepilog.
LATE=-start-after=stackmap-liveness

# object name | source (under mir/src) | target dir | triple | llc flags
BUILDS=(
  "x86_subregs|x86_subregs.mir|x86_64-elf|x86_64-unknown-linux-gnu|$LATE"
  "x86_vectors|x86_vectors.mir|x86_64-elf|x86_64-unknown-linux-gnu|$LATE -mattr=+avx512f"
  "x86_memory|x86_memory.mir|x86_64-elf|x86_64-unknown-linux-gnu|$LATE"
  "x86_unknown_regs|x86_unknown_regs.mir|x86_64-elf|x86_64-unknown-linux-gnu|$LATE -mattr=+avx512f,+amx-tile"
  "x86_liveouts|x86_liveouts.mir|x86_64-elf|x86_64-unknown-linux-gnu|$LATE -mattr=+avx512f,+amx-tile"
  "x86_statepoint|x86_statepoint.mir|x86_64-elf|x86_64-unknown-linux-gnu|$LATE"
  "x86_frameindex_pei|x86_frameindex.mir|x86_64-elf|x86_64-unknown-linux-gnu|-start-before=prologepilog"
  "x86_frameindex_late|x86_frameindex.mir|x86_64-elf|x86_64-unknown-linux-gnu|-start-after=prologepilog"
  "a64_registers|a64_registers.mir|aarch64-elf|aarch64-unknown-linux-gnu|$LATE -mattr=+sve,+sme"
  "a64_memory|a64_memory.mir|aarch64-elf|aarch64-unknown-linux-gnu|$LATE"
  "a64_liveouts|a64_liveouts.mir|aarch64-elf|aarch64-unknown-linux-gnu|$LATE -mattr=+sve"
  "rv_registers|rv_registers.mir|riscv64-elf|riscv64-unknown-linux-gnu|$LATE -mattr=+v"
  "ppc_registers|ppc_registers.mir|ppc64le-elf|powerpc64le-unknown-linux-gnu|$LATE -mcpu=pwr10"
)

have() { command -v "$1" >/dev/null 2>&1; }

# First informative line of an llc failure, without pointers.
reason() {
  local f="$1" r
  r="$(grep -m1 -E 'LLVM ERROR|error:|Bad machine code' "$f" || true)"
  [ -n "$r" ] || r="$(grep -m1 -E "Running pass '.*' on function" "$f" | sed -E 's/^[0-9]+\.[[:space:]]*//' || true)"
  [ -n "$r" ] || r="$(head -n1 "$f")"
  printf '%s' "$r" | sed -E 's/0x[0-9a-f]+/0x?/g; s/\t/ /g' | cut -c1-200
}

# build_one v name src tdir triple flags: appends a MANIFEST or SKIPPED row.
build_one() {
  local v="$1" name="$2" src="mir/src/$3" tdir="$4" triple="$5" flags="$6"
  local outdir="mir/llvm$v/$tdir" rc=0
  mkdir -p "$outdir"
  # (under sh, so that bash prints no job notices for expected llc crashes)
  # shellcheck disable=SC2086
  sh -c '"$@"; r=$?; exit $r' llc llc-"$v" -filetype=obj -mtriple="$triple" $flags "$src" \
    -o "$outdir/$name.o" >"$WORK/llc.out" 2>&1 || rc=$?
  if [ "$rc" -ne 0 ]; then
    rm -f "$outdir/$name.o"
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$v" "$tdir" "$name" "$flags" "$src" "$rc" \
      "$(reason "$WORK/llc.out")" >>"$WORK/skipped.tsv"
    return 0
  fi
  if ! llvm-objcopy-"$v" --dump-section=.llvm_stackmaps="$outdir/$name.stackmaps.bin" \
    "$outdir/$name.o" "$WORK/junk.o" 2>"$WORK/objcopy.err"; then
    rm -f "$outdir/$name.o" "$outdir/$name.stackmaps.bin"
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$v" "$tdir" "$name" "$flags" "$src" 0 \
      "llc succeeded but the object has no .llvm_stackmaps section" >>"$WORK/skipped.tsv"
    return 0
  fi
  (cd "$outdir" && llvm-readobj-"$v" --stackmap "$name.o" >"$name.readobj.txt")
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$outdir/$name.o" "$v" "$tdir" "$triple" \
    "$flags" "$src" elf little >>"$WORK/manifest.tsv"
}

: >"$WORK/manifest.tsv"
: >"$WORK/skipped.tsv"
for v in "${VERSIONS[@]}"; do
  if ! have "llc-$v" || ! have "llvm-readobj-$v" || ! have "llvm-objcopy-$v"; then
    echo "llc-$v (or its tools) not installed: keeping existing mir/llvm$v" >&2
    [ -f mir/MANIFEST.tsv ] && awk -F'\t' -v v="$v" 'NR>1 && $2==v' mir/MANIFEST.tsv >>"$WORK/manifest.tsv"
    [ -f mir/SKIPPED.tsv ] && awk -F'\t' -v v="$v" 'NR>1 && $1==v' mir/SKIPPED.tsv >>"$WORK/skipped.tsv"
    continue
  fi
  rm -rf "mir/llvm$v"
  for b in "${BUILDS[@]}"; do
    IFS='|' read -r name src tdir triple flags <<<"$b"
    build_one "$v" "$name" "$src" "$tdir" "$triple" "$flags"
  done
done

{
  printf 'object\tllvm\ttarget\ttriple\tllc_flags\tir\tformat\tbyteorder\n'
  sort -t$'\t' -k1,1 "$WORK/manifest.tsv"
} >mir/MANIFEST.tsv
{
  printf 'llvm\ttarget\tname\tllc_flags\tir\texit_code\treason\n'
  sort -t$'\t' -k1,1 -k2,2 -k3,3 "$WORK/skipped.tsv"
} >mir/SKIPPED.tsv
echo "mir: $(($(wc -l <mir/MANIFEST.tsv) - 1)) objects, $(($(wc -l <mir/SKIPPED.tsv) - 1)) skipped"
