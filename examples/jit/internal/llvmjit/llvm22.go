//go:build llvmjit && llvm22 && !llvm19

package llvmjit

// LLVM 22 from Debian's llvm-22-dev (the paths llvm-config-22 prints).
// Other installations: set CGO_CFLAGS and CGO_LDFLAGS instead.

// #cgo CFLAGS: -I/usr/lib/llvm-22/include -D_GNU_SOURCE
// #cgo LDFLAGS: -L/usr/lib/llvm-22/lib -lLLVM-22 -Wl,-rpath,/usr/lib/llvm-22/lib
import "C"

// Version is the major version of the LLVM this package is built against.
const Version = 22
