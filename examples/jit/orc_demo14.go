//go:build llvmjit && !llvm19 && !llvm22

package main

import "errors"

// runORCDemo: the ORC path needs LLVM 19 or later.
func runORCDemo(string, int) error {
	return errors.New("-orc needs LLVM 19 or later: build with -tags llvmjit,llvm19 or llvmjit,llvm22")
}
