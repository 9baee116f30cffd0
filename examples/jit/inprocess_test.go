//go:build llvmjit

package main

import (
	"fmt"
	"os"
	"testing"
	"unsafe"

	"github.com/stackmaps/stackmaps/examples/jit/internal/llvmjit"
	"github.com/stackmaps/stackmaps/stackmap"
)

// regDeoptEnv selects -use-registers-for-deopt-values for the process
// (LLVM options are process-wide, so each mode is its own process).
const regDeoptEnv = "STACKMAPS_JIT_REGDEOPT"

// TestInProcess JIT-compiles modules A and B with the LLVM this binary is
// built against and, for each entry (a_outer, b_outer) and each inner call
// site (statepoint, patchpoint), rebuilds every deopt value of both JIT'd
// frames from inside the capture callback and compares them with what the
// JIT'd code computed. TestJIT (jit_test.go) runs it per LLVM version and
// mode.
func TestInProcess(t *testing.T) {
	regDeopt := os.Getenv(regDeoptEnv) == "1"
	var args []string
	if regDeopt {
		args = append(args, "-use-registers-for-deopt-values")
	}
	if err := llvmjit.Init(args...); err != nil {
		t.Fatal(err)
	}
	rt, err := NewRuntime()
	if err != nil {
		t.Fatal(err)
	}
	defer rt.Close()
	a, b := rt.Modules["jit_a"].Module, rt.Modules["jit_b"].Module
	t.Logf("LLVM %d, regdeopt %v: module A code [%#x, %#x) %d records, module B code [%#x, %#x) %d records",
		llvmjit.Version, regDeopt, a.CodeLo, a.CodeHi, a.Index.Len(), b.CodeLo, b.CodeHi, b.Index.Len())
	if a.Maps == b.Maps || a.Index.Len() != 4 || b.Index.Len() != 2 {
		t.Errorf("want separate sections, 4 records in A and 2 in B")
	}
	for name, c := range rt.Modules {
		checkInPlace(t, name, c)
	}
	for _, entry := range []string{"a_outer", "b_outer"} {
		for which, inner := range []string{"statepoint", "patchpoint"} {
			t.Run(fmt.Sprintf("%s/%s", entry, inner), func(t *testing.T) {
				o := rt.Run(entry, which)
				if o.Err != nil {
					t.Fatal(o.Err)
				}
				for _, b := range o.Bad {
					t.Error(b)
				}
				values, registers := 0, 0
				for i, fr := range o.Frames {
					values += len(fr.Deopt) + 2*len(fr.Roots)
					k := kinds(fr.Record)
					registers += k[stackmap.Register]
					t.Logf("frame %d: module %s pc %#x sp %#x CFA %#x record %#x: %d deopt values, %d gc pairs; kinds %v",
						i, fr.Module.Name, fr.PC, fr.SP, fr.CFA, fr.Record.ID(), len(fr.Deopt), len(fr.Roots), k)
				}
				saved := savedHomes(o.Frames)
				t.Logf("%d values rebuilt in %d frames, %d mismatches; %d outer-frame register values found in callee save slots; result %#x",
					values, len(o.Frames), len(o.Bad), saved, o.Result)
				if regDeopt && registers == 0 {
					t.Error("-use-registers-for-deopt-values: no Register location")
				}
				if regDeopt && saved == 0 {
					t.Error("-use-registers-for-deopt-values: no outer-frame value came from a save slot of the inner frame")
				}
			})
		}
	}
}

// checkInPlace asserts that a module's stack maps were decoded where the
// memory manager put them (no copy) and that their function addresses are
// the JIT'd functions' (MCJIT relocated them: bias 0).
func checkInPlace(t *testing.T, name string, c *llvmjit.Compiled) {
	t.Helper()
	found := false
	for _, s := range c.Sections {
		if s.Name == ".llvm_stackmaps" {
			found = true
			if got := uint64(uintptr(unsafe.Pointer(&c.Module.Maps.Bytes()[0]))); got != s.Addr {
				t.Errorf("%s: stack maps decoded at %#x, the section is at %#x", name, got, s.Addr)
			}
		}
	}
	if !found {
		t.Errorf("%s: no .llvm_stackmaps section", name)
	}
	entries := map[uint64]string{}
	for fn, addr := range c.Entries {
		entries[addr] = fn
	}
	tab := c.Module.Maps.Table(0)
	if tab.NumFunctions() != len(c.Entries) {
		t.Errorf("%s: %d function records, %d JIT'd functions", name, tab.NumFunctions(), len(c.Entries))
	}
	for i := 0; i < tab.NumFunctions(); i++ {
		f, _ := tab.Function(i)
		if _, ok := entries[f.Entry()]; !ok {
			t.Errorf("%s: function record %d at %#x is no JIT'd function (%v)", name, i, f.Entry(), entries)
		}
	}
}
