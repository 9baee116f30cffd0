#!/usr/bin/env bash
# build-all.sh [OUTDIR [ARCH...]]
# Builds and runs every combination ARCH x {pie,nopie} x MODE, where MODE is
# statepoint and patchpoint on x86_64 and aarch64, patchpoint only on
# ppc64le, ppc64 and s390x (llc crashes on their statepoints), statepoint only
# on riscv64 (llc keeps a live value in ra across a patchpoint, whose call
# sequence overwrites ra: see README.md). OUTDIR
# (default: captures/ beside this script, the checked-in set) gets
# ARCH-PIE-MODE/walk (the executable), ARCH-PIE-MODE/capture.txt and
# ARCH-PIE-MODE/check.txt (check.py's summary); the intermediate objects are
# deleted. ARCH defaults to all six. Prints one line
# per combination; exits non-zero if any failed.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=${1:-$here/captures}
if [ $# -gt 0 ]; then shift; fi
archs=${*:-x86_64 aarch64 ppc64le ppc64 s390x riscv64}
python3 "$here/gen.py"
fail=0
for arch in $archs; do
	case $arch in
	x86_64|aarch64) modes="statepoint patchpoint" ;;
	riscv64) modes=statepoint ;;
	*) modes=patchpoint ;;
	esac
	for pie in pie nopie; do
		for mode in $modes; do
			d=$out/$arch-$pie-$mode
			rm -rf "$d"
			if ! "$here/build.sh" "$arch" "$pie" "$mode" "$d"; then
				echo "FAIL $arch $pie $mode: build"
				fail=1
				continue
			fi
			rm -f "$d"/*.o
			if ! "$here/run.sh" "$arch" "$d/walk" "$d/capture.txt"; then
				echo "FAIL $arch $pie $mode: run"
				fail=1
				continue
			fi
			if ! (cd "$d" && python3 "$here/check.py" walk capture.txt) >"$d/check.txt" 2>&1; then
				echo "FAIL $arch $pie $mode: check (see $d/check.txt)"
				fail=1
				continue
			fi
			echo "ok   $arch $pie $mode"
		done
	done
done
exit $fail
