package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stackmaps/stackmaps/internal/testenv"
)

// childEnv marks a test binary run by TestMovingGC for another
// architecture (under qemu): it runs its own architecture only.
const childEnv = "MOVINGGC_CROSS_CHILD"

// crossTools are what building and running another architecture's test
// binary needs.
var crossTools = map[string]struct{ goarch, cc, qemu, sysroot string }{
	"x86_64":  {"amd64", "x86_64-linux-gnu-gcc", "qemu-x86_64-static", "/usr/x86_64-linux-gnu"},
	"aarch64": {"arm64", "aarch64-linux-gnu-gcc", "qemu-aarch64-static", "/usr/aarch64-linux-gnu"},
}

// seeds are the mutator's inputs; wantChecksum pins the model.
var (
	seeds        = []uint64{0x1234, 7}
	wantChecksum = map[uint64]uint64{0x1234: 0xe3741, 7: Checksum(7)}
)

// Per collection: frames mgc_c (ID 3), mgc_b (ID 2), mgc_entry (ID 1),
// innermost first; llc records one (base, derived) pair per gc-live value:
// 2 + 4 + 2.
const (
	collections     = 12
	pairsPerCollect = 8
)

// TestMovingGC runs the mutator of each variant natively, collecting at
// each of its 12 safepoints, and each other architecture's test binary
// under qemu: MovingGC/x86_64/stack-slots, MovingGC/aarch64/callee-saved...
func TestMovingGC(t *testing.T) {
	native, err := nativeArch()
	if err != nil {
		testenv.Missing(t, err.Error())
	}
	for _, arch := range []string{"x86_64", "aarch64"} {
		t.Run(arch, func(t *testing.T) {
			if arch == native.name {
				for _, v := range Variants {
					t.Run(v, func(t *testing.T) { testVariant(t, v) })
				}
				return
			}
			if os.Getenv(childEnv) != "" {
				t.Skipf("%s runs in the parent test process, not in this %s child", arch, native.name)
			}
			testCross(t, arch)
		})
	}
}

// testVariant runs one variant in process and checks what it did.
func testVariant(t *testing.T, variant string) {
	for _, seed := range seeds {
		lines := 0
		logf := func(f string, args ...any) {
			// The first collection of the first seed, frame by frame.
			if lines < 24 && seed == seeds[0] {
				t.Logf(f, args...)
				lines++
			}
		}
		r, err := Run(variant, seed, logf)
		if err != nil {
			t.Fatalf("seed %#x: %v", seed, err)
		}
		s := r.Stats
		t.Logf("seed %#x: checksum %#x, %d collections, %d frames, %d pairs, %d words written (%d stack slots, %d save slots, %d captured registers), %d objects copied, %d bytes freed",
			seed, r.Checksum, s.Collections, s.Frames, s.Roots, s.Writes, s.Homes[HomeStackSlot], s.Homes[HomeSaveSlot], s.Homes[HomeCaptured], s.Copied, s.Freed)
		if want := Checksum(seed); r.Checksum != want || r.Checksum != wantChecksum[seed] {
			t.Errorf("seed %#x: checksum %#x, model %#x, pinned %#x", seed, r.Checksum, want, wantChecksum[seed])
		}
		if r.PoisonReads != 0 || r.Checksum == poison {
			t.Errorf("seed %#x: the mutator read the poison pattern %d times", seed, r.PoisonReads)
		}
		if s.Collections != collections || len(s.Walks) != collections {
			t.Errorf("seed %#x: %d collections (%d walks), want %d", seed, s.Collections, len(s.Walks), collections)
		}
		for i, w := range s.Walks {
			if !slices.Equal(w, []uint64{3, 2, 1}) {
				t.Errorf("seed %#x: collection %d walked statepoints %v, want [3 2 1]", seed, i+1, w)
			}
		}
		if s.Frames != 3*collections || s.Roots != pairsPerCollect*collections {
			t.Errorf("seed %#x: %d frames, %d pairs; want %d, %d", seed, s.Frames, s.Roots, 3*collections, pairsPerCollect*collections)
		}
		if s.Writes != 2*s.Roots || s.Verified != s.Roots {
			t.Errorf("seed %#x: %d words written, %d pairs verified after their collection; want %d, %d", seed, s.Writes, s.Verified, 2*s.Roots, s.Roots)
		}
		if s.Homes[HomeNone] != 0 || s.Homes[HomeStackSlot]+s.Homes[HomeSaveSlot]+s.Homes[HomeCaptured] != s.Writes {
			t.Errorf("seed %#x: homes %v do not add up to %d writes", seed, s.Homes, s.Writes)
		}
		switch variant {
		case "stack-slots":
			if s.Homes[HomeStackSlot] != s.Writes {
				t.Errorf("seed %#x: %d of %d homes are stack slots; llc's default spills every GC pointer", seed, s.Homes[HomeStackSlot], s.Writes)
			}
		case "callee-saved":
			if s.Homes[HomeSaveSlot] == 0 || s.Homes[HomeCaptured] == 0 {
				t.Errorf("seed %#x: homes %v: want save slots of deeper frames and captured registers", seed, s.Homes)
			}
		}
		if s.Copied == 0 || s.Freed == 0 {
			t.Errorf("seed %#x: %d objects copied, %d bytes freed: the collector did not move or reclaim", seed, s.Copied, s.Freed)
		}
	}
}

