#!/usr/bin/env bash
# Regenerates testdata/fsections/: relocatable objects built with function
# sections (one code section per function), so that every function of an
# object is at section offset 0 of a section of its own, and the tools'
# views of them.
#
#   testdata/fsections/gen.sh
#
# Objects:
#   llvmN/<target>/<ir>.o        llc-N -function-sections, from ../ir/<ir>.ll
#                                (llc-14 statepoints: ../ir/typed14; other
#                                llc-14 builds: -opaque-pointers)
#   llvmN/riscv64/<ir>_relax.o   the same with -mattr=+relax (linker
#                                relaxation: ADD/SUB pairs in the stack map
#                                and frame sections)
#   llvmN/<target>/kinds_dwarfframe.o  also -force-dwarf-frame-section:
#                                .debug_frame beside .eh_frame (riscv64:
#                                with -mattr=+relax)
#   clangN/<target>/cfuncs.o     clang-N -O2 -ffunction-sections -c src/cfuncs.c
#   clangN/x86_64/cfuncs_nouniq.o  also -fno-unique-section-names: every
#                                function in a section named ".text"
#   clangN/{x86_64,aarch64}-coff/cfuncs.o  the same for Windows (COFF:
#                                every function's section is named .text)
# Beside each object <name>.o:
#   <name>.readobj.txt      llvm-readobj-22 --stackmap
#   <name>.objdump.txt      llvm-objdump-22 -dr
#   <name>.eh_frame.txt     llvm-dwarfdump-22 --eh-frame (ELF)
#   <name>.debug_frame.txt  llvm-dwarfdump-22 --debug-frame (objects with one)
#   <name>.relocs.txt       llvm-readobj-22 -r --expand-relocs --symbols: which
#                           symbol (by number) each relocation of
#                           .llvm_stackmaps and .eh_frame names, and which
#                           section (by number) each symbol is in, since
#                           section names repeat
# each run in the object's directory, so the file is named without a path.
# MANIFEST.tsv has one row per object: how to rebuild it (from testdata/,
# source relative to it). SKIPPED.tsv lists the builds llc refuses (crashes
# of llc-14 on riscv64, of every llc on ppc64le statepoints), with llc's
# first error line.
#
# Needs llc-14, llc-19, llc-22 and clang-22 (a missing compiler keeps the
# existing objects it built) and llvm-readobj-22, llvm-objdump-22,
# llvm-dwarfdump-22, llvm-readelf-22. Idempotent; runnable from any cwd.
set -euo pipefail

FS="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$FS"
export LC_ALL=C

WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

have() { command -v "$1" >/dev/null 2>&1; }
for t in llvm-readobj-22 llvm-objdump-22 llvm-dwarfdump-22 llvm-readelf-22; do
  have "$t" || { echo "gen.sh: $t is not installed" >&2; exit 1; }
done

# dir | triple
TARGETS=(
  "x86_64|x86_64-unknown-linux-gnu"
  "aarch64|aarch64-unknown-linux-gnu"
  "riscv64|riscv64-unknown-linux-gnu"
  "ppc64le|powerpc64le-unknown-linux-gnu"
  "ppc64|powerpc64-unknown-linux-gnu"  # ELFv1: function records point to descriptors in .opd
)
IRS=(kinds statepoints patchpoints)

# views dir name: the tools' views of dir/name.o
views() {
  local d="$1" n="$2"
  (
    cd "$d"
    llvm-readobj-22 --stackmap "$n.o" >"$n.readobj.txt"
    llvm-objdump-22 -dr "$n.o" >"$n.objdump.txt"
    llvm-readobj-22 -r --expand-relocs --symbols "$n.o" >"$n.relocs.txt"
    case "$d" in *-coff) return ;; esac # no DWARF call frame information
    llvm-dwarfdump-22 --eh-frame "$n.o" >"$n.eh_frame.txt"
    # (grep without -q reads to the end: with -q, readelf could die of
    # SIGPIPE, failing the pipeline under pipefail)
    if llvm-readelf-22 -S "$n.o" | grep ' \.debug_frame ' >/dev/null; then
      llvm-dwarfdump-22 --debug-frame "$n.o" >"$n.debug_frame.txt"
    fi
  )
}

