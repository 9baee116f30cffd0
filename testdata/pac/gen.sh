#!/usr/bin/env bash
# gen.sh: compile pac.ll for AArch64 ELF and write the CFI golden.
#   pac.o                   llc-22 -O2 -filetype=obj
#   pac.o.ehframe.txt       llvm-dwarfdump-22 --eh-frame pac.o
#   pac.o.unwind.txt        stackmaps dump --unwind pac.o (go run, from the
#                           repository root)
# Tools: llc-22, llvm-dwarfdump-22, go. Prints nothing on success.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cd "$here"
llc-22 -O2 -filetype=obj pac.ll -o pac.o
llvm-dwarfdump-22 --eh-frame pac.o | sed '1s/^.*pac.o:/pac.o:/' > pac.o.ehframe.txt
(cd ../.. && go run ./cmd/stackmaps dump --unwind testdata/pac/pac.o) > pac.o.unwind.txt
