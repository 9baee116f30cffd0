//go:build llvmjit && (llvm19 || llvm22)

package main

import (
	"fmt"

	"github.com/stackmaps/stackmaps/examples/jit/internal/llvmjit"
)

// runORCDemo runs the ORC workload with the named linker and prints its
// report.
func runORCDemo(linker string, modules int) error {
	var l llvmjit.Linker
	switch linker {
	case "rtdyld":
		l = llvmjit.RTDyld
	case "jitlink":
		l = llvmjit.JITLink
	default:
		return fmt.Errorf("-orc %q: want rtdyld or jitlink", linker)
	}
	if modules < 1 {
		return fmt.Errorf("-modules %d: want at least 1", modules)
	}
	rep, err := RunORC(ORCConfig{Linker: l, Modules: modules, Depth: 4, MinChurn: 5})
	if err != nil {
		return err
	}
	fmt.Printf("LLVM %d, LLJIT with %v: %d modules compiled in %v\n", llvmjit.Version, l, rep.Modules, rep.Compile.Round(1e6))
	fmt.Printf("%d rounds of calls: %d calls, %d walks, %d JIT'd frames, %d values rebuilt and compared in %v\n",
		rep.Rounds, rep.Calls, rep.Walks, rep.Frames, rep.Values, rep.Call.Round(1e6))
	fmt.Printf("meanwhile another goroutine added and removed %d modules; it called each module it added and walked it (in all %d walks, %d frames, %d values; %d modules with code where a removed module's had been)\n",
		rep.Churned, rep.ChurnWalks, rep.ChurnFrames, rep.ChurnValues, rep.Reused)
	fmt.Printf("after removing every module: %d in the set, %d RuntimeDyld objects mapped\n", rep.SetAfter, rep.LiveAfter)
	for _, m := range rep.Mismatches {
		fmt.Println("MISMATCH:", m)
	}
	if len(rep.Mismatches) > 0 {
		return fmt.Errorf("%d mismatches", len(rep.Mismatches))
	}
	fmt.Println("every value matches what Go computes")
	return nil
}
