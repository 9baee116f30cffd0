#!/usr/bin/env bash
# Writes llvm-objdump-22's disassembly of every checked-in Mach-O and
# COFF/PE file that has stack maps, under this directory at the file's path
# relative to testdata/ plus a suffix (objects/llvm22/x86_64-macho/kinds.o
# -> objdump/objects/llvm22/x86_64-macho/kinds.o.objdump.txt). They live
# here, not beside the files, because testdata/gen.sh deletes and rebuilds
# objects/llvmN/. cmd/stackmaps' TestDisasmTargetNamesMachOCOFF checks the
# call and branch target names `stackmaps dump --disasm` prints against
# them; TestDisasmObjdumpGoldensCurrent reruns llvm-objdump-22 and compares.
#   <file>.objdump.txt        llvm-objdump-22 -d -r (objects) or -d (images),
#                             run in the file's directory
#   <file>.objdump-macho.txt  llvm-objdump-22 --macho -d of a linked Mach-O
#                             image: its "symbol stub for: _f" comments name
#                             the stubs (-d names a stub after an undefined
#                             symbol at address 0: "<_mf_ext+0x100000778>")
#   fat/kinds-universal.o.<arch>.objdump.txt  -d -r of each slice of the
#                             universal object (llvm-lipo-22 -thin), run on a
#                             copy named kinds-universal.o.<arch>
#   asm/<name>-<target>.o[.objdump.txt]  asm/<name>.s assembled by llvm-mc-22
#                             and its -d -r: cases no stack map file has
#                             (symbols sharing an address, non-external
#                             relocations)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
td=$(cd "$here/.." && pwd)
cd "$td"
dis() { # MODE FILE OUT
  local mode=$1 f=$2 out=$3
  mkdir -p "$(dirname "$out")"
  (cd "$(dirname "$f")" && llvm-objdump-22 $mode "$(basename "$f")") >"$out"
}
for f in objects/llvm*/x86_64-macho/*.o objects/llvm*/arm64-macho/*.o objects/llvm*/x86_64-coff/*.o compactunwind/*.o; do
  dis "-d -r" "$f" "$here/$f.objdump.txt"
done
for f in linked-macho/*.dylib linked-macho/arm64-macos13 compactunwind/*.dylib; do
  dis "-d" "$f" "$here/$f.objdump.txt"
  dis "--macho -d" "$f" "$here/$f.objdump-macho.txt"
done
dis "-d" linked-pe/sm.dll "$here/linked-pe/sm.dll.objdump.txt"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for arch in x86_64 arm64; do
  llvm-lipo-22 fat/kinds-universal.o -thin "$arch" -output "$tmp/kinds-universal.o.$arch"
  dis "-d -r" "$tmp/kinds-universal.o.$arch" "$here/fat/kinds-universal.o.$arch.objdump.txt"
done
# asm/: not compiled code but assembled with llvm-mc-22 (see the .s files).
cd "$here/asm"
for triple in x86_64-apple-macosx:x86_64-macho x86_64-pc-windows-msvc:x86_64-coff arm64-apple-macosx:arm64-macho; do
  name=samename-${triple#*:}
  src=samename.s
  if [ "$name" = samename-arm64-macho ]; then
    sed 's/jmp/b/' samename.s >"$tmp/samename-arm64.s"
    src="$tmp/samename-arm64.s"
  fi
  llvm-mc-22 -triple "${triple%%:*}" -filetype=obj "$src" -o "$name.o"
  llvm-objdump-22 -d -r "$name.o" >"$name.o.objdump.txt"
done
llvm-mc-22 -triple x86_64-apple-macosx -filetype=obj nonextern.s -o nonextern-x86_64-macho.o
llvm-objdump-22 -d -r nonextern-x86_64-macho.o >nonextern-x86_64-macho.o.objdump.txt
