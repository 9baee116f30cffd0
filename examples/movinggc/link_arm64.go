package main

// The llc-compiled mutator for AArch64, both variants (ir/build.sh writes
// obj/; the test checks that they are what llc-22 makes of ir/movinggc.ll).

// #cgo LDFLAGS: ${SRCDIR}/obj/aarch64-stack-slots.o ${SRCDIR}/obj/aarch64-callee-saved.o
import "C"
