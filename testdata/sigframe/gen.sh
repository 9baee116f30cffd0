#!/usr/bin/env bash
# gen.sh: sigframe.o, an x86_64 object whose function sig_handler_like has
# a CIE with the augmentation "S" (.cfi_signal_frame, added to llc's
# assembly: llc never emits it), and its views.
#   sigframe.o                llc-22 -O2 (assembly), sed, llvm-mc-22
#   sigframe.o.ehframe.txt    llvm-dwarfdump-22 --eh-frame sigframe.o
#   sigframe.o.unwind.txt     stackmaps dump --unwind sigframe.o (go run,
#                             from the repository root)
# Tools: llc-22, llvm-mc-22, llvm-dwarfdump-22, go. Prints nothing on
# success.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cd "$here"
llc-22 -O2 sigframe.ll -o sigframe.s
# The first .cfi_startproc is sig_handler_like's.
awk '/\.cfi_startproc/ && !done { print; print "\t.cfi_signal_frame"; done = 1; next } { print }' sigframe.s > sigframe.sig.s
llvm-mc-22 -triple=x86_64-unknown-linux-gnu -filetype=obj sigframe.sig.s -o sigframe.o
rm -f sigframe.s sigframe.sig.s
llvm-dwarfdump-22 --eh-frame sigframe.o | sed '1s/^.*sigframe.o:/sigframe.o:/' > sigframe.o.ehframe.txt
(cd ../.. && go run ./cmd/stackmaps dump --unwind testdata/sigframe/sigframe.o) > sigframe.o.unwind.txt
