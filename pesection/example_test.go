package pesection_test

import (
	"fmt"

	"github.com/stackmaps/stackmaps/pesection"
)

// In a PE image the section's name is cut to 8 bytes and addresses
// include the image base.
func ExampleOpen() {
	f, err := pesection.Open("../testdata/linked-pe/sm.dll")
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
	fmt.Printf("%s %s %s at %#x\n", sd.Format, sd.Arch, sd.Name, sd.Addr)
	for _, f := range sec.Table(0).Functions() {
		fmt.Printf("%s at %#x\n", f.Name(), f.Address())
	}
	// Output:
	// pe x86_64 .llvm_st at 0x180004000
	// kinds_register at 0x180001000
	// kinds_direct at 0x180001010
	// kinds_indirect at 0x180001030
	// kinds_constant at 0x180001100
	// kinds_constant_index at 0x180001110
	// kinds_all at 0x180001120
}
