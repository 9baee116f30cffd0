#!/bin/sh
# Inputs of the relocation tests (elfsection) that the shared test data
# (testdata/objects, testdata/linked) does not give:
#   ppc64-elf/libstackmaps.so.synthetic.nm.txt
#       GNU nm --synthetic of the checked-in ppc64 ELFv1 shared library: it
#       lists the dot-symbols (.la_global) GNU tools derive from the .opd
#       descriptors, at the functions' code entry addresses.
# Run from anywhere; needs powerpc64-linux-gnu-nm (binutils-powerpc64-linux-gnu).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
linked="$here/../linked"
powerpc64-linux-gnu-nm --synthetic "$linked/ppc64-elf/libstackmaps.so" \
	| grep ' [TtWw] \.' > "$here/ppc64-elf/libstackmaps.so.synthetic.nm.txt"
