#!/usr/bin/env bash
# Builds and runs a Windows x64 stack walk program (README.md):
#   build.sh [walk|xmm] [OUTDIR]
# walk (the default): OUTDIR defaults to this directory;
#   walk.exe     testdata/walk/walk_statepoint.ll compiled by llc-22 for
#                x86_64-pc-windows-msvc, driver.c and capture-x86_64-win.S
#                by clang-22, linked CRT-free by lld-link-22 against an
#                import library of three kernel32 functions
#                (llvm-dlltool-22), with a COFF symbol table, at its fixed
#                image base (no relocations)
#   capture.txt  what walk.exe writes when run under wine64 (WINEDEBUG=-all,
#                a private WINEPREFIX in a temporary directory)
# Needs llc-22, clang-22, lld-link-22 and llvm-dlltool-22 (Debian llvm-22,
# clang-22, lld-22) and wine64 (Debian wine64); not needed to run the
# tests. xmm: xmm/xmm.ll (xmm/gen.py writes it) instead, into OUTDIR
# (default: xmm/).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
prog=${1:-walk}
case "$prog" in
walk) ll="$here/../../walk/walk_statepoint.ll" inc="$here/../../walk" out=${2:-$here} ;;
xmm) ll="$here/xmm/xmm.ll" inc="$here/xmm" out=${2:-$here/xmm} ;;
*) echo "usage: $0 [walk|xmm] [OUTDIR]" >&2; exit 2 ;;
esac
tmp=$(mktemp -d)
wineserver=$(command -v wineserver || command -v wineserver64 || echo /usr/lib/wine/wineserver)
# The wine server of the private prefix outlives the program: stop it
# before removing the prefix.
trap 'WINEPREFIX="$tmp/wineprefix" "$wineserver" -k 2>/dev/null || true; rm -rf "$tmp"' EXIT
llc-22 -O2 -mtriple=x86_64-pc-windows-msvc -use-registers-for-deopt-values -filetype=obj \
  "$ll" -o "$tmp/walk.o"
clang-22 --target=x86_64-pc-windows-msvc -O1 -fasynchronous-unwind-tables -ffreestanding -fno-stack-protector -fno-builtin \
  -I "$inc" -c "$here/driver.c" -o "$tmp/driver.o"
clang-22 --target=x86_64-pc-windows-msvc -c "$here/capture-x86_64-win.S" -o "$tmp/capture.o"
llvm-dlltool-22 -m i386:x86-64 -d "$here/kernel32.def" -l "$tmp/kernel32.lib"
lld-link-22 /Brepro /nodefaultlib /entry:start /subsystem:console /fixed /debug:symtab \
  /out:"$out/walk.exe" "$tmp/walk.o" "$tmp/driver.o" "$tmp/capture.o" "$tmp/kernel32.lib"
export WINEPREFIX="$tmp/wineprefix" WINEDEBUG=-all
wine=$(command -v wine64 || command -v wine || echo /usr/lib/wine/wine64)
"$wine" "$out/walk.exe" > "$tmp/capture.txt" 2>"$tmp/wine.err" || { cat "$tmp/wine.err" "$tmp/capture.txt" >&2; exit 1; }
tr -d '\r' < "$tmp/capture.txt" > "$out/capture.txt"
grep -q '^done$' "$out/capture.txt"
