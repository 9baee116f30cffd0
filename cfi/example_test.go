package cfi_test

import (
	"debug/elf"
	"fmt"
	"log"

	"github.com/stackmaps/stackmaps/cfi"
)

// Find the unwind row of a PC in a linked executable: where the CFA is and
// where the return address and callee-saved registers were saved.
func ExampleSection_RowAt() {
	f, err := elf.Open("../testdata/cfi/build/x86_64/exe")
	if err != nil {
		log.Fatal(err)
	}
	defer f.Close()
	eh, hdr := f.Section(".eh_frame"), f.Section(".eh_frame_hdr")
	data, _ := eh.Data()
	hdrData, _ := hdr.Data()
	sec, err := cfi.New(cfi.Config{
		Kind: cfi.EHFrame, Data: data, Addr: eh.Addr, Order: f.ByteOrder, PtrSize: 8,
		Hdr: hdrData, HdrAddr: hdr.Addr,
	})
	if err != nil {
		log.Fatal(err)
	}
	sym := lookup(f, "cfi_many_saved")
	var u cfi.Unwinder // reusable scratch: RowAt allocates nothing
	row, err := sec.RowAt(sym+30, &u)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("row +%#x..+%#x: CFA = reg%d%+d\n", row.Start-sym, row.End-sym, row.CFA.Reg, row.CFA.Offset)
	for reg, rule := range row.Regs {
		if rule.Kind == cfi.RuleOffset {
			fmt.Printf("  reg%d saved at CFA%+d\n", reg, rule.Offset)
		}
	}
	fmt.Println("return address column:", row.RAReg)
	// Output:
	// row +0xe..+0xf6: CFA = reg7+112
	//   reg3 saved at CFA-56
	//   reg6 saved at CFA-16
	//   reg12 saved at CFA-48
	//   reg13 saved at CFA-40
	//   reg14 saved at CFA-32
	//   reg15 saved at CFA-24
	//   reg16 saved at CFA-8
	// return address column: 16
}

func lookup(f *elf.File, name string) uint64 {
	syms, _ := f.Symbols()
	for _, s := range syms {
		if s.Name == name {
			return s.Value
		}
	}
	log.Fatalf("no symbol %s", name)
	return 0
}
