// Package llvmjit JIT-compiles LLVM IR with MCJIT through LLVM's C API
// (cgo), keeps the .llvm_stackmaps and .eh_frame sections its memory
// manager is handed, decodes the stack maps in place into a jitrt.Module,
// and calls JIT'd code whose capture routine (stackmaps_jit_capture,
// capture_amd64.S) calls back into Go with the registers at the call site.
//
// With LLVM 19 and later it also compiles through ORC's LLJIT (ORC,
// ORCModule; orc.go): with RuntimeDyld, whose per-object memory manager
// callbacks receive the sections as MCJIT's do, or with JITLink, where an
// object transform copies each compiled object and the module is built
// from the copy and the function's JIT address. Each module is added under
// a resource tracker of its own and can be removed, which frees its code.
//
// It is built only with the llvmjit build tag (it needs LLVM's headers and
// library), and one LLVM version tag: none or llvm14 for LLVM 14, llvm19,
// llvm22 (llvm14.go, llvm19.go, llvm22.go hold the cgo flags). x86_64 Linux
// only.
package llvmjit
