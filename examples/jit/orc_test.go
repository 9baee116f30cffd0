//go:build llvmjit && (llvm19 || llvm22)

package main

import (
	"os"
	"strconv"
	"testing"

	"github.com/stackmaps/stackmaps/examples/jit/internal/llvmjit"
)

// orcModules is the size of the ORC workload: modules of one function
// each.
const orcModules = 1000

// orcModulesEnv, when set, overrides orcModules for TestORCInProcess
// (TestORC sets it to orcShortModules under -short).
const orcModulesEnv = "STACKMAPS_ORC_MODULES"

// orcTestModules is the number of modules TestORCInProcess uses.
func orcTestModules(t *testing.T) int {
	v := os.Getenv(orcModulesEnv)
	if v == "" {
		return orcModules
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 {
		t.Fatalf("%s=%q: want a positive number", orcModulesEnv, v)
	}
	return n
}

// orcMinChurn is how many modules the other goroutine must have added and
// removed while the calls ran (more rounds of calls are made until then).
const orcMinChurn = 20

// TestORCInProcess runs the ORC workload (RunORC) with each linker: 1,000
// modules (or $STACKMAPS_ORC_MODULES) added through LLJIT (compiled with
// -use-registers-for-deopt-values when $STACKMAPS_JIT_REGDEOPT is 1), a
// call into each that goes through 5 JIT'd frames of 5 modules, every
// frame walked and every deopt value and GC pointer rebuilt and compared
// while another goroutine adds and removes modules, then every module
// removed. TestORC (jit_test.go) runs it per LLVM version.
func TestORCInProcess(t *testing.T) {
	regDeopt := os.Getenv(regDeoptEnv) == "1"
	var args []string
	if regDeopt {
		args = append(args, "-use-registers-for-deopt-values")
	}
	if err := llvmjit.Init(args...); err != nil {
		t.Fatal(err)
	}
	modules := orcTestModules(t)
	for _, l := range []llvmjit.Linker{llvmjit.RTDyld, llvmjit.JITLink} {
		t.Run(l.String(), func(t *testing.T) {
			rep, err := RunORC(ORCConfig{Linker: l, Modules: modules, Depth: 4, MinChurn: orcMinChurn})
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range rep.Mismatches {
				t.Error(m)
			}
			t.Logf("LLVM %d %v: %d modules compiled in %v; %d rounds of calls, %d calls, %d walks, %d frames, %d values rebuilt in %v, %d mismatches; %d modules added and removed meanwhile (their own calls: %d walks, %d frames, %d values; %d with code where a removed module's had been); after removing all: %d modules in the set, %d RuntimeDyld objects mapped; %d Register locations, %d found in a callee's save slot",
				llvmjit.Version, l, rep.Modules, rep.Compile.Round(1e6), rep.Rounds, rep.Calls, rep.Walks, rep.Frames, rep.Values, rep.Call.Round(1e6),
				len(rep.Mismatches), rep.Churned, rep.ChurnWalks, rep.ChurnFrames, rep.ChurnValues, rep.Reused, rep.SetAfter, rep.LiveAfter, rep.Registers, rep.SavedHomes)
			if rep.Calls != rep.Rounds*modules || rep.Walks != rep.Calls || rep.Frames != 5*rep.Calls {
				t.Errorf("%d rounds: %d calls, %d walks, %d frames; want %d modules called per round, one walk of 5 frames per call", rep.Rounds, rep.Calls, rep.Walks, rep.Frames, modules)
			}
			// 6 deopt values and 2 GC pairs (4 pointers) per frame.
			if want := 10 * rep.Frames; rep.Values != want {
				t.Errorf("%d values compared, want %d", rep.Values, want)
			}
			if rep.ChurnWalks < rep.Churned || rep.ChurnFrames != 2*rep.ChurnWalks || rep.ChurnValues != 10*rep.ChurnFrames {
				t.Errorf("other goroutine: %d walks, %d frames, %d values for %d modules; want a walk of 2 frames and 20 values each", rep.ChurnWalks, rep.ChurnFrames, rep.ChurnValues, rep.Churned)
			}
			if regDeopt && (rep.Registers == 0 || rep.SavedHomes == 0) {
				t.Errorf("-use-registers-for-deopt-values: %d Register locations, %d of them found in a callee's save slot; want some of each", rep.Registers, rep.SavedHomes)
			}
			if rep.Churned < orcMinChurn {
				t.Errorf("%d modules added and removed during the calls, want %d", rep.Churned, orcMinChurn)
			}
			if rep.SetAfter != 0 || rep.LiveAfter != 0 {
				t.Errorf("after removing every module: %d in the set, %d RuntimeDyld objects still mapped", rep.SetAfter, rep.LiveAfter)
			}
		})
	}
}
