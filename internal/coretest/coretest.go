// Package coretest makes the core files of testdata/core at test time: it
// builds a program (testdata/core/build.sh), runs it until it crashes, and
// returns the core the kernel, gdb or qemu-user wrote, with the record the
// program wrote before crashing (testdata/walk's capture format, read by
// package walktest). Its Synthetic type writes synthetic x86_64 cores, the
// generator of the hostile cores the core readers are tested with.
package coretest

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/stackmaps/stackmaps/internal/testenv"
	"github.com/stackmaps/stackmaps/internal/walktest"
)

// Build describes one test program.
type Build struct {
	Arch string // x86_64, aarch64, ppc64le, ppc64, s390x, riscv64 (no qemu core)
	PIE  bool
	Mode string // statepoint or patchpoint
	// Crash is abort or segv, or one of the crashes inside a signal
	// handler (Handler): sigsegv (a null store), sigusr1 (raised),
	// push (a fault right after a push; x86_64), first (a fault on a
	// function's first instruction; x86_64, aarch64).
	Crash string
}

// Handler reports whether the program dies inside its signal handler,
// which aborts (SIGABRT) after recording the interrupted registers.
func (b Build) Handler() bool {
	switch b.Crash {
	case "sigsegv", "sigusr1", "push", "first":
		return true
	}
	return false
}

// HandledSignal is the signal the handler of a Handler build catches.
func (b Build) HandledSignal() int {
	if b.Crash == "sigusr1" {
		return 10
	}
	return 11
}

// Name is ARCH-PIE-MODE-CRASH.
func (b Build) Name() string {
	pie := "nopie"
	if b.PIE {
		pie = "pie"
	}
	return b.Arch + "-" + pie + "-" + b.Mode + "-" + b.Crash
}

// Signal is the signal the program dies of.
func (b Build) Signal() int {
	if b.Crash == "abort" || b.Handler() {
		return 6
	}
	return 11
}

// Dir returns the absolute path of testdata/core.
func Dir() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..", "testdata", "core")
}

var crossCC = map[string]string{
	"x86_64": "gcc", "aarch64": "aarch64-linux-gnu-gcc", "ppc64le": "powerpc64le-linux-gnu-gcc",
	"ppc64": "powerpc64-linux-gnu-gcc", "s390x": "s390x-linux-gnu-gcc", "riscv64": "riscv64-linux-gnu-gcc",
}

// Sysroot returns the directory of arch's libraries on this machine ("" for
// the host's).
func Sysroot(arch string) string {
	switch arch {
	case "aarch64":
		return "/usr/aarch64-linux-gnu"
	case "ppc64le":
		return "/usr/powerpc64le-linux-gnu"
	case "ppc64":
		return "/usr/powerpc64-linux-gnu"
	case "s390x":
		return "/usr/s390x-linux-gnu"
	case "riscv64":
		return "/usr/riscv64-linux-gnu"
	}
	return ""
}

// Compile builds b into a new directory under dir and returns the
// executable's path; it skips the test when a tool is missing.
func Compile(t testing.TB, b Build, dir string) string {
	t.Helper()
	cc := crossCC[b.Arch]
	objcopy := "objcopy"
	if b.Arch != "x86_64" {
		objcopy = strings.TrimSuffix(cc, "gcc") + "objcopy"
	}
	testenv.Need(t, "llc-22", cc, objcopy, "bash")
	out := filepath.Join(dir, b.Name())
	pie := "nopie"
	if b.PIE {
		pie = "pie"
	}
	cmd := exec.Command("bash", filepath.Join(Dir(), "build.sh"), b.Arch, pie, b.Mode, b.Crash, out)
	if o, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("build.sh %s: %v\n%s", b.Name(), err, o)
	}
	return filepath.Join(out, "core-prog")
}

// Core is a core file made at test time and what the program recorded.
type Core struct {
	Path   string         // the core file
	Exe    string         // the program
	Record *walktest.File // what the program recorded before crashing
	By     string         // "kernel", "gdb" or "qemu"
	// Interrupted is what the signal handler of a Handler build recorded
	// from its ucontext (nil for the other builds).
	Interrupted *Interrupted
}

// Interrupted is the signal a handler caught and the pc and stack pointer
// of the instruction it interrupted.
type Interrupted struct {
	Signal int
	PC, SP uint64
}

