#!/usr/bin/env bash
# run.sh ARCH EXE CAPTUREFILE
# Runs EXE (natively for x86_64, under qemu-user-static otherwise), which
# writes CAPTUREFILE. For reproducible addresses it runs with address space
# randomisation off (setarch -R, when the kernel allows it), an empty
# environment, from EXE's directory, as ./NAME, so that the stack above main
# does not depend on the caller. Exits with the program's status.
set -euo pipefail
if [ $# -ne 3 ]; then
	echo "usage: $0 ARCH EXE CAPTUREFILE" >&2
	exit 2
fi
arch=$1 exe=$2 capfile=$3
case $capfile in /*) ;; *) capfile=$PWD/$capfile ;; esac
dir=$(cd "$(dirname "$exe")" && pwd)
prog=./$(basename "$exe")
norand=()
if setarch -R true 2>/dev/null; then norand=(setarch -R); fi
case $arch in
x86_64)  qemu=() ;;
aarch64) qemu=("$(command -v qemu-aarch64-static)" -L /usr/aarch64-linux-gnu) ;;
ppc64le) qemu=("$(command -v qemu-ppc64le-static)" -L /usr/powerpc64le-linux-gnu) ;;
ppc64)   qemu=("$(command -v qemu-ppc64-static)" -L /usr/powerpc64-linux-gnu) ;;
s390x)   qemu=("$(command -v qemu-s390x-static)" -L /usr/s390x-linux-gnu) ;;
riscv64) qemu=("$(command -v qemu-riscv64-static)" -L /usr/riscv64-linux-gnu) ;;
*) echo "run.sh: unknown ARCH $arch" >&2; exit 2 ;;
esac
cd "$dir"
# The program writes a fixed relative name, moved afterwards: the path is an
# argument, and a different length would move the stack.
rm -f .capture.tmp
status=0
env -i "${norand[@]}" "${qemu[@]}" "$prog" .capture.tmp || status=$?
if [ $status -eq 0 ]; then mv .capture.tmp "$capfile"; else rm -f .capture.tmp; fi
exit $status
