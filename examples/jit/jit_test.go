package main

// This file builds without cgo and without LLVM: TestJIT finds each LLVM
// development package, builds the in-process test (inprocess_test.go,
// build tags llvmjit and llvmN) against it and runs it, once with and once
// without -use-registers-for-deopt-values (an LLVM option is process-wide,
// so each mode is its own process).

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/stackmaps/stackmaps/internal/testenv"
)

// llvmVersions are the LLVM versions the example builds against (llvm14.go,
// llvm19.go, llvm22.go).
var llvmVersions = []int{14, 19, 22}

// needLLVMDev skips (or fails, under STACKMAPS_REQUIRE_TOOLS=1) when the
// llvm-N-dev package is missing: llvm-config-N, the C API headers and
// libLLVM-N.
func needLLVMDev(t *testing.T, v int) {
	t.Helper()
	if runtime.GOOS != "linux" || runtime.GOARCH != "amd64" {
		testenv.Missing(t, "the JIT example's capture routine is x86_64 Linux only")
	}
	cfg := fmt.Sprintf("llvm-config-%d", v)
	testenv.Need(t, cfg)
	out, err := exec.Command(cfg, "--includedir", "--libdir").Output()
	if err != nil {
		testenv.Missing(t, fmt.Sprintf("%s failed: %v", cfg, err))
	}
	dirs := strings.Fields(string(out))
	if len(dirs) != 2 {
		testenv.Missing(t, fmt.Sprintf("%s --includedir --libdir printed %q", cfg, out))
	}
	for _, f := range []string{
		filepath.Join(dirs[0], "llvm-c", "ExecutionEngine.h"),
		filepath.Join(dirs[1], fmt.Sprintf("libLLVM-%d.so", v)),
	} {
		if _, err := os.Stat(f); err != nil {
			testenv.Missing(t, fmt.Sprintf("%s is missing (apt-get install llvm-%d-dev)", f, v))
		}
	}
	if _, err := exec.LookPath("gcc"); err != nil {
		testenv.Missing(t, "gcc is not on PATH (cgo needs a C compiler)")
	}
}

var mismatchLine = regexp.MustCompile(`(\d+) values rebuilt in 2 frames, 0 mismatches`)

// orcVersions are the LLVM versions the ORC workload runs on (LLJIT with
// both linkers; the C API the example uses is LLVM 19's and later).
var orcVersions = []int{19, 22}

// testBinaries caches the in-process test binary built per LLVM version,
// shared by TestJIT and TestORC.
var testBinaries = struct {
	sync.Mutex
	dir  string
	bins map[int]string
}{bins: map[int]string{}}

func TestMain(m *testing.M) {
	code := m.Run()
	if testBinaries.dir != "" {
		os.RemoveAll(testBinaries.dir)
	}
	os.Exit(code)
}

// inProcessBinary builds the in-process tests with the llvmjit and llvmN
// tags (once per version) and returns the binary.
func inProcessBinary(t *testing.T, v int) string {
	t.Helper()
	needLLVMDev(t, v)
	testBinaries.Lock()
	defer testBinaries.Unlock()
	if bin, ok := testBinaries.bins[v]; ok {
		return bin
	}
	if testBinaries.dir == "" {
		dir, err := os.MkdirTemp("", "stackmaps-jit-")
		if err != nil {
			t.Fatal(err)
		}
		testBinaries.dir = dir
	}
	bin := filepath.Join(testBinaries.dir, fmt.Sprintf("jit-llvm%d.test", v))
	goTool, err := exec.LookPath("go") // go test puts its own GOROOT/bin first on PATH
	if err != nil {
		testenv.Missing(t, "the go command is not on PATH")
	}
	build := exec.Command(goTool, "test", "-c", "-tags", fmt.Sprintf("llvmjit,llvm%d", v), "-o", bin, ".")
	build.Env = append(os.Environ(), "CGO_ENABLED=1")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("%s: %v\n%s", strings.Join(build.Args, " "), err, out)
	}
	testBinaries.bins[v] = bin
	return bin
}

