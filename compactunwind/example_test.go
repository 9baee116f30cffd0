package compactunwind_test

import (
	"fmt"

	"github.com/stackmaps/stackmaps/compactunwind"
	"github.com/stackmaps/stackmaps/machosection"
	"github.com/stackmaps/stackmaps/regs"
)

// Find the compact unwind entry of a function of a linked image and read
// where its frame keeps the caller's registers.
func Example() {
	f, err := machosection.Open("../testdata/compactunwind/arm64.dylib")
	if err != nil {
		panic(err)
	}
	defer f.Close()
	cu, err := f.CompactUnwind()
	if err != nil {
		panic(err)
	}
	e, ok := cu.Info.Lookup(uint32(0x550 - cu.TextAddr)) // _cu_pairs
	if !ok {
		panic("no entry")
	}
	r, err := compactunwind.Interpret(regs.AArch64, e.Encoding)
	if err != nil {
		panic(err)
	}
	fmt.Printf("%#08x: CFA = r%d%+d\n", uint32(e.Encoding), r.CFAReg, r.CFAOffset)
	for _, s := range r.Saved()[:4] {
		fmt.Printf("r%d at CFA%d\n", s.Reg, s.Offset)
	}
	// Output:
	// 0x04000107: CFA = r29+16
	// r29 at CFA-16
	// r30 at CFA-8
	// r19 at CFA-24
	// r20 at CFA-32
}
