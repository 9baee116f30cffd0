#!/usr/bin/env bash
# Builds the Windows x64 test data from win.ll (statepoint functions whose
# unwind data covers the codes llc emits) and start.ll (callees,
# __chkstk, an entry point), with llc-22 and lld-link-22 (Debian packages
# llvm-22 and lld-22; not needed to run the tests):
#   win.o        COFF object, UNWIND_INFO version 1
#   win-v2.o     the same with the module flag winx64-eh-unwindv2: version
#                2 records with epilog codes
#   win-fs.o     -function-sections: each function, its .pdata and .xdata
#                in sections of their own
#   tail.o       tail.ll: epilogs that end in tail jumps, one mid-function
#   handler.o    handler.s (llvm-mc-22): a language handler and a chained
#                entry
#   win-arm64.o, win-arm64.exe
#                win_arm64.ll (win.ll with AArch64 clobbers) for
#                aarch64-pc-windows-msvc, and an image of it with
#                start_arm64.ll
#   packed-arm64.o, packed-arm64.exe
#                packed_arm64.ll: functions whose unwind data llc packs
#                into the .pdata entry, and an image of it with
#                start_arm64.ll
#   win.exe      a CRT-free image of win.o and start.o, with a COFF symbol
#                table (/debug:symtab)
#   win-v2.exe   the same of win-v2.o
#   win.dll      a DLL of win.o and start.o without a symbol table,
#                exporting the w_* functions (names from the export table)
# and beside each X, X.unwind.txt: llvm-readobj-22 --unwind X, and
# win.dll.labels.txt: the function labels llvm-objdump-22 -d prints for
# win.dll (from its export table).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cd "$here"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
llc=(llc-22 -mtriple=x86_64-pc-windows-msvc -filetype=obj)
"${llc[@]}" win.ll -o win.o
{ cat win.ll; printf '!llvm.module.flags = !{!0}\n!0 = !{i32 1, !"winx64-eh-unwindv2", i32 1}\n'; } > "$tmp/win-v2.ll"
"${llc[@]}" "$tmp/win-v2.ll" -o win-v2.o
"${llc[@]}" -function-sections win.ll -o win-fs.o
"${llc[@]}" tail.ll -o tail.o
llvm-mc-22 -triple x86_64-pc-windows-msvc -filetype=obj handler.s -o handler.o
llc-22 -mtriple=aarch64-pc-windows-msvc -filetype=obj win_arm64.ll -o win-arm64.o
llc-22 -mtriple=aarch64-pc-windows-msvc -max-registers-for-gc-values=4 -fixup-allow-gcptr-in-csr=true \
  -filetype=obj packed_arm64.ll -o packed-arm64.o
llc-22 -mtriple=aarch64-pc-windows-msvc -filetype=obj start_arm64.ll -o "$tmp/start-arm64.o"
"${llc[@]}" start.ll -o "$tmp/start.o"
link=(lld-link-22 /Brepro /nodefaultlib /opt:noref /entry:start /subsystem:console)
"${link[@]}" /debug:symtab /out:win.exe win.o "$tmp/start.o"
"${link[@]}" /debug:symtab /out:win-v2.exe win-v2.o "$tmp/start.o"
exports=()
for f in w_leaf w_pushes w_fp w_xmm w_large w_huge w_dyn w_noprobe w_epilogs; do exports+=("/export:$f"); done
"${link[@]}" /dll /noentry "${exports[@]}" /out:win.dll win.o "$tmp/start.o"
lld-link-22 /Brepro /nodefaultlib /opt:noref /entry:start /subsystem:console /machine:arm64 /debug:symtab \
  /out:win-arm64.exe win-arm64.o "$tmp/start-arm64.o"
lld-link-22 /Brepro /nodefaultlib /opt:noref /entry:start /subsystem:console /machine:arm64 /debug:symtab \
  /out:packed-arm64.exe packed-arm64.o "$tmp/start-arm64.o"
rm -f win.lib win.exp
for f in win.o win-v2.o win-fs.o tail.o handler.o win.exe win-v2.exe win.dll win-arm64.o win-arm64.exe packed-arm64.o packed-arm64.exe; do
  llvm-readobj-22 --unwind "$f" | sed "s|^File: .*/|File: |" > "$f.unwind.txt"
done
llvm-objdump-22 -d win.dll | grep '>:$' > win.dll.labels.txt