// TestJIT runs the in-process JIT proof for each LLVM version: subtests
// JIT/llvm14, JIT/llvm19, JIT/llvm22, each in both deopt modes (mem:
// deopt values spilled; reg: -use-registers-for-deopt-values).
func TestJIT(t *testing.T) {
	for _, v := range llvmVersions {
		t.Run(fmt.Sprintf("llvm%d", v), func(t *testing.T) {
			bin := inProcessBinary(t, v)
			for _, mode := range []string{"mem", "reg"} {
				t.Run(mode, func(t *testing.T) {
					run := exec.Command(bin, "-test.run", "^TestInProcess$", "-test.v", "-test.count=1")
					run.Env = os.Environ()
					if mode == "reg" {
						run.Env = append(run.Env, "STACKMAPS_JIT_REGDEOPT=1")
					}
					out, err := run.CombinedOutput()
					t.Logf("%s\n%s", mode, out)
					if err != nil {
						t.Fatalf("in-process test with LLVM %d (%s): %v", v, mode, err)
					}
					// 2 entries x (statepoint, patchpoint): 4 walks of two
					// frames each, every value matched.
					if n := len(mismatchLine.FindAll(out, -1)); n != 4 {
						t.Errorf("%d clean two-frame walks reported, want 4", n)
					}
				})
			}
		})
	}
}

var orcLine = regexp.MustCompile(`LLVM \d+ (rtdyld|jitlink): (\d+) modules compiled in [^;]*; (\d+) rounds of calls, (\d+) calls, (\d+) walks, (\d+) frames, (\d+) values rebuilt in [^,]*, (\d+) mismatches; (\d+) modules added and removed meanwhile \(their own calls: \d+ walks, \d+ frames, \d+ values; \d+ with code where a removed module's had been\); after removing all: (\d+) modules in the set, (\d+) RuntimeDyld objects mapped`)

var orcRegisters = regexp.MustCompile(`\d+ Register locations, (\d+) found in a callee's save slot`)

// orcShortModules is the ORC workload's size under -short (1,000
// otherwise).
const orcShortModules = 100

// orcClean reports whether a workload report line (orcLine's submatches)
// shows wantModules modules, every call walked through 5 frames with 10 values
// each, 0 mismatches, at least 20 modules added and removed meanwhile, and
// nothing left after the removal.
func orcClean(m [][]byte, wantModules int) bool {
	n := make([]int, len(m))
	for i := 2; i < len(m); i++ {
		n[i], _ = strconv.Atoi(string(m[i]))
	}
	modules, rounds, calls, walks, frames, values, bad, churned, left, mapped := n[2], n[3], n[4], n[5], n[6], n[7], n[8], n[9], n[10], n[11]
	return modules == wantModules && rounds >= 1 && calls == rounds*modules && walks == calls && frames == 5*calls &&
		values == 10*frames && bad == 0 && churned >= 20 && left == 0 && mapped == 0
}

// TestORC runs the ORC workload (TestORCInProcess, orc_test.go) for each
// LLVM version from 19 on: LLJIT with RuntimeDyld and with JITLink; 1,000
// modules (100 under -short) with deopt values spilled (mem), and 100
// with -use-registers-for-deopt-values (reg: outer frames' values in
// callee-saved registers, found in save slots of other modules' frames);
// every JIT'd frame walked and every value rebuilt while another goroutine
// adds and removes modules, then everything removed.
func TestORC(t *testing.T) {
	for _, v := range orcVersions {
		t.Run(fmt.Sprintf("llvm%d", v), func(t *testing.T) {
			bin := inProcessBinary(t, v)
			for _, mode := range []string{"mem", "reg"} {
				t.Run(mode, func(t *testing.T) {
					run := exec.Command(bin, "-test.run", "^TestORCInProcess$", "-test.v", "-test.count=1")
					run.Env = os.Environ()
					// The register mode (values in callee-saved registers,
					// found through other modules' CFI) runs the small
					// workload.
					modules := 1000
					if testing.Short() || mode == "reg" {
						modules = orcShortModules
						run.Env = append(run.Env, fmt.Sprintf("STACKMAPS_ORC_MODULES=%d", modules))
					}
					if mode == "reg" {
						run.Env = append(run.Env, "STACKMAPS_JIT_REGDEOPT=1")
					}
					out, err := run.CombinedOutput()
					t.Logf("\n%s", out)
					if err != nil {
						t.Fatalf("ORC workload with LLVM %d (%s): %v", v, mode, err)
					}
					found := map[string]bool{}
					for _, m := range orcLine.FindAllSubmatch(out, -1) {
						found[string(m[1])] = orcClean(m, modules)
					}
					saved := 0
					for _, m := range orcRegisters.FindAllSubmatch(out, -1) {
						if n, _ := strconv.Atoi(string(m[1])); n > 0 {
							saved++
						}
					}
					for _, l := range []string{"rtdyld", "jitlink"} {
						if !found[l] {
							t.Errorf("LLVM %d %s: no clean workload report (%d modules, 5 frames and 50 values a call, 0 mismatches, 20 modules added and removed meanwhile, all removed)", v, l, modules)
						}
					}
					if mode == "reg" && saved != 2 {
						t.Errorf("LLVM %d: %d of 2 linkers' runs found register values in callee save slots", v, saved)
					}
				})
			}
		})
	}
}
