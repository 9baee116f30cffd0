package stackwalk_test

import (
	"encoding/binary"
	"fmt"
	"log"

	"github.com/stackmaps/stackmaps/cfi"
	"github.com/stackmaps/stackmaps/regs"
	"github.com/stackmaps/stackmaps/stackmap"
	"github.com/stackmaps/stackmaps/stackwalk"
	"github.com/stackmaps/stackmaps/unwind"
)

// jitModule builds the Module of a function a JIT emitted at code (0x40
// bytes: push rbp; mov rbp, rsp; ...) from its .eh_frame, loaded at
// code+0x1000.
func jitModule(name string, code uint64) *stackwalk.Module {
	ehAddr := code + 0x1000
	ehFrame := []byte{
		// CIE: version 1, "zR", code align 1, data align -8, RA column 16,
		// FDE pointers pcrel|sdata4; CFA = rsp+8, rip at CFA-8.
		0x14, 0, 0, 0, 0, 0, 0, 0, 1, 'z', 'R', 0, 1, 0x78, 16, 1, 0x1b,
		0x0c, 7, 8, 0x90, 1, 0, 0,
		// FDE for [code, code+0x40): CFA = rsp+16 after push rbp, rbp
		// at CFA-16; CFA = rbp+16 after mov rbp, rsp.
		0x18, 0, 0, 0, 0x1c, 0, 0, 0, 0, 0, 0, 0, 0x40, 0, 0, 0, 0,
		0x41, 0x0e, 16, 0x86, 2, 0x43, 0x0d, 6, 0, 0, 0,
		0, 0, 0, 0,
	}
	binary.LittleEndian.PutUint32(ehFrame[32:], uint32(int32(code-(ehAddr+32))))
	tab, err := unwind.New(unwind.Sources{Arch: regs.X86_64, EHFrame: cfi.Config{
		Kind: cfi.EHFrame, Data: ehFrame, Addr: ehAddr, Order: binary.LittleEndian, PtrSize: 8}})
	if err != nil {
		log.Fatal(err)
	}
	return &stackwalk.Module{Name: name, Arch: regs.X86_64, Start: code, End: code + 0x40, Unwind: tab}
}

// A JIT keeps its modules in a ModuleSet that its collector's walkers
// share: it adds a module when it has compiled one and removes it when it
// frees the code, while walks go on. Here a function compiled at 0x10000
// is recompiled at 0x20000 and the old code freed: Remove, then
// Synchronize (every walk that could still see the old module has ended),
// then Close (or unmap the code).
func ExampleModuleSet() {
	set, err := stackwalk.NewModuleSet(regs.X86_64, jitModule("f v1", 0x10000))
	if err != nil {
		log.Fatal(err)
	}
	stack := stackmap.Memory{Addr: 0x7000_0000, Data: make([]byte, 0x200)}
	binary.LittleEndian.PutUint64(stack.Data[0x100:], 0x7000_0180) // caller's rbp
	binary.LittleEndian.PutUint64(stack.Data[0x108:], 0x401234)    // return address, into no module
	var rs stackwalk.RegisterSet
	rs.Set(7, 0x7000_00e0) // rsp
	rs.Set(6, 0x7000_0100) // rbp
	w, err := stackwalk.NewWalker(stackwalk.Config{ModuleSet: set, Memory: &stack})
	if err != nil {
		log.Fatal(err)
	}
	walk := func(pc uint64) {
		w.Start(pc, &rs)
		for fr, err := range w.Frames() {
			if err != nil {
				fmt.Println(err)
				return
			}
			fmt.Printf("frame %d in %s: pc %#x CFA %#x\n", fr.Index, fr.Module.Name, fr.PC, fr.CFA)
		}
		if p, _ := w.Stopped(); p == pc {
			fmt.Printf("pc %#x: %v\n", pc, w.End()) // no frame: pc is in no module of the set
		}
	}
	walk(0x10010)

	// Recompiled: the new code goes in, the old comes out.
	v1 := set.Lookup(0x10010)
	if err := set.Add(jitModule("f v2", 0x20000)); err != nil {
		log.Fatal(err)
	}
	if err := set.Remove(v1); err != nil {
		log.Fatal(err)
	}
	set.Synchronize()
	if err := v1.Close(); err != nil { // now the code and tables may go
		log.Fatal(err)
	}
	walk(0x20010)
	walk(0x10010)

	// Code ranges may not overlap.
	fmt.Println(set.Add(jitModule("g", 0x20020)))
	// Output:
	// frame 0 in f v1: pc 0x10010 CFA 0x70000110
	// frame 0 in f v2: pc 0x20010 CFA 0x70000110
	// pc 0x10010: no module
	// stackwalk: modules "f v2" [0x20000, 0x20040) and "g" [0x20020, 0x20060): code ranges overlap
}
