#!/usr/bin/env bash
# Objects whose symbol names try to forge or drive the tool's output: an
# escape sequence that sets the terminal title (OSC), one that clears the
# screen (CSI), BEL, CR, a newline followed by a forged record line, DEL,
# a C1 control (U+009B), a bidi override (U+202E), bytes that are not
# UTF-8, a backslash, and a 1 MiB name. Every function makes a stackmap
# call (so dump, lookup and check name it) and the first calls the others
# (so --disasm names them as branch targets).
#
#   testdata/hostile/gen.sh     (needs llc-22, gzip)
#
# names.o is x86_64 ELF; names-macho.o the same for x86_64 Mach-O;
# longname.o.gz carries the 1 MiB name (gzip keeps it at a few KB; tests
# unpack it).
set -euo pipefail
cd "$(dirname "$0")"

# IR names with \HH escapes; LLVM writes the bytes raw into the symbol table.
names=(
  'osc_\1B]0;owned\07'
  'csi_\1B[2J\1B[H'
  'bel_\07'
  'cr_\0DRecord ID 999'
  'lf_\0ARecord ID 999, instruction offset 0, 0 locations'
  'del_\7F'
  'c1_\C2\9B2J'
  'bidi_\E2\80\AEgnp.exe'
  'notutf8_\FF\FE'
  'backslash_\5Cx1b'
)

ir() { # $1: the names, one per line
  echo 'declare void @llvm.experimental.stackmap(i64, i32, ...)'
  local i=0 first=
  while IFS= read -r n; do
    if [ -z "$first" ]; then first=$n; fi
    echo "define void @\"$n\"(i64 %v) {"
    echo "  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 $((100 + i)), i32 0, i64 %v)"
    echo "  ret void"
    echo "}"
    i=$((i + 1))
  done <<<"$1"
  # A caller of every function: --disasm names them as call targets.
  echo 'define void @caller(i64 %v) {'
  while IFS= read -r n; do echo "  call void @\"$n\"(i64 %v)"; done <<<"$1"
  echo '  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 1, i32 0, i64 %v)'
  echo '  ret void'
  echo '}'
}

list=$(printf '%s\n' "${names[@]}")
ir "$list" >names.ll
llc-22 -O1 -filetype=obj -mtriple=x86_64-unknown-linux-gnu names.ll -o names.o
llc-22 -O1 -filetype=obj -mtriple=x86_64-apple-macosx names.ll -o names-macho.o

long=$(head -c 1048576 /dev/zero | tr '\0' 'L')
ir "long_$long" >longname.ll
llc-22 -O1 -filetype=obj -mtriple=x86_64-unknown-linux-gnu longname.ll -o longname.o
gzip -9nf longname.o
rm longname.ll
