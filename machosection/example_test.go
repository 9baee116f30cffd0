package machosection_test

import (
	"fmt"

	"github.com/stackmaps/stackmaps/machosection"
)

// A universal Mach-O file holds one stack map section per slice.
func ExampleOpenFat() {
	ff, err := machosection.OpenFat("../testdata/fat/kinds-universal.o")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer ff.Close()
	for _, slice := range ff.Slices {
		sd, err := slice.StackMaps()
		if err != nil {
			fmt.Println(err)
			continue
		}
		sec, err := sd.Parse()
		if err != nil {
			fmt.Println(err)
			continue
		}
		t := sec.Table(0)
		f, _ := t.Function(0)
		fmt.Printf("slice %s: %d functions, the first %s (symbol %s)\n", sd.Slice, t.NumFunctions(), f.Name(), f.Symbol())
	}
	// Output:
	// slice x86_64: 6 functions, the first kinds_register (symbol _kinds_register)
	// slice aarch64: 6 functions, the first kinds_register (symbol _kinds_register)
}
