#!/usr/bin/env bash
# Compresses the stack map section of a real object with llvm-objcopy-22
# (zlib and zstd), so that the ELF locator's SHF_COMPRESSED path is tested
# on what a real tool writes. llvm-objcopy keeps SHF_ALLOC on the
# compressed section of a relocatable object.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
obj="$here/../objects/llvm22/x86_64-elf/kinds.o"
for alg in zlib zstd; do
	llvm-objcopy-22 --compress-sections=.llvm_stackmaps="$alg" "$obj" "$here/kinds-$alg.o"
done