# row object tool target triple flags source
row() { printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$@" >>"$WORK/manifest.tsv"; }

: >"$WORK/manifest.tsv"
: >"$WORK/skipped.tsv"
for v in 14 19 22; do
  if ! have "llc-$v"; then
    echo "llc-$v not installed: keeping llvm$v/" >&2
    [ -f MANIFEST.tsv ] && awk -F'\t' -v t="llc-$v" 'NR>1 && $2==t' MANIFEST.tsv >>"$WORK/manifest.tsv"
    [ -f SKIPPED.tsv ] && awk -F'\t' -v t="llc-$v" 'NR>1 && $2==t' SKIPPED.tsv >>"$WORK/skipped.tsv"
    continue
  fi
  rm -rf "llvm$v"
  for t in "${TARGETS[@]}"; do
    IFS='|' read -r tdir triple <<<"$t"
    d="llvm$v/$tdir"
    mkdir -p "$d"
    for ir in "${IRS[@]}"; do
      src="../ir/$ir.ll"; flags="-function-sections"
      if [ "$v" = 14 ]; then
        if [ -f "../ir/typed14/$ir.ll" ]; then src="../ir/typed14/$ir.ll"; else flags="$flags -opaque-pointers"; fi
      fi
      variants=("|")
      [ "$tdir" = riscv64 ] && variants+=("_relax|-mattr=+relax")
      # .debug_frame beside .eh_frame: its FDEs' CIE pointers are
      # relocated too (against .debug_frame itself, not code)
      if [ "$ir" = kinds ]; then
        if [ "$tdir" = riscv64 ]; then
          variants+=("_dwarfframe|-force-dwarf-frame-section -mattr=+relax")
        else
          variants+=("_dwarfframe|-force-dwarf-frame-section")
        fi
      fi
      for var in "${variants[@]}"; do
        IFS='|' read -r suf vflags <<<"$var"
        all="$flags${vflags:+ $vflags}"
        # (under sh, so that bash prints no job notice for the llc crashes
        # expected here: SKIPPED.tsv lists them)
        # shellcheck disable=SC2086
        if ! sh -c '"$@"' llc llc-"$v" -filetype=obj -mtriple="$triple" $all "$src" -o "$d/$ir$suf.o" 2>"$WORK/llc.err"; then
          printf '%s\t%s\t%s\t%s\n' "$d/$ir$suf.o" "llc-$v" "$all" \
            "$(grep -m1 -E 'LLVM ERROR|error:|Running pass' "$WORK/llc.err" | sed -E 's/^[0-9]+\.[[:space:]]*//; s/0x[0-9a-f]+/0x?/g' | cut -c1-160)" >>"$WORK/skipped.tsv"
          rm -f "$d/$ir$suf.o"
          continue
        fi
        views "$d" "$ir$suf"
        row "$d/$ir$suf.o" "llc-$v" "$tdir" "$triple" "$all" "${src#../}"
      done
    done
  done
done

# clang also builds COFF objects: with -ffunction-sections every function
# has a section of its own there too, all named .text.
CTARGETS=("${TARGETS[@]}"
  "x86_64-coff|x86_64-pc-windows-msvc"
  "aarch64-coff|aarch64-pc-windows-msvc"
)

CV=22
if have "clang-$CV"; then
  rm -rf "clang$CV"
  for t in "${CTARGETS[@]}"; do
    IFS='|' read -r tdir triple <<<"$t"
    d="clang$CV/$tdir"
    mkdir -p "$d"
    variants=("|")
    [ "$tdir" = x86_64 ] && variants+=("_nouniq|-fno-unique-section-names")
    # COFF: no time stamp in the header (clang writes one for the
    # incremental linker by default)
    case "$tdir" in *-coff) variants=("|-mno-incremental-linker-compatible") ;; esac
    for var in "${variants[@]}"; do
      IFS='|' read -r suf vflags <<<"$var"
      all="-O2 -ffunction-sections${vflags:+ $vflags}"
      # -fno-ident: no .comment with the compiler's version string;
      # -fdebug-prefix-map is moot (no -g).
      # shellcheck disable=SC2086
      clang-"$CV" --target="$triple" $all -fno-ident -c src/cfuncs.c -o "$d/cfuncs$suf.o"
      views "$d" "cfuncs$suf"
      row "$d/cfuncs$suf.o" "clang-$CV" "$tdir" "$triple" "$all -fno-ident" "fsections/src/cfuncs.c"
    done
  done
else
  echo "clang-$CV not installed: keeping clang$CV/" >&2
  [ -f MANIFEST.tsv ] && awk -F'\t' -v t="clang-$CV" 'NR>1 && $2==t' MANIFEST.tsv >>"$WORK/manifest.tsv"
fi

{
  printf 'object\ttool\ttarget\ttriple\tflags\tsource\n'
  sort -t$'\t' -k1,1 "$WORK/manifest.tsv"
} >MANIFEST.tsv
{
  printf 'object\ttool\tflags\treason\n'
  sort -t$'\t' -k1,1 "$WORK/skipped.tsv"
} >SKIPPED.tsv
echo "fsections: $(($(wc -l <MANIFEST.tsv) - 1)) objects, $(($(wc -l <SKIPPED.tsv) - 1)) builds llc refused (SKIPPED.tsv)"
