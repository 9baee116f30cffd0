#!/usr/bin/env bash
# Writes <name>.eh-frame.txt beside every Mach-O object here that has an
# __eh_frame: llvm-dwarfdump --eh-frame, run in the object's directory (so
# the file name line is just the object's name). unwind's
# TestRowsEqualDwarfdump compares its rows with them. The views print the
# unrelocated pc_begin fields (an arm64 object's FDEs all "start" at
# __eh_frame's own address); the rows are compared per FDE, by distance
# from the function's start.
#
# LLVM_DWARFDUMP picks the tool (llvm-dwarfdump-22 by default, which
# wrote the views checked in).
set -euo pipefail
cd "$(dirname "$0")"
tool=${LLVM_DWARFDUMP:-llvm-dwarfdump-22}
for o in llvm*/*-macho/*.o; do
	out=$("$tool" --eh-frame "$o")
	grep -q ' FDE ' <<<"$out" || continue
	(cd "$(dirname "$o")" && "$tool" --eh-frame "$(basename "$o")") >"${o%.o}.eh-frame.txt"
done
