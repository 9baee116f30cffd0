#!/usr/bin/env bash
# Builds dump.exe and runs it under wine, which writes crash.dmp (its own
# minidump, by dbghelp's MiniDumpWriteDump) and values.txt (what each
# frame published before its call): see README.md.
#   gen.sh [OUTDIR]    (default: this directory)
# Needs llc-22, clang-22, lld-link-22, llvm-dlltool-22 (Debian llvm-22,
# clang-22, lld-22) and wine (Debian wine64); not needed to run the tests.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=${1:-$here}
mkdir -p "$out"
walk="$here/../../walk" xmm="$here/../capture/xmm"
tmp=$(mktemp -d)
wineserver=$(command -v wineserver || command -v wineserver64 || echo /usr/lib/wine/wineserver)
# The wine server of the private prefix outlives the program: stop it
# before removing the prefix.
trap 'WINEPREFIX="$tmp/wineprefix" "$wineserver" -k 2>/dev/null || true; rm -rf "$tmp"' EXIT
# The second thread's frames: xmm.ll and its frames.h with walk_ renamed
# xmm_ (the two programs name their functions alike).
sed 's/walk_/xmm_/g' "$xmm/xmm.ll" > "$tmp/xmm.ll"
sed 's/walk_/xmm_/g; s/WALK_/XMM_/g' "$xmm/frames.h" > "$tmp/xmm_frames.h"
for ll in "$walk/walk_statepoint.ll" "$tmp/xmm.ll"; do
  llc-22 -O2 -mtriple=x86_64-pc-windows-msvc -use-registers-for-deopt-values -filetype=obj \
    "$ll" -o "$tmp/$(basename "$ll" .ll).o"
done
clang-22 --target=x86_64-pc-windows-msvc -O1 -fasynchronous-unwind-tables -ffreestanding -fno-stack-protector -fno-builtin \
  -I "$walk" -I "$tmp" '-DDUMP_PATH="crash.dmp"' -c "$here/dump.c" -o "$tmp/dump.o"
clang-22 --target=x86_64-pc-windows-msvc -c "$here/../capture/capture-x86_64-win.S" -o "$tmp/capture.o"
llvm-dlltool-22 -m i386:x86-64 -d "$here/kernel32.def" -l "$tmp/kernel32.lib"
llvm-dlltool-22 -m i386:x86-64 -d "$here/dbghelp.def" -l "$tmp/dbghelp.lib"
lld-link-22 /Brepro /nodefaultlib /entry:start /subsystem:console /fixed /debug:symtab \
  /out:"$out/dump.exe" "$tmp/walk_statepoint.o" "$tmp/xmm.o" "$tmp/dump.o" "$tmp/capture.o" \
  "$tmp/kernel32.lib" "$tmp/dbghelp.lib"
export WINEPREFIX="$tmp/wineprefix" WINEDEBUG=-all
wine=$(command -v wine64 || command -v wine || echo /usr/lib/wine/wine64)
cp "$out/dump.exe" "$tmp/dump.exe"
(cd "$tmp" && "$wine" dump.exe > values.raw 2> wine.err) || { cat "$tmp/wine.err" "$tmp/values.raw" >&2; exit 1; }
tr -d '\r' < "$tmp/values.raw" > "$out/values.txt"
grep -q '^done$' "$out/values.txt"
cp "$tmp/crash.dmp" "$out/crash.dmp"
