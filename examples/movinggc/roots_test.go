package main

import (
	"errors"
	"os"
	"os/exec"
	"strings"
	"testing"
	"unsafe"

	"github.com/stackmaps/stackmaps/stackmap"
	"github.com/stackmaps/stackmaps/stackwalk"
)

// TestUnupdatableRoots checks that a collection refuses, listing each of
// them, roots it cannot relocate: a pointer in a register the capture
// routine does not restore (caller-saved rax), a constant, an interior
// pointer given as a base, a derived pointer outside its object, a base
// outside the heap. A good root in a stack slot passes.
func TestUnupdatableRoots(t *testing.T) {
	a := archs["amd64"]
	from := make([]byte, 64)
	le.PutUint64(from[0:], 2)        // object 0: 2 integer fields, 24 bytes
	le.PutUint64(from[24:], 1<<32|1) // object 1: 1 pointer field, 16 bytes
	lo := uint64(uintptr(unsafe.Pointer(&from[0])))
	c := &Collector{arch: a, im: &image{}, from: from, fromLo: lo, fromUsed: 40, starts: make([]uint64, 1)}
	if n, err := markObjects(from, 40, c.starts); err != nil || n != 2 {
		t.Fatalf("markObjects: %d objects, %v", n, err)
	}
	const save = 0x7000
	stack := func(v, addr uint64) stackwalk.Slot {
		return stackwalk.Slot{Value: stackmap.Value{Bits: v}, Loc: stackmap.Location{Kind: stackmap.Indirect, Reg: 7, Offset: 8, Size: 8},
			Home: stackwalk.Home{Kind: stackwalk.HomeMemory, Addr: addr}}
	}
	reg := func(v uint64, r uint16) stackwalk.Slot {
		return stackwalk.Slot{Value: stackmap.Value{Bits: v}, Loc: stackmap.Location{Kind: stackmap.Register, Reg: r, Size: 8},
			Home: stackwalk.Home{Kind: stackwalk.HomeRegister, Reg: r}}
	}
	constant := stackwalk.Slot{Value: stackmap.Value{Bits: lo}, Loc: stackmap.Location{Kind: stackmap.Constant, Size: 8},
		Home: stackwalk.Home{Kind: stackwalk.HomeComputed}}
	pairs := []struct{ base, der stackwalk.Slot }{
		{stack(lo, 0x7100), stack(lo+16, 0x7108)},        // good
		{reg(lo+24, 0), reg(lo+24, 0)},                   // rax: caller-saved
		{reg(lo, 3), reg(lo+8, 3)},                       // rbx: restored, good
		{constant, constant},                             // a constant
		{stack(lo+8, 0x7110), stack(lo+8, 0x7110)},       // interior base
		{stack(lo, 0x7118), stack(lo+200, 0x7120)},       // derived outside
		{stack(lo+4096, 0x7128), stack(lo+4096, 0x7128)}, // outside the heap
	}
	for i, p := range pairs {
		c.roots = append(c.roots, root{frame: i, pc: 0x1000 + uint64(i), id: 9, base: classify(p.base, &a, save), der: classify(p.der, &a, save)})
	}
	if k := c.roots[2].base.kind; k != HomeCaptured || c.roots[2].base.addr != save+3*8 {
		t.Errorf("rbx root: home %v at %#x, want captured register at %#x", k, c.roots[2].base.addr, save+3*8)
	}
	err := c.validate()
	var re *RootError
	if !errors.As(err, &re) {
		t.Fatalf("validate: %v, want a *RootError", err)
	}
	t.Log(err)
	want := []string{
		"frame 1 (pc 0x1001, ?, statepoint ID 9) pair 0: base register rax = ",
		"frame 1 (pc 0x1001, ?, statepoint ID 9) pair 0: derived register rax = ",
		"frame 3 (pc 0x1003, ?, statepoint ID 9) pair 0: base Constant = ",
		"frame 3 (pc 0x1003, ?, statepoint ID 9) pair 0: derived Constant = ",
		"frame 4 (pc 0x1004, ?, statepoint ID 9) pair 0: base [rsp+8] = ",
		"frame 5 (pc 0x1005, ?, statepoint ID 9) pair 0: derived [rsp+8] = ",
		"frame 6 (pc 0x1006, ?, statepoint ID 9) pair 0: base [rsp+8] = ",
	}
	if len(re.Problems) != len(want) {
		t.Fatalf("%d problems, want %d", len(re.Problems), len(want))
	}
	for i, w := range want {
		if !strings.HasPrefix(re.Problems[i], w) {
			t.Errorf("problem %d = %q, want prefix %q", i, re.Problems[i], w)
		}
	}
	for _, s := range []string{"caller-saved", "no updatable home", "not the start of an object", "outside its base's object", "does not point into the heap"} {
		if !strings.Contains(err.Error(), s) {
			t.Errorf("the error does not say %q", s)
		}
	}
}

// TestForgottenRootCrashes runs the callee-saved mutator with a collector
// that forgets the roots in the capture routine's saved registers (in a
// child process): the verifying walk reports them and the mutator's next
// read through the stale pointer faults on the protected old space.
// Without the capture routine's reloading of the callee-saved registers
// the same happens.
func TestForgottenRootCrashes(t *testing.T) {
	if os.Getenv("MOVINGGC_SABOTAGE") == "1" {
		sabotage = HomeCaptured
		r, err := Run("callee-saved", 0x1234, nil)
		t.Fatalf("the sabotaged run returned: %+v, %v", r, err)
	}
	cmd := exec.Command(os.Args[0], "-test.run", "^TestForgottenRootCrashes$", "-test.v")
	cmd.Env = append(os.Environ(), "MOVINGGC_SABOTAGE=1")
	out, err := cmd.CombinedOutput()
	if err == nil {
		t.Fatalf("the sabotaged run succeeded:\n%s", out)
	}
	// sigcode=2 is SEGV_ACCERR: a read of a mapped but protected page,
	// the old space.
	if !strings.Contains(string(out), "SIGSEGV") || !strings.Contains(string(out), "sigcode=2 ") {
		t.Fatalf("the sabotaged run failed without SIGSEGV on a protected page (%v):\n%s", err, out)
	}
	t.Logf("sabotaged run: %v, SIGSEGV (SEGV_ACCERR) as expected", err)
}
