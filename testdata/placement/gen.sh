#!/usr/bin/env bash
# gen.sh - builds the placement test files: stack maps where runtimes put
# them rather than where llc writes them. Run from this folder:
#   testdata/placement/gen.sh
# Needs llc-22, llvm-readobj-22, llvm-strip-22, objcopy and gcc (GNU ld).
# Inputs: ../linked/src/link_a.ll and link_b.ll, and main.c here.
#
# Outputs (x86_64 ELF; *.readobj.txt are llvm-readobj-22 --stackmap views of
# the files it reads: it looks for .llvm_stackmaps only, so the renamed and
# stripped files are checked against these through the tests):
#   base.o, base-pie          llc's .llvm_stackmaps, the reference
#   renamed.o                 .llvm_stackmaps renamed .data.rel.ro.llvm_stackmaps
#                             (objcopy --rename-section), as PIE runtimes do
#                             to avoid DT_TEXTREL (llvm-project issue 55622)
#   renamed-pie               linked from renamed objects: GNU ld merges the
#                             section into .data.rel.ro; found through the
#                             (local) __LLVM_StackMaps symbols in .symtab
#   script-pie                sections renamed llvm_stackmaps and placed by a
#                             linker script (script.ld) between
#                             __start_llvm_stackmaps and __stop_llvm_stackmaps,
#                             both exported to the dynamic symbol table
#   script-pie.stripped       script-pie after llvm-strip --strip-sections: no
#                             section headers; found through the dynamic
#                             symbol table and the program headers
#   script-lib.so(.stripped)  the same as a shared library (whose global
#                             symbols are all exported), and without section
#                             headers: its function symbols come from the
#                             dynamic symbol table
#   symbol-exe                (the reference of the next)
#   symbol-exe.stripped       one object whose __LLVM_StackMaps is made global
#                             and exported, linked -no-pie, headers stripped:
#                             found through __LLVM_StackMaps alone
#   base-pie.stripped         base-pie after llvm-strip --strip-sections: no
#                             section headers and no symbol that marks the
#                             stack maps (__LLVM_StackMaps is local): found by
#                             scanning the segments that are not executable
set -euo pipefail
cd "$(dirname "$0")"
for t in llc-22 llvm-readobj-22 llvm-strip-22 objcopy gcc; do
  command -v "$t" >/dev/null || { echo "$t not installed" >&2; exit 1; }
done
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
SRC=../linked/src
TRIPLE=x86_64-unknown-linux-gnu

for c in link_a link_b; do
  llc-22 -filetype=obj -mtriple=$TRIPLE -relocation-model=pic "$SRC/$c.ll" -o "$WORK/$c.o"
done
gcc -O1 -fPIE -c main.c -o "$WORK/main.o"

cp "$WORK/link_a.o" base.o
gcc -pie -o base-pie "$WORK/main.o" "$WORK/link_a.o" "$WORK/link_b.o"

objcopy --rename-section .llvm_stackmaps=.data.rel.ro.llvm_stackmaps base.o renamed.o
for c in link_a link_b; do
  objcopy --rename-section .llvm_stackmaps=.data.rel.ro.llvm_stackmaps "$WORK/$c.o" "$WORK/$c.renamed.o"
  objcopy --rename-section .llvm_stackmaps=llvm_stackmaps "$WORK/$c.o" "$WORK/$c.script.o"
done
gcc -pie -o renamed-pie "$WORK/main.o" "$WORK/link_a.renamed.o" "$WORK/link_b.renamed.o"

gcc -pie -o script-pie "$WORK/main.o" "$WORK/link_a.script.o" "$WORK/link_b.script.o" \
  -Wl,-T,script.ld -Wl,--export-dynamic-symbol=__start_llvm_stackmaps -Wl,--export-dynamic-symbol=__stop_llvm_stackmaps
llvm-strip-22 --strip-sections -o script-pie.stripped script-pie

gcc -shared -o script-lib.so "$WORK/link_a.script.o" "$WORK/link_b.script.o" -Wl,-T,script.ld
llvm-strip-22 --strip-sections -o script-lib.so.stripped script-lib.so

objcopy --globalize-symbol=__LLVM_StackMaps "$WORK/link_a.o" "$WORK/link_a.global.o"
gcc -no-pie -o symbol-exe "$WORK/main.o" "$WORK/link_a.global.o" "$WORK/link_b.o" -Wl,--export-dynamic-symbol=__LLVM_StackMaps
llvm-strip-22 --strip-sections -o symbol-exe.stripped symbol-exe
llvm-strip-22 --strip-sections -o base-pie.stripped base-pie

for f in base.o base-pie symbol-exe; do
  llvm-readobj-22 --stackmap "$f" >"$f.readobj.txt"
done
