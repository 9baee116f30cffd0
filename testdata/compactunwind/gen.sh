#!/usr/bin/env bash
# Builds the compact unwind ground truth from arm64.ll and x86_64.ll with
# llc-22, llvm-mc-22 and ld64.lld-19 (any cwd):
#
#   <arch>.o              llc-22 -filetype=obj: __compact_unwind (and, on
#                         x86_64, __eh_frame: llc emits both there)
#   <arch>.dylib          <arch>.o linked: __unwind_info
#   <arch>-dwarf.o        the same code with DWARF CFI only: llc-22's
#                         assembly with a DW_CFA_nop (.cfi_escape 0x0) after
#                         every .cfi_startproc, assembled by llvm-mc-22. MC
#                         cannot encode the escape compactly, so every
#                         function gets DWARF mode and an FDE in __eh_frame;
#                         the instructions are checked equal to <arch>.o's (the
#                         padding differs: llc and llvm-mc pick other nops).
#   <arch>-dwarf.dylib    <arch>-dwarf.o linked: DWARF-mode __unwind_info
#                         entries pointing at its __eh_frame FDEs
#   *.unwind-info.txt     llvm-objdump-22 --unwind-info of each file
#   *.eh-frame.txt        llvm-dwarfdump-22 --eh-frame of each file with one
#   *.nm.txt              llvm-nm-22 of each file
#
# Why the escape: llc-22 accepts --emit-dwarf-unwind=always but emits no
# __eh_frame for arm64-apple-macos with it (nor does llvm-mc-22), so the
# DWARF rows of the very same code come from this second build.
# Triples: arm64-apple-macos, x86_64-apple-macos11 (without a version,
# x86_64 gets no compact unwind: before macOS 10.6).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cd "$here"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The instructions at their addresses, padding left out (llc and llvm-mc
# pick different nop encodings for it).
insns() { llvm-objdump-22 -d --no-show-raw-insn "$1" | grep -v -e 'file format' -e 'nop' ; }

for t in "arm64 arm64-apple-macos" "x86_64 x86_64-apple-macos11"; do
	read -r arch triple <<<"$t"
	llc-22 -filetype=obj -mtriple="$triple" "$arch.ll" -o "$arch.o"
	llc-22 -mtriple="$triple" "$arch.ll" -o "$tmp/$arch.s"
	sed 's/^\([[:space:]]*\)\.cfi_startproc$/&\n\1.cfi_escape 0x0/' "$tmp/$arch.s" >"$tmp/$arch-dwarf.s"
	llvm-mc-22 -filetype=obj -triple="$triple" "$tmp/$arch-dwarf.s" -o "$arch-dwarf.o"
	diff <(insns "$arch.o") <(insns "$arch-dwarf.o")
	for o in "$arch" "$arch-dwarf"; do
		ld64.lld-19 -arch "$arch" -platform_version macos 11.0 11.0 -undefined dynamic_lookup \
			-dylib -o "$o.dylib" "$o.o"
	done
	for f in "$arch.o" "$arch.dylib" "$arch-dwarf.o" "$arch-dwarf.dylib"; do
		llvm-objdump-22 --unwind-info "$f" >"$f.unwind-info.txt"
		llvm-nm-22 "$f" >"$f.nm.txt"
		if llvm-objdump-22 -h "$f" | grep -q __eh_frame; then
			llvm-dwarfdump-22 --eh-frame "$f" >"$f.eh-frame.txt"
		fi
	done
done
