#!/usr/bin/env bash
# Builds and runs the ARM64 Windows stack walk program (README.md):
#   build.sh [OUTDIR]      (OUTDIR defaults to this directory)
#   walk.exe     testdata/walk/walk_statepoint.ll compiled by llc-22 for
#                aarch64-pc-windows-msvc, ../capture/driver.c and
#                capture-arm64-win.S by clang-22, linked CRT-free and
#                import-free by lld-link-22 with a COFF symbol table (lld
#                refuses /fixed for arm64: the loader maps it at its image
#                base, where its base relocations need not be applied)
#   capture.txt  what walk.exe writes when loader.c (aarch64-linux-gnu-gcc
#                -static) maps and runs it under qemu-aarch64-static
# Needs llc-22, clang-22, lld-link-22 (Debian llvm-22, clang-22, lld-22),
# aarch64-linux-gnu-gcc and qemu-aarch64-static; not needed to run the
# tests.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=${1:-$here}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
llc-22 -O2 -mtriple=aarch64-pc-windows-msvc -use-registers-for-deopt-values -filetype=obj \
  "$here/../../walk/walk_statepoint.ll" -o "$tmp/walk.o"
clang-22 --target=aarch64-pc-windows-msvc -O1 -fasynchronous-unwind-tables -ffreestanding -fno-stack-protector -fno-builtin \
  -I "$here/../../walk" -c "$here/../capture/driver.c" -o "$tmp/driver.o"
clang-22 --target=aarch64-pc-windows-msvc -c "$here/capture-arm64-win.S" -o "$tmp/capture.o"
lld-link-22 /Brepro /nodefaultlib /entry:start /subsystem:console /machine:arm64 /debug:symtab \
  /out:"$out/walk.exe" "$tmp/walk.o" "$tmp/driver.o" "$tmp/capture.o"
aarch64-linux-gnu-gcc -static -O2 -fno-optimize-sibling-calls -Wall -o "$tmp/loader" "$here/loader.c"
qemu-aarch64-static "$tmp/loader" "$out/walk.exe" > "$out/capture.txt"
grep -q '^done$' "$out/capture.txt"
