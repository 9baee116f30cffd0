#!/usr/bin/env bash
# build.sh ARCH PIE MODE OUTDIR
#   ARCH    x86_64 | aarch64 | ppc64le | ppc64 | s390x | riscv64
#   PIE     pie | nopie
#   MODE    statepoint | patchpoint (statepoint: x86_64, aarch64, riscv64)
#   OUTDIR  directory for the objects and the executable OUTDIR/walk
# Prints nothing on success; exits non-zero on failure.
# Environment: LLC (default llc-22); WALK_LDFLAGS, extra link flags;
# WALK_PAC=1 (aarch64): return address signing everywhere (see below).
set -euo pipefail
if [ $# -ne 4 ]; then
	echo "usage: $0 ARCH pie|nopie statepoint|patchpoint OUTDIR" >&2
	exit 2
fi
arch=$1 pie=$2 mode=$3 out=$4
here=$(cd "$(dirname "$0")" && pwd)
capdir=$here/../capture # capture-ARCH.S and capture.h, shared with testdata/deopt
llc=${LLC:-llc-22}

llcarch=
case $arch in
x86_64)  triple=x86_64-unknown-linux-gnu;      cc=gcc;                        capture=capture-x86_64.S ;;
aarch64) triple=aarch64-unknown-linux-gnu;     cc=aarch64-linux-gnu-gcc;      capture=capture-aarch64.S ;;
ppc64le) triple=powerpc64le-unknown-linux-gnu; cc=powerpc64le-linux-gnu-gcc;  capture=capture-ppc64.S ;;
ppc64)   triple=powerpc64-unknown-linux-gnu;   cc=powerpc64-linux-gnu-gcc;    capture=capture-ppc64.S ;;
s390x)   triple=s390x-unknown-linux-gnu;       cc=s390x-linux-gnu-gcc;        capture=capture-s390x.S ;;
# Debian's riscv64 userland is rv64gc/lp64d; llc's default is rv64i/lp64.
riscv64) triple=riscv64-unknown-linux-gnu;     cc=riscv64-linux-gnu-gcc;      capture=capture-riscv64.S
         llcarch="-mattr=+m,+a,+f,+d,+c -target-abi=lp64d" ;;
*) echo "build.sh: unknown ARCH $arch" >&2; exit 2 ;;
esac
case $pie in
pie)   relmodel=pic;    ccpie=-fPIE;    ldpie=-pie;    piedef=1 ;;
nopie) relmodel=static; ccpie=-fno-pie; ldpie=-no-pie; piedef=0 ;;
*) echo "build.sh: PIE must be pie or nopie" >&2; exit 2 ;;
esac
case $mode in
statepoint)
	case $arch in x86_64|aarch64|riscv64) ;; *)
		echo "build.sh: llc crashes on gc.statepoint for $arch; use patchpoint" >&2; exit 2 ;;
	esac
	# Deopt values in callee-saved registers where llc can, not all spilled.
	ir=walk_statepoint.ll; spdef=1; llcmode=-use-registers-for-deopt-values ;;
patchpoint) ir=walk_patchpoint.ll; spdef=0; llcmode= ;;
*) echo "build.sh: MODE must be statepoint or patchpoint" >&2; exit 2 ;;
esac

mkdir -p "$out"
# WALK_PAC=1 (aarch64 only): return address signing in every function, as
# the pointer authentication of an arm64 distribution builds them: llc by
# the function attribute "sign-return-address"="all" added to every
# attribute group (paciasp, and the CFI's DW_CFA_AARCH64_negate_ra_state;
# llc-22 ignored the module flag of that name here), gcc by
# -mbranch-protection=pac-ret.
irfile=$here/$ir pacflags=
if [ "${WALK_PAC:-0}" = 1 ]; then
	if [ "$arch" != aarch64 ]; then
		echo "build.sh: WALK_PAC=1 is for aarch64" >&2
		exit 2
	fi
	irfile=$out/walk_pac.ll
	sed '/^attributes #/s/{ /{ "sign-return-address"="all" /' "$here/$ir" >"$irfile"
	pacflags=-mbranch-protection=pac-ret
fi
# shellcheck disable=SC2086
$llc -O2 -mtriple=$triple $llcarch -relocation-model=$relmodel $llcmode -filetype=obj \
	"$irfile" -o "$out/walk.o"
$cc -O1 $ccpie -I"$capdir" -c "$capdir/$capture" -o "$out/capture.o"
# -fasynchronous-unwind-tables: .eh_frame for main, so that a walker can
# unwind through it (the default of every gcc here but riscv64's).
# shellcheck disable=SC2086
$cc -O1 $ccpie $pacflags -fasynchronous-unwind-tables -I"$here" -I"$capdir" -DWALK_PIE=$piedef -DWALK_STATEPOINT=$spdef -DWALK_LLC="\"$llc\"" \
	-c "$here/driver.c" -o "$out/driver.o"
# .llvm_stackmaps is read-only but holds absolute addresses: a PIE needs
# text relocations in it; say so to keep ld quiet.
ldflags="-Wl,-z,max-page-size=4096"
if [ "$pie" = pie ]; then ldflags="$ldflags -Wl,-z,notext"; fi
# shellcheck disable=SC2086
$cc $ldpie $ldflags ${WALK_LDFLAGS:-} -o "$out/walk" "$out/driver.o" "$out/capture.o" "$out/walk.o"
