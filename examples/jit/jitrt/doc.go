// Package jitrt is the runtime half of the JIT example, in plain Go (no cgo,
// no LLVM): what a JIT or GC runtime keeps for each JIT-compiled module (its
// code range, its stack maps decoded in place and indexed, its .eh_frame
// decoded by package cfi, and the stackwalk.Module built from them by
// hand), the register file a capture routine saves, a reader of live stack
// memory bounded to the frames in use, and a Walker that walks the JIT'd
// frames with package stackwalk and rebuilds every deopt value and GC
// pointer of each.
//
// Package llvmjit (examples/jit/internal/llvmjit, built with the llvmjit tag)
// fills these from LLVM's MCJIT.
package jitrt
