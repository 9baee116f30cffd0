#!/usr/bin/env bash
# build.sh ARCH PIE MODE CRASH OUTDIR
#   ARCH    x86_64 | aarch64 | ppc64le | ppc64 | s390x | riscv64
#   PIE     pie | nopie
#   MODE    statepoint | patchpoint (statepoint: x86_64, aarch64)
#   CRASH   abort | segv | sigsegv | sigusr1 | push (x86_64) | first (x86_64, aarch64) | ucontext
#   OUTDIR  directory for the executable OUTDIR/core-prog (objects deleted)
# Builds testdata/walk's frames (its .ll files, frames.h and the trampoline
# template of testdata/capture) with core.c as the driver. Prints nothing on
# success. Environment: LLC (default llc-22).
set -euo pipefail
if [ $# -ne 5 ]; then
	echo "usage: $0 ARCH pie|nopie statepoint|patchpoint abort|segv|sigsegv|sigusr1|push|first|ucontext OUTDIR" >&2
	exit 2
fi
arch=$1 pie=$2 mode=$3 crash=$4 out=$5
here=$(cd "$(dirname "$0")" && pwd)
walk=$here/../walk
capdir=$here/../capture
llc=${LLC:-llc-22}
llcarch=
case $arch in
x86_64)  triple=x86_64-unknown-linux-gnu;      cc=gcc;                       objcopy=objcopy ;;
aarch64) triple=aarch64-unknown-linux-gnu;     cc=aarch64-linux-gnu-gcc;     objcopy=aarch64-linux-gnu-objcopy ;;
ppc64le) triple=powerpc64le-unknown-linux-gnu; cc=powerpc64le-linux-gnu-gcc; objcopy=powerpc64le-linux-gnu-objcopy ;;
ppc64)   triple=powerpc64-unknown-linux-gnu;   cc=powerpc64-linux-gnu-gcc;   objcopy=powerpc64-linux-gnu-objcopy ;;
s390x)   triple=s390x-unknown-linux-gnu;       cc=s390x-linux-gnu-gcc;       objcopy=s390x-linux-gnu-objcopy ;;
# Debian's riscv64 userland is rv64gc/lp64d; llc's default is rv64i/lp64.
riscv64) triple=riscv64-unknown-linux-gnu;     cc=riscv64-linux-gnu-gcc;     objcopy=riscv64-linux-gnu-objcopy
         llcarch="-mattr=+m,+a,+f,+d,+c -target-abi=lp64d" ;;
*) echo "build.sh: unknown ARCH $arch" >&2; exit 2 ;;
esac
capture=capture-$arch.S
case $arch in ppc64le) capture=capture-ppc64.S ;; esac
case $pie in
pie)   relmodel=pic;    ccpie=-fPIE;    ldpie=-pie;    piedef=1 ;;
nopie) relmodel=static; ccpie=-fno-pie; ldpie=-no-pie; piedef=0 ;;
*) echo "build.sh: PIE must be pie or nopie" >&2; exit 2 ;;
esac
case $mode in
statepoint) ir=walk_statepoint.ll; spdef=1; llcmode=-use-registers-for-deopt-values ;;
patchpoint) ir=walk_patchpoint.ll; spdef=0; llcmode= ;;
*) echo "build.sh: MODE must be statepoint or patchpoint" >&2; exit 2 ;;
esac
case $crash in
abort)   crashdef=1 ;;
segv)    crashdef=2 ;;
sigsegv) crashdef=3 ;;
sigusr1) crashdef=4 ;;
push)    crashdef=5 ;;
first)   crashdef=6 ;;
ucontext) crashdef=7 ;;
*) echo "build.sh: CRASH must be abort, segv, sigsegv, sigusr1, push, first or ucontext" >&2; exit 2 ;;
esac
mkdir -p "$out"
# shellcheck disable=SC2086
$llc -O2 -mtriple=$triple $llcarch -relocation-model=$relmodel $llcmode -filetype=obj "$walk/$ir" -o "$out/walk.o"
# walk_d's statepoint calls stackmaps_capture: make it call core_crash.
$objcopy --redefine-sym stackmaps_capture=core_crash "$out/walk.o"
$cc -O1 $ccpie -I"$capdir" -c "$capdir/$capture" -o "$out/capture.o"
# shellcheck disable=SC2086
$cc -O1 -g $ccpie -pthread -fasynchronous-unwind-tables -I"$walk" -I"$capdir" -DCORE_PIE=$piedef \
	-DCORE_STATEPOINT=$spdef -DCORE_CRASH=$crashdef -DCORE_LLC="\"$llc\"" -c "$here/core.c" -o "$out/core.o"
ldflags="-Wl,-z,max-page-size=4096"
if [ "$pie" = pie ]; then ldflags="$ldflags -Wl,-z,notext"; fi
# shellcheck disable=SC2086
$cc $ldpie $ldflags -pthread -o "$out/core-prog" "$out/core.o" "$out/capture.o" "$out/walk.o"
rm -f "$out"/*.o