// goTool returns the go command.
func goTool(t *testing.T) string {
	p, err := exec.LookPath("go") // go test puts its own GOROOT/bin first on PATH
	if err != nil {
		testenv.Missing(t, "the go command is not on PATH")
	}
	return p
}

// testCross builds this package's test binary for arch and runs its
// subtests under qemu, one subtest per variant.
func testCross(t *testing.T, arch string) {
	ct := crossTools[arch]
	testenv.Need(t, ct.cc, ct.qemu)
	if _, err := os.Stat(ct.sysroot); err != nil {
		testenv.Missing(t, fmt.Sprintf("%s (the %s C library for qemu -L) is missing", ct.sysroot, arch))
	}
	bin := filepath.Join(t.TempDir(), "movinggc-"+arch+".test")
	build := exec.Command(goTool(t), "test", "-c", "-o", bin, ".")
	build.Env = append(os.Environ(), "GOARCH="+ct.goarch, "CGO_ENABLED=1", "CC="+ct.cc)
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("GOARCH=%s CC=%s go test -c: %v\n%s", ct.goarch, ct.cc, err, out)
	}
	for _, v := range Variants {
		t.Run(v, func(t *testing.T) {
			run := exec.Command(ct.qemu, "-L", ct.sysroot, bin, "-test.v", "-test.count=1",
				"-test.run", fmt.Sprintf("^TestMovingGC$/^%s$/^%s$", arch, v))
			run.Env = append(os.Environ(), childEnv+"=1")
			out, err := run.CombinedOutput()
			for _, l := range strings.Split(strings.TrimRight(string(out), "\n"), "\n") {
				t.Log(l)
			}
			if err != nil {
				t.Fatalf("%s %s: %v", ct.qemu, bin, err)
			}
			if pass := fmt.Sprintf("--- PASS: TestMovingGC/%s/%s ", arch, v); !bytes.Contains(out, []byte(pass)) {
				t.Fatalf("the %s test binary did not report %q", arch, pass)
			}
		})
	}
}

// TestObjects checks that the checked-in objects and assembly under obj/
// are what llc-22 makes of ir/movinggc.ll today (ir/build.sh).
func TestObjects(t *testing.T) {
	if os.Getenv(childEnv) != "" {
		t.Skip("checked by the parent test process")
	}
	testenv.Need(t, "llc-22", "bash", "sed")
	for _, arch := range []string{"x86_64", "aarch64"} {
		for _, v := range Variants {
			t.Run(arch+"/"+v, func(t *testing.T) {
				dir := t.TempDir()
				cmd := exec.Command("bash", "ir/build.sh", arch, v, dir)
				if out, err := cmd.CombinedOutput(); err != nil {
					t.Fatalf("ir/build.sh %s %s: %v\n%s", arch, v, err, out)
				}
				for _, ext := range []string{".o", ".s"} {
					name := arch + "-" + v + ext
					got, err := os.ReadFile(filepath.Join(dir, name))
					if err != nil {
						t.Fatal(err)
					}
					want, err := os.ReadFile(filepath.Join("obj", name))
					if err != nil {
						t.Fatal(err)
					}
					if !bytes.Equal(got, want) {
						t.Errorf("obj/%s differs from llc-22's output (%d vs %d bytes): rerun ir/build.sh %s %s obj", name, len(want), len(got), arch, v)
					}
				}
			})
		}
	}
}
