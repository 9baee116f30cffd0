#!/usr/bin/env bash
# Side-by-side performance of stackmaps against its anchors: LLVM 14's
# StackMapParser, llvm-readobj-22 --stackmap, a Go map, the memory floor.
#
#   perf/run.sh [ROUNDS]        (from anywhere; ROUNDS defaults to 3)
#
# Builds every program into a work directory ($STACKMAPS_PERF_WORK, kept, its
# data reused by later runs; or a new temporary one, removed at the end;
# never the repository), generates the data there, checks that
# `stackmaps dump --format=llvm` prints exactly what llvm-readobj-22 prints,
# then runs perf/driver: interleaved rounds, a Markdown table, and a last
# line "PERF {json}". See perf/README.md.
#
# Needs: go, g++, gcc, llvm-config-14 and the LLVM 14 headers and library
# (llvm-14-dev), llc-22, llvm-objcopy-22, llvm-readobj-22.
set -euo pipefail

rounds=${1:-3}
case $rounds in '' | *[!0-9]* | 0) echo "usage: perf/run.sh [ROUNDS]" >&2; exit 2 ;; esac
perf=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$perf/.." && pwd)
if [ -n "${STACKMAPS_PERF_WORK:-}" ]; then
  work=$STACKMAPS_PERF_WORK
else
  work=$(mktemp -d -t stackmaps-perf.XXXXXX)
  trap 'rm -rf "$work"' EXIT # a temporary work directory goes at the end
fi
mkdir -p "$work/bin" "$work/data"
bin=$(cd "$work/bin" && pwd)
data=$(cd "$work/data" && pwd)
echo "perf: work directory $work" >&2

for tool in go g++ gcc llvm-config-14 llc-22 llvm-objcopy-22 llvm-readobj-22; do
  command -v "$tool" >/dev/null || { echo "perf: $tool not found (see perf/README.md)" >&2; exit 1; }
done

echo "perf: building" >&2
(cd "$repo" && go build -o "$bin/stackmaps" ./cmd/stackmaps \
  && go build -o "$bin/gowalk" ./perf/gowalk \
  && go build -o "$bin/gen" ./perf/gen \
  && go build -o "$bin/driver" ./perf/driver)
# shellcheck disable=SC2046 # llvm-config prints several flags
g++ -O2 -DNDEBUG $(llvm-config-14 --cxxflags) "$perf/llvmwalk/walk.cpp" \
  $(llvm-config-14 --ldflags) -lLLVM-14 -o "$bin/llvmwalk"
gcc -O2 -Wall "$perf/floor/memfloor.c" -o "$bin/memfloor"

echo "perf: generating data in $data" >&2
# Each file is written under a temporary name and renamed, so an
# interrupted run never leaves a partial file to be reused.
if [ ! -s "$data/synth.bin" ]; then
  "$bin/gen" synth -o "$data/synth.bin.tmp" -records 1000000 >&2
  mv "$data/synth.bin.tmp" "$data/synth.bin"
fi
if [ ! -s "$data/regular.bin" ]; then
  "$bin/gen" synth -regular -o "$data/regular.bin.tmp" -records 1000000 >&2
  mv "$data/regular.bin.tmp" "$data/regular.bin"
fi
if [ ! -s "$data/real.bin" ]; then
  "$bin/gen" repeat -o "$data/real.bin.tmp" -mb 100 "$repo/testdata/linked/x86_64-elf/exe.stackmaps.bin" >&2
  mv "$data/real.bin.tmp" "$data/real.bin"
fi
if [ ! -s "$data/big.o" ]; then
  # A tiny relocatable x86_64 object carrying the synthetic section.
  printf 'int stackmaps_perf_anchor;\n' >"$work/anchor.c"
  gcc -c -o "$work/anchor.o" "$work/anchor.c"
  llvm-objcopy-22 --add-section ".llvm_stackmaps=$data/synth.bin" \
    --set-section-flags .llvm_stackmaps=alloc,readonly "$work/anchor.o" "$data/big.o.tmp"
  mv "$data/big.o.tmp" "$data/big.o"
fi
# Real llc-22 objects: 20,000 and 1,000 functions of 5 stackmaps each.
for spec in llc:20000 llc1k:1000; do
  name=${spec%%:*} funcs=${spec#*:}
  if [ ! -s "$data/$name.o" ]; then
    "$bin/gen" ir -o "$work/$name.ll" -funcs "$funcs" -per 5 >&2
    llc-22 -O2 -filetype=obj -mtriple=x86_64-unknown-linux-gnu "$work/$name.ll" -o "$data/$name.o.tmp"
    mv "$data/$name.o.tmp" "$data/$name.o"
  fi
done

# stackmaps must print what llvm-readobj prints, from its "LLVM StackMap
# Version:" line on (the lines before name the file). Both outputs are
# written to files (sed reads its input to the end: no SIGPIPE), compared,
# and removed.
for o in big.o llc.o llc1k.o; do
  llvm-readobj-22 --stackmap "$data/$o" | sed -n '/^LLVM StackMap Version:/,$p' >"$work/$o.readobj.txt"
  "$bin/stackmaps" dump --format=llvm "$data/$o" >"$work/$o.stackmaps.txt"
  lines=$(wc -l <"$work/$o.readobj.txt")
  if [ "$lines" -lt 10000 ] || ! cmp -s "$work/$o.readobj.txt" "$work/$o.stackmaps.txt"; then
    trap - EXIT # keep the outputs to look at
    echo "perf: $o: stackmaps dump --format=llvm differs from llvm-readobj-22 --stackmap ($lines lines); see $work/$o.*.txt" >&2
    exit 1
  fi
  echo "perf: $o: stackmaps dump --format=llvm == llvm-readobj-22 --stackmap ($lines lines)" >&2
  rm -f "$work/$o.readobj.txt" "$work/$o.stackmaps.txt"
done

echo "perf: $rounds rounds" >&2
"$bin/driver" -bin "$bin" -data "$data" -rounds "$rounds"
