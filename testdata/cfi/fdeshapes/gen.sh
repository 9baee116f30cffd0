#!/usr/bin/env bash
# Regenerates testdata/cfi/fdeshapes/: shapes.s (a hand-written .eh_frame
# with zero-length, duplicate, nested, overlapping and out-of-order FDEs)
# assembled and linked as a shared library by both linkers, with
# llvm-dwarfdump-22's view of each:
#
#   shapes.o              as (GNU assembler, x86_64)
#   shapes_lld.so         ld.lld-22 -shared --eh-frame-hdr (lld: the first
#                         FDE of each address only in .eh_frame_hdr)
#   shapes_bfd.so         shapes.s without the overlapping FDEs (as
#                         --defsym NOOVERLAP=1), ld -shared --eh-frame-hdr
#                         (GNU ld: every FDE in .eh_frame_hdr, equal
#                         addresses sorted by range; it refuses to build
#                         the table over overlapping FDEs)
#   <file>.ehframe.txt    llvm-dwarfdump-22 --eh-frame <file>
#   <file>.hdr.txt        llvm-readelf-22 -x .eh_frame_hdr <file>
#
# Needs as, ld, ld.lld-22, llvm-dwarfdump-22 and llvm-readelf-22.
# Idempotent; runnable from any cwd.
set -euo pipefail
cd "$(dirname "$0")"
export LC_ALL=C
as --64 -o shapes.o shapes.s
as --64 --defsym NOOVERLAP=1 -o "${TMPDIR:-/tmp}/shapes_nooverlap.$$.o" shapes.s
ld -shared --eh-frame-hdr --build-id=none -o shapes_bfd.so "${TMPDIR:-/tmp}/shapes_nooverlap.$$.o"
rm -f "${TMPDIR:-/tmp}/shapes_nooverlap.$$.o"
ld.lld-22 -shared --eh-frame-hdr --build-id=none -o shapes_lld.so shapes.o
for f in shapes.o shapes_bfd.so shapes_lld.so; do
	llvm-dwarfdump-22 --eh-frame "$f" >"$f.ehframe.txt"
done
for f in shapes_bfd.so shapes_lld.so; do
	llvm-readelf-22 -x .eh_frame_hdr "$f" >"$f.hdr.txt"
done
