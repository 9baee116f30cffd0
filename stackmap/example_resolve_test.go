package stackmap_test

import (
	"encoding/binary"
	"fmt"
	"os"

	"github.com/stackmaps/stackmaps/stackmap"
)

// A runtime that keeps its registers and memory in its own structures
// evaluates a location with Resolve and does the load itself: here every
// location of the first record of a linked executable's third table, its
// register (the stack pointer) holding 0x7ffe0000.
func ExampleRecord_Resolve() {
	data, err := os.ReadFile("../testdata/linked/x86_64-elf/exe.stackmaps.bin")
	if err != nil {
		fmt.Println(err)
		return
	}
	sec, err := stackmap.Parse(data, binary.LittleEndian)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, r := range sec.Table(2).Records() {
		fmt.Printf("record %d\n", r.ID())
		for i, l := range r.Locations() {
			v, load := r.Resolve(l, 0x7ffe0000)
			if load {
				fmt.Printf("  #%d %v: load %d bytes at %#x\n", i, l.Kind, min(v.Size, 8), v.Addr)
				continue
			}
			fmt.Printf("  #%d %v: %#x\n", i, l.Kind, v.Bits)
		}
		break
	}
	// Output:
	// record 49152
	//   #0 Constant: 0x0
	//   #1 Constant: 0x0
	//   #2 Constant: 0x3
	//   #3 Indirect: load 8 bytes at 0x7ffe0010
	//   #4 Constant: 0x3
	//   #5 ConstantIndex: 0x300000000
	//   #6 Indirect: load 8 bytes at 0x7ffe0008
	//   #7 Indirect: load 8 bytes at 0x7ffe0008
}
