#!/bin/sh
# Rewrites kinds.json: what "stackmaps dump --format=json --pretty --raw"
# prints for llc-22's x86_64 kinds section, the input of the examples in
# "stackmaps build --help" (a test runs them: building it gives back the
# section byte for byte).
set -eu
cd "$(dirname "$0")/../.."
go run ./cmd/stackmaps dump --format=json --pretty --raw testdata/objects/llvm22/x86_64-elf/kinds.stackmaps.bin 2>/dev/null |
	sed 's|"file": ".*"|"file": "testdata/objects/llvm22/x86_64-elf/kinds.stackmaps.bin"|' >testdata/build/kinds.json
