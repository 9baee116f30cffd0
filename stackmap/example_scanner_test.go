package stackmap_test

import (
	"encoding/binary"
	"fmt"
	"os"

	"github.com/stackmaps/stackmaps/stackmap"
)

// A Scanner validates and reads a section in one pass: here the three
// tables of a linked x86-64 executable's .llvm_stackmaps.
func ExampleScanner() {
	data, err := os.ReadFile("../testdata/linked/x86_64-elf/exe.stackmaps.bin")
	if err != nil {
		fmt.Println(err)
		return
	}
	sc := stackmap.NewScanner(data, binary.LittleEndian)
	for sc.NextTable() {
		t := sc.Table()
		locations := 0
		for r := sc.NextView(); r.Valid(); r = sc.NextView() {
			locations += r.NumLocations()
		}
		fmt.Printf("table %d at %d: %d functions, %d records, %d locations\n", t.Index(), t.Offset(), t.NumFunctions(), t.NumRecords(), locations)
	}
	if err := sc.Err(); err != nil {
		fmt.Println(err)
	}
	// Output:
	// table 0 at 0: 5 functions, 6 records, 12 locations
	// table 1 at 456: 4 functions, 5 records, 9 locations
	// table 2 at 824: 2 functions, 2 records, 11 locations
}
