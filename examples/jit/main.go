//go:build llvmjit

// Command jit is a tiny JIT runtime that proves the stackmaps library in
// process: it JIT-compiles two LLVM IR modules with MCJIT (cgo, LLVM's C
// API), keeps each module's .llvm_stackmaps and .eh_frame from its memory
// manager, decodes the stack maps in place, runs the JIT'd code, and when
// that code calls the capture routine, walks the JIT'd frames on the stack
// and rebuilds every deopt value and GC pointer of each from its stack map
// record, comparing them with what the JIT'd code computed.
//
//	go run -tags llvmjit .                 # LLVM 14
//	go run -tags llvmjit,llvm19 . -regdeopt
//	go run -tags llvmjit,llvm22 . -orc jitlink -modules 1000   # the ORC workload
//
// See README.md.
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/stackmaps/stackmaps/examples/jit/internal/llvmjit"
)

func main() {
	regDeopt := flag.Bool("regdeopt", false, "compile with -use-registers-for-deopt-values")
	orc := flag.String("orc", "", "run the ORC workload instead, with LLJIT's `linker`: rtdyld or jitlink (LLVM 19 and later)")
	modules := flag.Int("modules", 1000, "modules of the ORC workload")
	flag.Parse()
	var args []string
	if *regDeopt {
		args = append(args, "-use-registers-for-deopt-values")
	}
	if err := llvmjit.Init(args...); err != nil {
		fmt.Fprintln(os.Stderr, "jit:", err)
		os.Exit(1)
	}
	if *orc != "" {
		if err := runORCDemo(*orc, *modules); err != nil {
			fmt.Fprintln(os.Stderr, "jit:", err)
			os.Exit(1)
		}
		return
	}
	rt, err := NewRuntime()
	if err != nil {
		fmt.Fprintln(os.Stderr, "jit:", err)
		os.Exit(1)
	}
	defer rt.Close()
	fmt.Printf("LLVM %d, -use-registers-for-deopt-values %v\n", llvmjit.Version, *regDeopt)
	for _, name := range []string{"jit_a", "jit_b"} {
		m := rt.Modules[name].Module
		fmt.Printf("module %s: code [%#x, %#x), .llvm_stackmaps %d bytes at %p, %d records, .eh_frame %d bytes\n",
			name, m.CodeLo, m.CodeHi, len(m.Maps.Bytes()), &m.Maps.Bytes()[0], m.Index.Len(), len(m.EHFrame))
	}
	failed := false
	for _, entry := range []string{"a_outer", "b_outer"} {
		for which, inner := range []string{"statepoint", "patchpoint"} {
			o := rt.Run(entry, which)
			fmt.Printf("%s -> %s:\n", entry, inner)
			if o.Err != nil {
				fmt.Println("  error:", o.Err)
				failed = true
				continue
			}
			for i, fr := range o.Frames {
				fmt.Printf("  frame %d: %s pc %#x, sp %#x, CFA %#x, record %#x: %d deopt values, %d gc pairs\n",
					i, fr.Module.Name, fr.PC, fr.SP, fr.CFA, fr.Record.ID(), len(fr.Deopt), len(fr.Roots))
				for j, v := range fr.Deopt {
					l := v.Loc
					fmt.Printf("    deopt %2d = 0x%016x  (%v reg %d%+d size %d; home %v)\n", j, v.Bits, l.Kind, l.Reg, l.Offset, l.Size, v.Home)
				}
				for j, r := range fr.Roots {
					fmt.Printf("    gc %d: base 0x%016x (home %v), derived 0x%016x (home %v)\n", j, r.Base.Bits, r.Base.Home, r.Derived.Bits, r.Derived.Home)
				}
			}
			for _, b := range o.Bad {
				fmt.Println("  MISMATCH:", b)
				failed = true
			}
			if len(o.Bad) == 0 {
				fmt.Println("  every value matches what the JIT'd code computed")
			}
		}
	}
	if failed {
		os.Exit(1)
	}
}
