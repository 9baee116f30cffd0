#!/usr/bin/env bash
# run.sh ARCH EXE CAPTUREFILE
# Runs EXE (natively for x86_64, under qemu-user-static otherwise) with
# address space randomisation off (setarch -R), so that a rerun gives the
# same addresses. It writes CAPTUREFILE. Exits with the program's status.
set -euo pipefail
if [ $# -ne 3 ]; then
	echo "usage: $0 ARCH EXE CAPTUREFILE" >&2
	exit 2
fi
arch=$1 exe=$2 capfile=$3
norand=
if setarch -R true 2>/dev/null; then norand="setarch -R"; fi
case $arch in
x86_64)  exec $norand "$exe" "$capfile" ;;
aarch64) exec $norand qemu-aarch64-static -L /usr/aarch64-linux-gnu "$exe" "$capfile" ;;
ppc64le) exec $norand qemu-ppc64le-static -L /usr/powerpc64le-linux-gnu "$exe" "$capfile" ;;
ppc64)   exec $norand qemu-ppc64-static -L /usr/powerpc64-linux-gnu "$exe" "$capfile" ;;
s390x)   exec $norand qemu-s390x-static -L /usr/s390x-linux-gnu "$exe" "$capfile" ;;
riscv64) exec $norand qemu-riscv64-static -L /usr/riscv64-linux-gnu "$exe" "$capfile" ;;
*) echo "run.sh: unknown ARCH $arch" >&2; exit 2 ;;
esac
