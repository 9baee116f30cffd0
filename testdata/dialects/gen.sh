#!/bin/sh
# Rewrites the sections in this directory: stack map sections in the
# layouts other projects wrote under LLVM's version bytes, made by the
# generator in stackmap/dialect_gen_test.go from the layouts in their
# emitters' and parsers' sources (stackmap/FORMAT.md, "Dialects", cites
# each). TestDialectSamples checks them against the generator and the
# detector.
set -eu
cd "$(dirname "$0")/../.."
STACKMAPS_WRITE_DIALECTS=1 go test -count=1 -run '^TestDialectSamples$' ./stackmap
