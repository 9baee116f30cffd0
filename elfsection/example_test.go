package elfsection_test

import (
	"fmt"

	"github.com/stackmaps/stackmaps/elfsection"
)

// Find the stack map section of an ELF object and read each record's
// function and address, relocations applied: in this RISC-V object, built
// with linker relaxation, some instruction offsets are stored as 0 and
// computed by an R_RISCV_ADD32/R_RISCV_SUB32 pair.
func ExampleOpen() {
	f, err := elfsection.Open("../testdata/objects/llvm22/riscv64-elf/small_ints_relax.o")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer f.Close()
	sd, err := f.StackMaps()
	if err != nil {
		fmt.Println(err)
		return
	}
	sec, err := sd.Parse()
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(sd.Format, sd.Arch, sd.Name, len(sd.Data), "bytes")
	for _, t := range sec.Tables() {
		for _, r := range t.Records() {
			f, _ := t.Function(r.Function())
			addr, _ := r.Address()
			fmt.Printf("%s: record %d at %#x (stored offset %d, relocated %d)\n", f.Name(), r.ID(), addr, r.StoredInstructionOffset(), r.InstructionOffset())
		}
	}
	// Output:
	// elf riscv64 .llvm_stackmaps 568 bytes
	// si_args: record 700 at 0x0 (stored offset 0, relocated 0)
	// si_bool: record 701 at 0xc (stored offset 4, relocated 4)
	// si_spilled: record 702 at 0xc0 (stored offset 0, relocated 176)
	// si_consts: record 703 at 0x102 (stored offset 0, relocated 0)
}
