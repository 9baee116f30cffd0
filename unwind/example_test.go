package unwind_test

import (
	"fmt"
	"log"

	"github.com/stackmaps/stackmaps/objfile"
	"github.com/stackmaps/stackmaps/unwind"
)

// The row of a frame suspended in a call, in a Mach-O image whose
// functions are described by compact unwind: cx_pure_sav6 keeps its stack
// size in its code (an x86_64 STACK_IND entry), which the table reads.
func ExampleTable_RowForReturnAddress() {
	tab, err := objfile.OpenUnwind("../testdata/compactunwind/x86_64.dylib", "")
	if err != nil {
		log.Fatal(err)
	}
	var ctx unwind.Context // reuse it: lookups allocate nothing
	r, err := tab.RowForReturnAddress(0x721, &ctx)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("pc %#x: %v entry %#08x of the function at %#x\n", r.PC, r.Table, uint32(r.Encoding), r.FunctionStart)
	fmt.Printf("CFA = reg %d %+d; return address at CFA%+d\n", r.Rules.CFA.Reg, r.Rules.CFA.Offset, r.Rules.RA().Offset)
	// Output:
	// pc 0x720: __unwind_info entry 0x030df800 of the function at 0x710
	// CFA = reg 7 +8128; return address at CFA-8
}
