// Package jitrt is the runtime half of the JIT example, in plain Go (no cgo,
// no LLVM): what a JIT or GC runtime keeps for each JIT-compiled module (its
// code range, its stack maps decoded in place and indexed, its .eh_frame),
// a registry that finds the module of a return address, the register file a
// capture routine saves, a reader of live stack memory bounded to the
// frames in use, and the walk that rebuilds every deopt value of every JIT'd
// frame on the stack.
//
// Package llvmjit (examples/jit/internal/llvmjit, built with the llvmjit tag)
// fills these from LLVM's MCJIT.
package jitrt
