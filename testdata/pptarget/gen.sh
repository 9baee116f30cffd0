#!/bin/sh
# Builds pptarget.o (llc-22, x86_64 ELF) from pptarget.ll and its
# llvm-objdump-22 -dr view: a patchpoint whose target a relocation names.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
llc-22 -O1 -filetype=obj "$here/pptarget.ll" -o "$here/pptarget.o"
(cd "$here" && llvm-objdump-22 -dr pptarget.o >pptarget.objdump.txt)
