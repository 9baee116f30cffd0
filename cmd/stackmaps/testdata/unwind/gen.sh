#!/usr/bin/env bash
# Regenerates cmd/stackmaps/testdata/unwind/: llvm-dwarfdump-22 --eh-frame
# of every checked-in testdata/walk executable, which TestDumpUnwind
# compares dump --unwind with (objects and linked binaries use
# testdata/cfi/golden, from testdata/cfi/gen.sh). Rerun after
# testdata/walk/build-all.sh.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
td="$(cd "$here/../../../../testdata" && pwd)"
rm -rf "$here/walk"
mkdir -p "$here/walk"
for d in "$td"/walk/captures/*/; do
	name="$(basename "$d")"
	llvm-dwarfdump-22 --eh-frame "$d/walk" | sed "s#^$d##" >"$here/walk/$name.ehframe.txt"
done
