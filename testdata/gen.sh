#!/usr/bin/env bash
# Regenerates the checked-in stack map test data under testdata/.
#
#   testdata/gen.sh            # objects and linked binaries
#   testdata/gen.sh objects    # only testdata/objects/
#   testdata/gen.sh linked     # only testdata/linked/
#
# Needs llc-N, llvm-readobj-N, llvm-objcopy-N for N in 14 19 22 (each version
# is optional: a missing llc-N keeps the existing llvmN objects and their
# MANIFEST rows), and for linked/: llc-14, gcc, aarch64-linux-gnu-gcc,
# powerpc64le-linux-gnu-gcc, powerpc64-linux-gnu-gcc and the matching binutils.
# Idempotent: every output is rebuilt from scratch; runnable from any cwd.
set -euo pipefail

TD="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$TD"
export LC_ALL=C

WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

VERSIONS=(14 19 22)

# dir | triple | format | byteorder
TARGETS=(
  "x86_64-elf|x86_64-unknown-linux-gnu|elf|little"
  "aarch64-elf|aarch64-unknown-linux-gnu|elf|little"
  "ppc64-elf|powerpc64-unknown-linux-gnu|elf|big"
  "ppc64le-elf|powerpc64le-unknown-linux-gnu|elf|little"
  "s390x-elf|s390x-unknown-linux-gnu|elf|big"
  "riscv64-elf|riscv64-unknown-linux-gnu|elf|little"
  "x86_64-macho|x86_64-apple-macosx|macho|little"
  "arm64-macho|arm64-apple-macosx|macho|little"
  "x86_64-coff|x86_64-pc-windows-msvc|coff|little"
)

# Extra builds with non-default llc flags: target dir | name suffix | flags |
# IR base names ("*" = all). Object name = <ir base name><suffix>.o
VARIANTS=(
  "riscv64-elf|_relax|-mattr=+relax|*"
  "riscv64-elf|_rv64gcv|-mattr=+m,+a,+f,+d,+c,+v,+relax|*"
  "x86_64-elf|_avx2|-mattr=+avx2|fp_scalar vectors wide_types"
  "x86_64-elf|_avx512|-mattr=+avx512f,+avx512vl|fp_scalar vectors wide_types zmm"
  "ppc64-elf|_pwr8|-mcpu=pwr8|fp_scalar vectors"
  "s390x-elf|_z13|-mcpu=z13|fp_scalar vectors"
)

# IR files that are only built through a variant (every default build fails).
VARIANT_ONLY=" wide_types zmm "

have() { command -v "$1" >/dev/null 2>&1; }

section_name() { # format
  if [ "$1" = macho ]; then echo '__LLVM_STACKMAPS,__llvm_stackmaps'; else echo '.llvm_stackmaps'; fi
}

# First informative line of an llc failure, without pointers.
reason() {
  local f="$1" r
  r="$(grep -m1 -E 'LLVM ERROR|error:' "$f" || true)"
  [ -n "$r" ] || r="$(grep -m1 -E "Running pass '.*' on function" "$f" | sed -E 's/^[0-9]+\.[[:space:]]*//' || true)"
  [ -n "$r" ] || r="$(head -n1 "$f")"
  printf '%s' "$r" | sed -E 's/0x[0-9a-f]+/0x?/g; s/\t/ /g' | cut -c1-200
}

# dump_section v section object out: raw section bytes via llvm-objcopy-v.
# llvm-objcopy-14 cannot --dump-section from COFF ("option not supported by
# llvm-objcopy for COFF"); then the newest other llvm-objcopy is used.
dump_section() {
  local v="$1" sec="$2" obj="$3" out="$4" o
  for o in "llvm-objcopy-$v" llvm-objcopy-22 llvm-objcopy-19; do
    have "$o" || continue
    if "$o" --dump-section="$sec=$out" "$obj" "$WORK/junk.o" 2>"$WORK/objcopy.err"; then return 0; fi
  done
  return 1
}

