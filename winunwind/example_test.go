package winunwind_test

import (
	"fmt"

	"github.com/stackmaps/stackmaps/winunwind"
)

// The rule of a function whose prolog pushes rbx and allocates 0x20
// bytes, at an address in its body and at the pop of its epilog.
func ExampleTable_RuleAt() {
	text := []byte{
		0x53,                   // 0x1000 push rbx
		0x48, 0x83, 0xec, 0x20, // 0x1001 sub rsp, 0x20
		0x90,                   // 0x1005 nop (the body)
		0x48, 0x83, 0xc4, 0x20, // 0x1006 add rsp, 0x20
		0x5b, // 0x100a pop rbx
		0xc3, // 0x100b ret
	}
	// UNWIND_INFO: version 1, prolog 5 bytes, 2 codes: ALLOC_SMALL 0x20
	// at 5, PUSH_NONVOL rbx at 1.
	xdata := []byte{0x01, 0x05, 0x02, 0x00, 0x05, 0x32, 0x01, 0x30}
	// RUNTIME_FUNCTION: [0x1000, 0x100c), UNWIND_INFO at 0x2000.
	pdata := []byte{0x00, 0x10, 0, 0, 0x0c, 0x10, 0, 0, 0x00, 0x20, 0, 0}
	tab, err := winunwind.NewX64(pdata, 0x3000, []winunwind.Section{
		{RVA: 0x1000, Data: text}, {RVA: 0x2000, Data: xdata}, {RVA: 0x3000, Data: pdata}})
	if err != nil {
		panic(err)
	}
	var r winunwind.Rule
	for _, pc := range []uint32{0x1005, 0x100a} {
		if err := tab.RuleAt(pc, true, &r); err != nil {
			panic(err)
		}
		fmt.Printf("%#x %v: CFA = DWARF reg %d %+d, return address at %+d", pc, r.Where, r.CFA.Reg, r.CFA.Offset, r.ReturnAddress.Offset)
		for _, s := range r.Saved() {
			fmt.Printf(", reg %d at %+d", s.Reg, s.At.Offset)
		}
		fmt.Println()
	}
	// Output:
	// 0x1005 body: CFA = DWARF reg 7 +48, return address at +40, reg 3 at +32
	// 0x100a epilog: CFA = DWARF reg 7 +16, return address at +8, reg 3 at +0
}
