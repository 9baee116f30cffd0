#!/usr/bin/env bash
# build.sh MODE OUTDIR
#   MODE    statepoint | patchpoint
#   OUTDIR  directory for the objects and the executable OUTDIR/live
# Builds the live-process test program for the machine's own architecture
# (a live walk uses ptrace, which qemu-user does not offer): the llc-compiled
# frames of testdata/walk, the capture routine of testdata/capture and
# live.c, a PIE. Prints nothing on success; exits non-zero on failure.
# Environment: LLC (default llc-22), CC (default gcc).
set -euo pipefail
if [ $# -ne 2 ]; then
	echo "usage: $0 statepoint|patchpoint OUTDIR" >&2
	exit 2
fi
mode=$1 out=$2
here=$(cd "$(dirname "$0")" && pwd)
walk=$here/../walk
capdir=$here/../capture
llc=${LLC:-llc-22}
cc=${CC:-gcc}
llcarch=
case $(uname -m) in
x86_64)  triple=x86_64-unknown-linux-gnu;      capture=capture-x86_64.S ;;
aarch64) triple=aarch64-unknown-linux-gnu;     capture=capture-aarch64.S ;;
ppc64le) triple=powerpc64le-unknown-linux-gnu; capture=capture-ppc64.S ;;
s390x)   triple=s390x-unknown-linux-gnu;       capture=capture-s390x.S ;;
riscv64) triple=riscv64-unknown-linux-gnu;     capture=capture-riscv64.S
         llcarch="-mattr=+m,+a,+f,+d,+c -target-abi=lp64d" ;;
*) echo "build.sh: no live test program for $(uname -m)" >&2; exit 2 ;;
esac
case $mode in
statepoint) ir=walk_statepoint.ll; spdef=1; llcmode=-use-registers-for-deopt-values ;;
patchpoint) ir=walk_patchpoint.ll; spdef=0; llcmode= ;;
*) echo "build.sh: MODE must be statepoint or patchpoint" >&2; exit 2 ;;
esac
mkdir -p "$out"
# shellcheck disable=SC2086
$llc -O2 -mtriple=$triple $llcarch -relocation-model=pic $llcmode -filetype=obj "$walk/$ir" -o "$out/walk.o"
$cc -O1 -fPIE -I"$capdir" -c "$capdir/$capture" -o "$out/capture.o"
$cc -O1 -fPIE -fasynchronous-unwind-tables -pthread -I"$walk" -I"$capdir" -DWALK_PIE=1 \
	-DWALK_STATEPOINT=$spdef -DWALK_LLC="\"$llc\"" -c "$here/live.c" -o "$out/live.o"
# .llvm_stackmaps holds absolute addresses: a PIE needs text relocations in it.
$cc -pie -pthread -Wl,-z,max-page-size=4096 -Wl,-z,notext -o "$out/live" "$out/live.o" "$out/capture.o" "$out/walk.o"