# build_one v tdir triple format byteorder name src flags
# Appends a MANIFEST row or a SKIPPED row.
build_one() {
  local v="$1" tdir="$2" triple="$3" fmt="$4" bo="$5" name="$6" src="$7" flags="$8"
  local outdir="objects/llvm$v/$tdir" rc=0
  mkdir -p "$outdir"
  # (run under sh so that bash does not print "Segmentation fault" job notices
  # for the llc crashes that are expected here)
  # shellcheck disable=SC2086
  sh -c '"$@"; r=$?; exit $r' llc llc-"$v" -filetype=obj -mtriple="$triple" $flags "$src" \
    -o "$outdir/$name.o" >"$WORK/llc.out" 2>&1 || rc=$?
  if [ "$rc" -ne 0 ]; then
    rm -f "$outdir/$name.o"
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$v" "$tdir" "$name" "${flags:--}" "$src" "$rc" \
      "$(reason "$WORK/llc.out")" >>"$WORK/skipped.tsv"
    return 0
  fi
  if ! dump_section "$v" "$(section_name "$fmt")" "$outdir/$name.o" "$outdir/$name.stackmaps.bin"; then
    # llc-14 for COFF drops the section when the module uses floating point
    # (it returns early after emitting _fltused).
    rm -f "$outdir/$name.o" "$outdir/$name.stackmaps.bin"
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$v" "$tdir" "$name" "${flags:--}" "$src" 0 \
      "llc succeeded but the object has no $(section_name "$fmt") section" >>"$WORK/skipped.tsv"
    return 0
  fi
  (cd "$outdir" && llvm-readobj-"$v" --stackmap "$name.o" >"$name.readobj.txt")
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$outdir/$name.o" "$v" "$tdir" "$triple" \
    "${flags:--}" "$src" "$fmt" "$bo" >>"$WORK/manifest.tsv"
}

gen_objects() {
  local v tdir triple fmt bo t f name base src flags var vt vsuf vflags vfiles
  : >"$WORK/manifest.tsv"
  : >"$WORK/skipped.tsv"
  for v in "${VERSIONS[@]}"; do
    if ! have "llc-$v" || ! have "llvm-readobj-$v" || ! have "llvm-objcopy-$v"; then
      echo "llc-$v (or its tools) not installed: keeping existing objects/llvm$v" >&2
      # keep their rows (llvm is column 2 of MANIFEST.tsv, column 1 of SKIPPED.tsv)
      [ -f objects/MANIFEST.tsv ] &&
        awk -F'\t' -v v="$v" 'NR>1 && $2==v' objects/MANIFEST.tsv >>"$WORK/manifest.tsv"
      [ -f objects/SKIPPED.tsv ] &&
        awk -F'\t' -v v="$v" 'NR>1 && $1==v' objects/SKIPPED.tsv >>"$WORK/skipped.tsv"
      continue
    fi
    rm -rf "objects/llvm$v"
    for t in "${TARGETS[@]}"; do
      IFS='|' read -r tdir triple fmt bo <<<"$t"
      for f in ir/*.ll; do
        base="$(basename "$f" .ll)"
        src="$f"; flags=""
        if [ "$v" = 14 ]; then
          if [ -f "ir/typed14/$base.ll" ]; then src="ir/typed14/$base.ll"; else flags="-opaque-pointers"; fi
        fi
        if [[ "$VARIANT_ONLY" != *" $base "* ]]; then
          build_one "$v" "$tdir" "$triple" "$fmt" "$bo" "$base" "$src" "$flags"
        fi
        for var in "${VARIANTS[@]}"; do
          IFS='|' read -r vt vsuf vflags vfiles <<<"$var"
          [ "$vt" = "$tdir" ] || continue
          if [ "$vfiles" != "*" ] && [[ " $vfiles " != *" $base "* ]]; then continue; fi
          build_one "$v" "$tdir" "$triple" "$fmt" "$bo" "$base$vsuf" "$src" "${flags:+$flags }$vflags"
        done
      done
    done
  done
  {
    printf 'object\tllvm\ttarget\ttriple\tllc_flags\tir\tformat\tbyteorder\n'
    sort -t$'\t' -k1,1 "$WORK/manifest.tsv"
  } >objects/MANIFEST.tsv
  {
    printf 'llvm\ttarget\tname\tllc_flags\tir\texit_code\treason\n'
    sort -t$'\t' -k1,1n -k2,2 -k3,3 "$WORK/skipped.tsv"
  } >objects/SKIPPED.tsv
  echo "objects: $(($(wc -l <objects/MANIFEST.tsv) - 1)) built, $(($(wc -l <objects/SKIPPED.tsv) - 1)) skipped (see objects/SKIPPED.tsv)"
}

# ---------------------------------------------------------------- linked/
# Linked binaries are built with llc-14 (-relocation-model=pic) and the
# system / cross gcc. Never --gc-sections (it would drop .llvm_stackmaps).
LV=14
# llc flags per component (link_gc.ll uses typed pointers, the others opaque)
declare -A CFLAGS=([link_a]="-opaque-pointers" [link_b]="-opaque-pointers" [link_gc]="")

# target dir | triple | gcc | nm | components (IR base names under linked/src)
LTARGETS=(
  "x86_64-elf|x86_64-unknown-linux-gnu|gcc|nm|link_a link_b link_gc"
  "aarch64-elf|aarch64-unknown-linux-gnu|aarch64-linux-gnu-gcc|aarch64-linux-gnu-nm|link_a link_b link_gc"
  "ppc64le-elf|powerpc64le-unknown-linux-gnu|powerpc64le-linux-gnu-gcc|powerpc64le-linux-gnu-nm|link_a link_b"
  "ppc64-elf|powerpc64-unknown-linux-gnu|powerpc64-linux-gnu-gcc|powerpc64-linux-gnu-nm|link_a link_b"
)

# nm lines (address type name) of the defined STT_FUNC symbols.
func_nm() { # nm-tool binary
  local nmtool="$1" bin="$2"
  readelf -sW "$bin" | awk '$4=="FUNC" && $(NF-1)!="UND" {print $NF}' | sed 's/@.*//' | sort -u >"$WORK/funcs"
  "$nmtool" --defined-only "$bin" | awk 'NR==FNR {f[$1]=1; next} ($3 in f)' "$WORK/funcs" - | sort
}

