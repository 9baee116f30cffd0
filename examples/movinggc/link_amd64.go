package main

// The llc-compiled mutator for x86_64, both variants (ir/build.sh writes
// obj/; the test checks that they are what llc-22 makes of ir/movinggc.ll).

// #cgo LDFLAGS: ${SRCDIR}/obj/x86_64-stack-slots.o ${SRCDIR}/obj/x86_64-callee-saved.o
import "C"
