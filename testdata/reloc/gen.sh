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

# local/<target>.o: local.ll (global and internal functions) compiled by
# llc-22 for the object formats whose checked-in objects have no local
# functions.
mkdir -p "$here/local"
for t in x86_64-apple-macosx:x86_64-macho arm64-apple-macosx:arm64-macho \
	x86_64-windows-msvc:x86_64-coff riscv64-linux-gnu:riscv64-elf \
	s390x-linux-gnu:s390x-elf; do
	triple=${t%%:*} name=${t##*:}
	flags=""
	[ "$name" = riscv64-elf ] && flags="-mattr=+relax"
	llc-22 -mtriple="$triple" $flags -filetype=obj "$here/local.ll" -o "$here/local/$name.o"
done
