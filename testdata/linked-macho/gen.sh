#!/usr/bin/env bash
# Links Mach-O images from the llvm19 Mach-O objects of kinds.ll and
# many_functions.ll with ld64.lld-19 (Debian package lld-19), so the Mach-O
# locator is tested on linked files:
#   x86_64-macos11.dylib  plain pointers (rebase opcodes): addresses in the file
#   arm64-macos11.dylib   likewise
#   arm64-macos13.dylib   LC_DYLD_CHAINED_FIXUPS, DYLD_CHAINED_PTR_64_OFFSET:
#                         the section's function addresses are encoded pointers
#   arm64-macos13         an executable (image base 0x100000000), chained fixups
# Beside each: <image>.nm.txt, llvm-nm-19's listing of its symbols.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
objs="$here/../objects/llvm19"
ld=ld64.lld-19
link() { # ARCH PLATFORM OUT EXTRA...
  local arch=$1 plat=$2 out=$3; shift 3
  "$ld" -arch "$arch" -platform_version macos "$plat" "$plat" -undefined dynamic_lookup \
    -o "$here/$out" "$@" "$objs/$arch-macho/kinds.o" "$objs/$arch-macho/many_functions.o"
  llvm-nm-19 "$here/$out" > "$here/$out.nm.txt"
}
link x86_64 11.0 x86_64-macos11.dylib -dylib
link arm64 11.0 arm64-macos11.dylib -dylib
link arm64 13.0 arm64-macos13.dylib -dylib
link arm64 13.0 arm64-macos13 -e _kinds_register
