package stackwalk_test

import (
	"bufio"
	"encoding/hex"
	"fmt"
	"log"
	"os"
	"strconv"
	"strings"

	"github.com/stackmaps/stackmaps/objfile"
	"github.com/stackmaps/stackmaps/stackmap"
	"github.com/stackmaps/stackmaps/stackwalk"
)

// Walk a captured x86_64 stack (walk_d → walk_c → walk_b → walk_a → main,
// every llc frame stopped at a gc.statepoint) and list each frame's GC
// roots with the address a moving collector would overwrite. The capture
// is what a runtime records at a safepoint: the registers, the return
// address and a copy of the stack (readCapture below reads the text form
// testdata/walk's programs print).
func ExampleWalker() {
	dir := "../testdata/walk/captures/x86_64-nopie-statepoint/"
	c, err := readCapture(dir + "capture.txt") // registers, return address, a copy of the stack
	if err != nil {
		log.Fatal(err)
	}
	m, err := objfile.OpenModule(dir+"walk", 0) // non-PIE: bias 0
	if err != nil {
		log.Fatal(err)
	}
	w, err := stackwalk.NewWalker(stackwalk.Config{Modules: []*stackwalk.Module{m}, Memory: &c.stack})
	if err != nil {
		log.Fatal(err)
	}
	w.Start(c.retAddr, &c.regs) // a walk allocates nothing from here on
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

// capture is one thread's state at a safepoint.
type capture struct {
	retAddr uint64                // the safepoint's return address
	regs    stackwalk.RegisterSet // the registers, by DWARF number
	stack   stackmap.Memory       // a copy of the stack from the stack pointer up
}

// readCapture reads the lines "retaddr ADDR", "reg N VALUE" and
// "stack ADDR HEXBYTES" of a capture file; other lines are skipped.
func readCapture(path string) (*capture, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	c := &capture{}
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 16<<20)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) < 2 {
			continue
		}
		switch {
		case fields[0] == "retaddr":
			c.retAddr, err = strconv.ParseUint(fields[1], 0, 64)
		case fields[0] == "reg" && len(fields) == 3:
			var n, v uint64
			if n, err = strconv.ParseUint(fields[1], 0, 16); err == nil {
				v, err = strconv.ParseUint(fields[2], 0, 64)
				c.regs.Set(uint16(n), v)
			}
		case fields[0] == "stack" && len(fields) == 3:
			if c.stack.Addr, err = strconv.ParseUint(fields[1], 0, 64); err == nil {
				c.stack.Data, err = hex.DecodeString(fields[2])
			}
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %q: %w", path, sc.Text(), err)
		}
	}
	return c, sc.Err()
}
