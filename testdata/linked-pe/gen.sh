#!/usr/bin/env bash
# Links a PE image (DLL) from the llvm19 COFF objects of kinds.ll and
# many_functions.ll with lld-link-19 (Debian package lld-19; not needed to
# run the tests). PE images cut section names to 8 bytes, so the stack map
# section is ".llvm_st"; the function addresses in it are absolute (image
# base 0x180000000) with base relocations in .reloc. /debug:symtab keeps a
# COFF symbol table to name the functions; /force:unresolved accepts the
# external callees the IR declares. sm.dll.nm.txt is llvm-nm-19's listing.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
objs="$here/../objects/llvm19/x86_64-coff"
lld-link-19 /dll /noentry /debug:symtab /force:unresolved /out:"$here/sm.dll" \
  "$objs/kinds.o" "$objs/many_functions.o" >/dev/null 2>&1
rm -f "$here/sm.lib"
llvm-nm-19 "$here/sm.dll" > "$here/sm.dll.nm.txt"
