//go:build llvmjit && llvm19

package llvmjit

// LLVM 19 from Debian's llvm-19-dev (the paths llvm-config-19 prints).
// Other installations: set CGO_CFLAGS and CGO_LDFLAGS instead.

// #cgo CFLAGS: -I/usr/lib/llvm-19/include -D_GNU_SOURCE
// #cgo LDFLAGS: -L/usr/lib/llvm-19/lib -lLLVM-19 -Wl,-rpath,/usr/lib/llvm-19/lib
import "C"

// Version is the major version of the LLVM this package is built against.
const Version = 19