// KernelCore runs the native program exe with core dumps enabled and
// returns the core the kernel wrote. Where the kernel's core_pattern does
// not write a file named core in the working directory (it pipes to a
// handler), it falls back to gdb's core (GDBCore), and skips (fails under
// STACKMAPS_REQUIRE_TOOLS=1) without gdb.
func KernelCore(t testing.TB, exe string) *Core {
	t.Helper()
	pat, err := os.ReadFile("/proc/sys/kernel/core_pattern")
	if err != nil || strings.TrimSpace(string(pat)) != "core" {
		t.Logf("kernel core_pattern is %q, not \"core\": gdb writes the core", bytes.TrimSpace(pat))
		return GDBCore(t, exe)
	}
	usesPID, _ := os.ReadFile("/proc/sys/kernel/core_uses_pid")
	dir := filepath.Dir(exe)
	os.Remove(filepath.Join(dir, "core"))
	cmd := exec.Command("bash", "-c", `ulimit -c unlimited && exec ./core-prog rec.txt`)
	cmd.Dir = dir
	cmd.Env = []string{}
	out, err := cmd.CombinedOutput()
	if err == nil {
		t.Fatalf("%s did not crash:\n%s", exe, out)
	}
	core := filepath.Join(dir, "core")
	if strings.TrimSpace(string(usesPID)) == "1" && cmd.Process != nil {
		core = fmt.Sprintf("%s.%d", core, cmd.Process.Pid)
	}
	if _, err := os.Stat(core); err != nil {
		testenv.Missing(t, fmt.Sprintf("the kernel wrote no core for %s (%v; ulimit -c refused?)", exe, err))
	}
	return &Core{Path: core, Exe: exe, Record: record(t, dir), By: "kernel", Interrupted: interrupted(t, dir)}
}

// GDBCore runs the native program exe under gdb, which writes a core at
// the signal (generate-core-file): the way to a core where the kernel's
// core_pattern pipes to a handler.
func GDBCore(t testing.TB, exe string) *Core {
	t.Helper()
	gdb := testenv.Need(t, "gdb")[0]
	dir := filepath.Dir(exe)
	core := filepath.Join(dir, "gdb.core")
	os.Remove(core)
	args := []string{"-nx", "-batch"}
	// A program that dies inside its signal handler (Compile's directory
	// is named after the Build) gets its SIGSEGV and SIGUSR1: gdb stops
	// at the handler's SIGABRT.
	name := filepath.Base(dir)
	if (Build{Crash: name[strings.LastIndexByte(name, '-')+1:]}).Handler() {
		args = append(args, "-ex", "handle SIGSEGV SIGUSR1 nostop noprint pass")
	}
	args = append(args, "-ex", "run", "-ex", "generate-core-file "+core, "--args", "./core-prog", "rec.txt")
	cmd := exec.Command(gdb, args...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if _, serr := os.Stat(core); serr != nil {
		t.Fatalf("gdb wrote no core (%v, %v):\n%s", err, serr, out)
	}
	return &Core{Path: core, Exe: exe, Record: record(t, dir), By: "gdb", Interrupted: interrupted(t, dir)}
}

// QEMUCore runs the program exe of a foreign arch under qemu-ARCH-static
// with core dumps enabled and returns the guest core QEMU wrote
// (qemu_core-prog_DATE_PID.core, beside a host core of QEMU itself, which
// is removed).
func QEMUCore(t testing.TB, arch, exe string) *Core {
	t.Helper()
	qemu := testenv.Need(t, "qemu-"+arch+"-static")[0]
	dir := filepath.Dir(exe)
	old, _ := filepath.Glob(filepath.Join(dir, "qemu_*.core"))
	for _, o := range old {
		os.Remove(o)
	}
	cmd := exec.Command("bash", "-c", `ulimit -c unlimited && exec "$0" -L "$1" ./core-prog rec.txt`, qemu, Sysroot(arch))
	cmd.Dir = dir
	cmd.Env = []string{}
	out, err := cmd.CombinedOutput()
	if err == nil {
		t.Fatalf("%s did not crash:\n%s", exe, out)
	}
	os.Remove(filepath.Join(dir, "core"))
	cores, _ := filepath.Glob(filepath.Join(dir, "qemu_*.core"))
	if len(cores) != 1 {
		testenv.Missing(t, fmt.Sprintf("qemu-%s-static wrote %d guest cores for %s (%v)", arch, len(cores), exe, err))
	}
	return &Core{Path: cores[0], Exe: exe, Record: record(t, dir), By: "qemu", Interrupted: interrupted(t, dir)}
}

func record(t testing.TB, dir string) *walktest.File {
	t.Helper()
	f, err := walktest.ParseFile(filepath.Join(dir, "rec.txt"))
	if err != nil {
		t.Fatalf("the program's record: %v", err)
	}
	return f
}

// interrupted reads the "signal N" and "interrupted PC SP" lines a
// handler appends to the record (nil when there are none).
func interrupted(t testing.TB, dir string) *Interrupted {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, "rec.txt"))
	if err != nil {
		t.Fatalf("the program's record: %v", err)
	}
	var in Interrupted
	found := false
	for _, line := range strings.Split(string(b), "\n") {
		f := strings.Fields(line)
		switch {
		case len(f) == 2 && f[0] == "signal":
			_, err = fmt.Sscanf(f[1], "%d", &in.Signal)
		case len(f) == 3 && f[0] == "interrupted":
			_, err = fmt.Sscanf(f[1]+" "+f[2], "0x%x 0x%x", &in.PC, &in.SP)
			found = true
		default:
			continue
		}
		if err != nil {
			t.Fatalf("the program's record: %q: %v", line, err)
		}
	}
	if !found {
		return nil
	}
	return &in
}