describe_bin() { # dir name nmtool
  local d="$1" b="$2" nmtool="$3"
  llvm-objcopy-$LV --dump-section=".llvm_stackmaps=$d/$b.stackmaps.bin" "$d/$b" "$WORK/junk.bin"
  (cd "$d" && llvm-readobj-$LV --stackmap "$b" >"$b.readobj.txt")
  func_nm "$nmtool" "$d/$b" >"$d/$b.nm.txt"
}

gen_linked() {
  local t tdir triple cc nmtool comps c d objs list
  for tool in llc-$LV llvm-readobj-$LV llvm-objcopy-$LV; do
    have "$tool" || { echo "$tool not installed: not regenerating linked/" >&2; return 0; }
  done
  : >"$WORK/lmanifest.tsv"
  for t in "${LTARGETS[@]}"; do
    IFS='|' read -r tdir triple cc nmtool comps <<<"$t"
    if ! have "$cc" || ! have "$nmtool"; then
      echo "$cc or $nmtool not installed: keeping linked/$tdir" >&2
      [ -f linked/MANIFEST.tsv ] && awk -F'\t' -v t="$tdir" 'NR>1 && $3==t' linked/MANIFEST.tsv >>"$WORK/lmanifest.tsv"
      continue
    fi
    d="linked/$tdir"
    rm -rf "$d"; mkdir -p "$d"
    objs=(); list=""
    for c in $comps; do
      # shellcheck disable=SC2086
      llc-$LV -filetype=obj -mtriple="$triple" -relocation-model=pic ${CFLAGS[$c]} "linked/src/$c.ll" -o "$d/$c.o"
      llvm-objcopy-$LV --dump-section=".llvm_stackmaps=$d/$c.stackmaps.bin" "$d/$c.o" "$WORK/junk.o"
      (cd "$d" && llvm-readobj-$LV --stackmap "$c.o" >"$c.readobj.txt")
      objs+=("$d/$c.o"); list="${list:+$list,}$d/$c.o"
    done
    # shared library (text relocations in .llvm_stackmaps are expected: the
    # section is read-only but holds absolute function addresses)
    "$cc" -shared -o "$d/libstackmaps.so" "${objs[@]}" 2>"$WORK/ld.err" || { cat "$WORK/ld.err" >&2; return 1; }
    describe_bin "$d" libstackmaps.so "$nmtool"
    printf '%s\t%s\t%s\t%s\t%s\n' "$d/libstackmaps.so" shared "$tdir" "$list" "$LV" >>"$WORK/lmanifest.tsv"
    if [ "$tdir" = x86_64-elf ]; then
      "$cc" -O1 -fPIE -c linked/src/main.c -o "$d/main.o"
      "$cc" -pie -o "$d/pie" "$d/main.o" "${objs[@]}" 2>"$WORK/ld.err" || { cat "$WORK/ld.err" >&2; return 1; }
      describe_bin "$d" pie "$nmtool"
      printf '%s\t%s\t%s\t%s\t%s\n' "$d/pie" pie "$tdir" "$list" "$LV" >>"$WORK/lmanifest.tsv"
      "$cc" -no-pie -o "$d/exe" "$d/main.o" "${objs[@]}" 2>"$WORK/ld.err" || { cat "$WORK/ld.err" >&2; return 1; }
      describe_bin "$d" exe "$nmtool"
      printf '%s\t%s\t%s\t%s\t%s\n' "$d/exe" exe "$tdir" "$list" "$LV" >>"$WORK/lmanifest.tsv"
    fi
  done
  {
    printf 'binary\tkind\ttarget\tcomponents\tllvm\n'
    sort -t$'\t' -k1,1 "$WORK/lmanifest.tsv"
  } >linked/MANIFEST.tsv
  echo "linked: $(($(wc -l <linked/MANIFEST.tsv) - 1)) binaries"
}

what="${1:-all}"
case "$what" in
  objects) gen_objects ;;
  linked) gen_linked ;;
  all) gen_objects; gen_linked ;;
  *) echo "usage: $0 [objects|linked|all]" >&2; exit 2 ;;
esac
