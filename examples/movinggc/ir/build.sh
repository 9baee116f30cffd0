#!/usr/bin/env bash
# Compiles movinggc.ll for one architecture and variant with llc-22:
#   build.sh ARCH VARIANT OUTDIR    ARCH: x86_64 | aarch64
#                                   VARIANT: stack-slots | callee-saved
# writes OUTDIR/ARCH-VARIANT.o (linked into the example through cgo) and
# OUTDIR/ARCH-VARIANT.s (the same code as assembly, for reading).
#   stack-slots:  llc's default: every GC pointer live across a statepoint
#                 is spilled to a stack slot of its frame.
#   callee-saved: -max-registers-for-gc-values=8 -fixup-allow-gcptr-in-csr:
#                 llc keeps GC pointers in callee-saved registers, so a
#                 root's home is a deeper frame's save slot (or the capture
#                 routine's save area for the innermost frame).
# The entry is renamed mgc_entry_stack / mgc_entry_callee so that both
# variants link into one binary. Silent on success.
set -euo pipefail

if [ $# -ne 3 ]; then
	echo "usage: $0 ARCH VARIANT OUTDIR" >&2
	exit 2
fi
arch=$1 variant=$2 out=$3
here=$(cd "$(dirname "$0")" && pwd)
LLC=${LLC:-llc-22}

case $arch in
x86_64 | aarch64) ;;
*) echo "$0: unknown ARCH $arch" >&2; exit 2 ;;
esac
case $variant in
stack-slots) suffix=stack flags=() ;;
callee-saved) suffix=callee flags=(-max-registers-for-gc-values=8 -fixup-allow-gcptr-in-csr) ;;
*) echo "$0: unknown VARIANT $variant" >&2; exit 2 ;;
esac

mkdir -p "$out"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# The temporary file keeps the name movinggc.ll: llc records the source
# file name (source_filename also says so), and the outputs must not
# depend on where they were built.
sed "s/@mgc_entry(/@mgc_entry_${suffix}(/" "$here/movinggc.ll" >"$tmp/movinggc.ll"
common=(-O2 "-mtriple=$arch-linux-gnu" -relocation-model=pic "${flags[@]}")
"$LLC" "${common[@]}" -filetype=obj -o "$out/$arch-$variant.o" "$tmp/movinggc.ll"
"$LLC" "${common[@]}" -filetype=asm -o "$out/$arch-$variant.s" "$tmp/movinggc.ll"
