#!/usr/bin/env bash
# Writes <image>.unwind-info.txt beside every linked Mach-O image here:
# llvm-objdump-22 --unwind-info, run in this directory (so the file name
# line is just the image's name). compactunwind's golden test asserts
# that every second-level entry it decodes (function offset, encoding)
# equals these.
set -euo pipefail
cd "$(dirname "$0")"
for img in arm64-macos11.dylib arm64-macos13 arm64-macos13.dylib x86_64-macos11.dylib; do
  llvm-objdump-22 --unwind-info "$img" > "$img.unwind-info.txt"
done
