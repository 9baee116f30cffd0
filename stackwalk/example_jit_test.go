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

// A JIT runtime builds the Module of the code it emitted by hand, from the
// .eh_frame bytes LLVM's memory manager handed it (registerEHFrames) where
// they were loaded; no file is read. (Its .llvm_stackmaps section goes the
// same way: stackmap.ParseMemory, then Stackmaps: stackmap.NewIndex(sec).)
// Here the JIT'd function at 0x10000 runs "push rbp; mov rbp, rsp" and is
// suspended in a call that returns to 0x10010.
func ExampleModule_jit() {
	const code, ehAddr = 0x10000, 0x20000
	ehFrame := []byte{
		// CIE: version 1, "zR", code align 1, data align -8, RA column 16
		// (rip), FDE pointers pcrel|sdata4; CFA = rsp+8, rip at CFA-8.
		0x14, 0, 0, 0, 0, 0, 0, 0, 1, 'z', 'R', 0, 1, 0x78, 16, 1, 0x1b,
		0x0c, 7, 8, 0x90, 1, 0, 0,
		// FDE for [code, code+0x40): after push rbp, CFA = rsp+16 and rbp
		// at CFA-16; after mov rbp, rsp, CFA = rbp+16.
		0x18, 0, 0, 0, 0x1c, 0, 0, 0, 0, 0, 0, 0, 0x40, 0, 0, 0, 0,
		0x41, 0x0e, 16, 0x86, 2, 0x43, 0x0d, 6, 0, 0, 0,
		0, 0, 0, 0, // terminator
	}
	pcBegin := int32(code - (ehAddr + 32)) // pc_begin, relative to its own address
	binary.LittleEndian.PutUint32(ehFrame[32:], uint32(pcBegin))
	tab, err := unwind.New(unwind.Sources{Arch: regs.X86_64, EHFrame: cfi.Config{
		Kind: cfi.EHFrame, Data: ehFrame, Addr: ehAddr, Order: binary.LittleEndian, PtrSize: 8}})
	if err != nil {
		log.Fatal(err)
	}
	m := &stackwalk.Module{Name: "jit", Arch: regs.X86_64, Start: code, End: code + 0x40, Unwind: tab}

	// The stack as the runtime finds it: rbp points at the saved rbp, the
	// return address into the (unregistered) caller above it.
	stack := stackmap.Memory{Addr: 0x7000_0000, Data: make([]byte, 0x200)}
	binary.LittleEndian.PutUint64(stack.Data[0x100:], 0x7000_0180) // caller's rbp
	binary.LittleEndian.PutUint64(stack.Data[0x108:], 0x401234)    // return address
	var rs stackwalk.RegisterSet
	rs.Set(7, 0x7000_00e0) // rsp
	rs.Set(6, 0x7000_0100) // rbp

	w, err := stackwalk.NewWalker(stackwalk.Config{Modules: []*stackwalk.Module{m}, Memory: &stack})
	if err != nil {
		log.Fatal(err)
	}
	w.Start(code+0x10, &rs)
	for fr, err := range w.Frames() {
		if err != nil {
			log.Fatal(err)
		}
		fmt.Printf("frame %d in %s: pc %#x CFA %#x\n", fr.Index, fr.Module.Name, fr.PC, fr.CFA)
	}
	pc, sp := w.Stopped()
	fmt.Printf("end: %v at pc %#x sp %#x\n", w.End(), pc, sp)
	// Output:
	// frame 0 in jit: pc 0x10010 CFA 0x70000110
	// end: no module at pc 0x401234 sp 0x70000110
}
