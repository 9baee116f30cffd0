#!/bin/sh
# build.sh ARCH PIE REGDEOPT OUTDIR
#   ARCH      x86_64 | aarch64 | ppc64le | ppc64
#   PIE       pie | nopie
#   REGDEOPT  reg | mem   (llc -use-registers-for-deopt-values or not)
#   OUTDIR    directory for the objects and the executable OUTDIR/deopt
# Prints nothing on success; exits non-zero on failure.
# Environment: LLC (default llc-14); DEOPT_LDFLAGS, extra link flags (the
# golden files use -Wl,-z,max-page-size=4096 to keep cross executables small).
set -eu
if [ $# -ne 4 ]; then
	echo "usage: $0 ARCH pie|nopie reg|mem OUTDIR" >&2
	exit 2
fi
arch=$1 pie=$2 regdeopt=$3 out=$4
here=$(cd "$(dirname "$0")" && pwd)
capdir=$here/../capture # capture-ARCH.S and capture.h, shared with testdata/walk
llc=${LLC:-llc-14}

statepoint=1
case $arch in
x86_64)  triple=x86_64-unknown-linux-gnu;      cc=gcc;                        capture=capture-x86_64.S ;;
aarch64) triple=aarch64-unknown-linux-gnu;     cc=aarch64-linux-gnu-gcc;      capture=capture-aarch64.S ;;
ppc64le) triple=powerpc64le-unknown-linux-gnu; cc=powerpc64le-linux-gnu-gcc;  capture=capture-ppc64.S; statepoint=0 ;;
ppc64)   triple=powerpc64-unknown-linux-gnu;   cc=powerpc64-linux-gnu-gcc;    capture=capture-ppc64.S; statepoint=0 ;;
*) echo "build.sh: unknown ARCH $arch" >&2; exit 2 ;;
esac
case $pie in
pie)   relmodel=pic;    ccpie=-fPIE;    ldpie=-pie;    piedef=1 ;;
nopie) relmodel=static; ccpie=-fno-pie; ldpie=-no-pie; piedef=0 ;;
*) echo "build.sh: PIE must be pie or nopie" >&2; exit 2 ;;
esac
case $regdeopt in
reg) llcflags=-use-registers-for-deopt-values; regdef=1 ;;
mem) llcflags=;                                 regdef=0 ;;
*) echo "build.sh: REGDEOPT must be reg or mem" >&2; exit 2 ;;
esac

mkdir -p "$out"
objs=
if [ $statepoint = 1 ]; then
	$llc -O2 -mtriple=$triple -relocation-model=$relmodel $llcflags -filetype=obj \
		"$here/statepoint.ll" -o "$out/statepoint.o"
	objs="$out/statepoint.o"
fi
$llc -O2 -mtriple=$triple -relocation-model=$relmodel $llcflags -filetype=obj \
	"$here/patchpoint.ll" -o "$out/patchpoint.o"
objs="$objs $out/patchpoint.o"
$cc -O1 $ccpie -I"$capdir" -c "$capdir/$capture" -o "$out/capture.o"
$cc -O1 $ccpie -I"$here" -I"$capdir" -DDEOPT_PIE=$piedef -DDEOPT_REGDEOPT=$regdef \
	-c "$here/driver.c" -o "$out/driver.o"
# The .llvm_stackmaps section holds absolute addresses in a read-only
# section, so a PIE needs text relocations; say so to keep ld quiet.
ldflags=
if [ $pie = pie ]; then ldflags=-Wl,-z,notext; fi
$cc $ldpie $ldflags ${DEOPT_LDFLAGS:-} -o "$out/deopt" "$out/driver.o" "$out/capture.o" $objs
