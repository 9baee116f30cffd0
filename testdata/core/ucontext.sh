#!/usr/bin/env bash
# ucontext.sh [ARCH...]
# Builds core.c with CRASH ucontext for each ARCH (default all six:
# statepoint on x86_64, aarch64 and riscv64, patchpoint on ppc64le, ppc64
# and s390x, all PIE) and runs it (../walk/run.sh: natively or under
# qemu-user-static, no address randomisation): its SIGSEGV handler writes
# its ucontext and the interrupted stack to the record. The checked-in
# result is ucontext/ARCH/core-prog and ucontext/ARCH/rec.txt, which
# stackwalk's TestWalkFromUcontext walks. Prints one line per ARCH.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
archs=${*:-x86_64 aarch64 ppc64le ppc64 s390x riscv64}
for arch in $archs; do
	case $arch in
	x86_64|aarch64|riscv64) mode=statepoint ;;
	*) mode=patchpoint ;;
	esac
	d=$here/ucontext/$arch
	rm -rf "$d"
	"$here/build.sh" "$arch" pie "$mode" ucontext "$d"
	"$here/../walk/run.sh" "$arch" "$d/core-prog" "$d/rec.txt"
	echo "ok   $arch $mode"
done
