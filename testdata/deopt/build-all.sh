#!/bin/sh
# build-all.sh OUTDIR [ARCH...]
# Builds and runs every combination ARCH x {pie,nopie} x {reg,mem} (ARCH
# defaults to x86_64 aarch64 ppc64le ppc64). For each, OUTDIR/ARCH-PIE-REGDEOPT/
# gets the objects, the executable "deopt" and the capture file "capture.txt",
# and verify.py checks the capture against the executable's stack maps.
# Prints one line per combination; exits non-zero if any failed.
set -u
if [ $# -lt 1 ]; then
	echo "usage: $0 OUTDIR [ARCH...]" >&2
	exit 2
fi
out=$1
shift
here=$(cd "$(dirname "$0")" && pwd)
archs=${*:-x86_64 aarch64 ppc64le ppc64}
fail=0
for arch in $archs; do
	for pie in pie nopie; do
		for reg in reg mem; do
			d=$out/$arch-$pie-$reg
			if ! "$here/build.sh" "$arch" "$pie" "$reg" "$d"; then
				echo "FAIL $arch $pie $reg: build"
				fail=1
				continue
			fi
			if ! "$here/run.sh" "$arch" "$d/deopt" "$d/capture.txt"; then
				echo "FAIL $arch $pie $reg: run"
				fail=1
				continue
			fi
			if ! python3 "$here/verify.py" "$d/deopt" "$d/capture.txt" >"$d/verify.txt" 2>&1; then
				echo "FAIL $arch $pie $reg: verify (see $d/verify.txt)"
				fail=1
				continue
			fi
			echo "ok   $arch $pie $reg"
		done
	done
done
exit $fail
