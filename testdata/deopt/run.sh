#!/bin/sh
# run.sh ARCH EXE CAPTUREFILE
# Runs EXE (natively for x86_64, under qemu-user-static otherwise), which
# writes CAPTUREFILE. Exits with the program's status.
set -eu
if [ $# -ne 3 ]; then
	echo "usage: $0 ARCH EXE CAPTUREFILE" >&2
	exit 2
fi
arch=$1 exe=$2 capfile=$3
case $arch in
x86_64)  exec "$exe" "$capfile" ;;
aarch64) exec qemu-aarch64-static -L /usr/aarch64-linux-gnu "$exe" "$capfile" ;;
ppc64le) exec qemu-ppc64le-static -L /usr/powerpc64le-linux-gnu "$exe" "$capfile" ;;
ppc64)   exec qemu-ppc64-static -L /usr/powerpc64-linux-gnu "$exe" "$capfile" ;;
*) echo "run.sh: unknown ARCH $arch" >&2; exit 2 ;;
esac
