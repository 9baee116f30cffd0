#!/usr/bin/env bash
# A function with named locals, its stack map and llc-22's stack frame
# layout remark (stack-frame-layout), for x86_64 and aarch64: the inputs of
# stackmaps frame --layout.
#
#   testdata/framelayout/gen.sh      (needs clang-22, llc-22)
set -euo pipefail
cd "$(dirname "$0")"
clang-22 -g -O0 -S -emit-llvm -fdebug-prefix-map="$PWD"=. -target x86_64-unknown-linux-gnu -fno-discard-value-names layout.c -o layout.full.ll
# sm(p, q, n) becomes the stackmap call; the declaration follows.
sed -e 's/call void @sm(\(ptr noundef [^,]*\), \(ptr noundef [^,]*\), \(i64 noundef [^)]*\))/call void (i64, i32, ...) @llvm.experimental.stackmap(i64 1, i32 0, \1, \2, \3)/' \
    -e 's/^declare void @sm(.*$/declare void @llvm.experimental.stackmap(i64, i32, ...)/' \
    -e '/^target datalayout/d' -e '/^target triple/d' layout.full.ll >layout.ll
rm layout.full.ll
for t in x86_64:x86_64-unknown-linux-gnu aarch64:aarch64-unknown-linux-gnu; do
  arch=${t%%:*} triple=${t#*:}
  llc-22 -O0 -filetype=obj -mtriple="$triple" layout.ll -o "layout-$arch.o" \
    -pass-remarks-analysis=stack-frame-layout -pass-remarks-output="layout-$arch.yaml" 2>/dev/null
done
