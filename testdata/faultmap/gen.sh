#!/usr/bin/env bash
# Regenerates the checked-in fault map test data under testdata/faultmap/.
#
#   testdata/faultmap/gen.sh
#
# From nullcheck.ll and more.ll (null checks marked !make.implicit), with
# llc-N -O2 -enable-implicit-null-checks for N in 14 19 22 (a missing llc-N
# keeps the existing llvmN files):
#   llvmN-<target>.o              nullcheck.ll as an object
#   llvmN-<target>.o.faultmap.txt what llvm-objdump-22 --fault-map-section
#                                 prints for it, from "FaultMap table:" on
# targets: x86_64-elf, aarch64-elf, x86_64-macho, arm64-macho; a universal
# Mach-O object of llc-22's two (llvm22-universal.o); an x86_64 object
# with function sections (llvm22-x86_64-elf-fsections.o); a big-endian AArch64
# object (llvm22-aarch64_be-elf.o); and with
# llc-22, linked executables of both modules and a C caller (main.c),
# whose .llvm_faultmaps holds two tables:
#   linked-x86_64, linked-aarch64 (gcc, aarch64-linux-gnu-gcc; the default
#   PIE: the section's addresses get dynamic relocations), with views.
# Idempotent; runnable from any cwd.
set -euo pipefail

TD="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$TD"
export LC_ALL=C
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

have() { command -v "$1" >/dev/null 2>&1; }

# dir name | triple
TARGETS=(
  "x86_64-elf|x86_64-unknown-linux-gnu"
  "aarch64-elf|aarch64-unknown-linux-gnu"
  "x86_64-macho|x86_64-apple-macosx"
  "arm64-macho|arm64-apple-macosx"
)

view() { # file -> file.faultmap.txt
  llvm-objdump-22 --fault-map-section "$1" | sed -n '/^FaultMap table:/,$p' >"$1.faultmap.txt"
}

llc_flags() { # version
  if [ "$1" = 14 ]; then echo "-opaque-pointers"; fi
}

for v in 14 19 22; do
  if ! have "llc-$v"; then
    echo "llc-$v missing: keeping llvm$v files" >&2
    continue
  fi
  for t in "${TARGETS[@]}"; do
    name="${t%%|*}" triple="${t##*|}"
    out="llvm$v-$name.o"
    # shellcheck disable=SC2046
    "llc-$v" $(llc_flags "$v") -O2 -enable-implicit-null-checks -mtriple="$triple" \
      -filetype=obj nullcheck.ll -o "$out"
    view "$out"
  done
done

# Function sections: every function at offset 0 of its own section.
if have llc-22; then
  llc-22 -O2 -enable-implicit-null-checks -function-sections -mtriple=x86_64-unknown-linux-gnu \
    -filetype=obj nullcheck.ll -o llvm22-x86_64-elf-fsections.o
  view llvm22-x86_64-elf-fsections.o
fi

# Big-endian AArch64 (no view: llvm-objdump-22 reads fault maps
# little-endian whatever the target, and prints garbage for this one).
if have llc-22; then
  llc-22 -O2 -enable-implicit-null-checks -mtriple=aarch64_be-unknown-linux-gnu \
    -filetype=obj nullcheck.ll -o llvm22-aarch64_be-elf.o
fi

# A universal Mach-O object of the two llc-22 Mach-O objects (no view:
# llvm-objdump-22 --fault-map-section prints nothing for a universal file).
if have llvm-lipo-22 && [ -f llvm22-x86_64-macho.o ] && [ -f llvm22-arm64-macho.o ]; then
  llvm-lipo-22 -create llvm22-x86_64-macho.o llvm22-arm64-macho.o -output llvm22-universal.o
fi

link() { # cc triple out
  local cc="$1" triple="$2" out="$3"
  llc-22 -O2 -enable-implicit-null-checks -mtriple="$triple" -filetype=obj nullcheck.ll -o "$WORK/a.o"
  llc-22 -O2 -enable-implicit-null-checks -mtriple="$triple" -filetype=obj more.ll -o "$WORK/b.o"
  "$cc" -O1 -o "$out" main.c "$WORK/a.o" "$WORK/b.o"
  view "$out"
}
if have llc-22 && have gcc; then link gcc x86_64-unknown-linux-gnu linked-x86_64; fi
if have llc-22 && have aarch64-linux-gnu-gcc; then link aarch64-linux-gnu-gcc aarch64-unknown-linux-gnu linked-aarch64; fi

# The seed corpus of faultmap.FuzzParse, from some of the files above.
if have go; then
  (cd "$TD/../.." && rm -f faultmap/testdata/fuzz/FuzzParse/* && mkdir -p faultmap/testdata/fuzz/FuzzParse &&
    go run testdata/faultmap/fuzzseed.go faultmap/testdata/fuzz/FuzzParse \
      testdata/faultmap/llvm22-x86_64-elf.o testdata/faultmap/llvm14-aarch64-elf.o \
      testdata/faultmap/llvm22-arm64-macho.o testdata/faultmap/linked-x86_64 \
      testdata/faultmap/llvm22-aarch64_be-elf.o)
fi
