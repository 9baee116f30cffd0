//go:build llvmjit && !llvm19 && !llvm22

package llvmjit

// LLVM 14 from Debian's llvm-14-dev (the paths llvm-config-14 prints).
// Other installations: set CGO_CFLAGS and CGO_LDFLAGS instead.

// #cgo CFLAGS: -I/usr/lib/llvm-14/include -D_GNU_SOURCE
// #cgo LDFLAGS: -L/usr/lib/llvm-14/lib -lLLVM-14 -Wl,-rpath,/usr/lib/llvm-14/lib
import "C"

// Version is the major version of the LLVM this package is built against.
const Version = 14
