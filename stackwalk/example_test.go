package stackwalk_test

import (
	"fmt"
	"log"

	"github.com/stackmaps/stackmaps/internal/walktest"
	"github.com/stackmaps/stackmaps/objfile"
	"github.com/stackmaps/stackmaps/stackwalk"
)

// Walk a captured x86_64 stack (walk_d → walk_c → walk_b → walk_a → main,
// every llc frame stopped at a gc.statepoint) and list each frame's GC
// roots with the address a moving collector would overwrite.
func ExampleWalker() {
	dir := walktest.Dir() + "/captures/x86_64-nopie-statepoint/"
	capture, err := walktest.ParseFile(dir + "capture.txt") // registers + stack bytes
	if err != nil {
		log.Fatal(err)
	}
	m, err := objfile.OpenModule(dir+"walk", 0) // non-PIE: bias 0
	if err != nil {
		log.Fatal(err)
	}
	defer m.Close()
	w, err := stackwalk.NewWalker(stackwalk.Config{Modules: []*stackwalk.Module{m}, Memory: capture.Stack})
	if err != nil {
		log.Fatal(err)
	}
	var regs stackwalk.RegisterSet
	regs.SetAll(capture.Regs)
	w.Start(capture.RetAddr, &regs) // a walk allocates nothing from here on
	for fr, err := range w.Frames() {
		if err != nil {
			log.Fatal(err)
		}
		fmt.Printf("frame %d CFA %#x", fr.Index, fr.CFA)
		if rec, ok := fr.Record(); ok {
			fmt.Printf(" record %#x, %d deopt values", rec.ID(), fr.NumDeopt())
		}
		fmt.Println()
		for i := range fr.NumRoots() {
			root, err := fr.Root(i)
			if err != nil {
				log.Fatal(err)
			}
			fmt.Printf("  root %#x home %v\n", root.Base.Bits, root.Base.Home)
		}
	}
	fmt.Println("end:", w.End())
	// Output:
	// frame 0 CFA 0x7fffffffea80 record 0xd4, 7 deopt values
	//   root 0x404070 home mem 0x7fffffffea38
	// frame 1 CFA 0x7fffffffeb80 record 0xc3, 6 deopt values
	//   root 0x404090 home mem 0x7fffffffeab8
	//   root 0x404070 home mem 0x7fffffffeab0
	// frame 2 CFA 0x7fffffffec60 record 0xb2, 22 deopt values
	//   root 0x404070 home mem 0x7fffffffec08
	// frame 3 CFA 0x7fffffffed00 record 0xa1, 10 deopt values
	//   root 0x404075 home mem 0x7fffffffecb0
	//   root 0x404070 home mem 0x7fffffffecb8
	// frame 4 CFA 0x7fffffffed20
	// end: no module
}
