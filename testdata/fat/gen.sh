#!/usr/bin/env bash
# Builds a universal (fat) Mach-O object from the x86_64 and arm64 Mach-O
# objects llc-14 compiled from ir/kinds.ll, so the Mach-O locator's
# every-slice path is tested on a real file.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
objs="$here/../objects/llvm14"
llvm-lipo-14 -create "$objs/x86_64-macho/kinds.o" "$objs/arm64-macho/kinds.o" -output "$here/kinds-universal.o"
# llvm-readobj's view, run in this directory: a File:, Format: and Arch:
# header per slice, which stackmaps dump --format=llvm prints too.
(cd "$here" && llvm-readobj-22 --stackmap kinds-universal.o >kinds-universal.readobj.txt)
