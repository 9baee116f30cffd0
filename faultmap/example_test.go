package faultmap_test

import (
	"encoding/binary"
	"fmt"

	"github.com/stackmaps/stackmaps/faultmap"
	"github.com/stackmaps/stackmaps/objfile"
)

// A signal handler's question: the pc faulted; where does execution
// resume? (A runtime holding the section's bytes; from a file, take the
// section from objfile.File.FaultMaps and decode it with NewSection.)
func Example() {
	// One table: a function at 0x1000 whose load at +4 resumes at +9.
	section := []byte{
		1, 0, 0, 0, 1, 0, 0, 0, // version 1, one function
		0x00, 0x10, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, // at 0x1000, one fault
		1, 0, 0, 0, 4, 0, 0, 0, 9, 0, 0, 0, // FaultingLoad, +4, resume at +9
	}
	s, err := faultmap.Parse(section, binary.LittleEndian)
	if err != nil {
		fmt.Println(err)
		return
	}
	index := faultmap.NewIndex(s)
	if e, ok := index.Lookup(0x1004, 0); ok {
		fmt.Printf("%s at %#x: resume at %#x\n", e.Kind, e.FaultingPC, e.HandlerPC)
	}
	// Output: FaultingLoad at 0x1004: resume at 0x1009
}

// From a file: objfile finds the section and its relocations, NewSection
// decodes it, and the index answers with link-time addresses (a runtime
// subtracts its load bias from the pc first).
func ExampleNewSection() {
	f, err := objfile.OpenOptions("../testdata/faultmap/linked-x86_64", objfile.Options{AllowNoSection: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer f.Close()
	sections, err := f.FaultMaps()
	if err != nil {
		fmt.Println(err)
		return
	}
	s, err := faultmap.NewSection(sections[0])
	if err != nil {
		fmt.Println(err)
		return
	}
	index := faultmap.NewIndex(s)
	if e, ok := index.Lookup(0x1742, 0); ok {
		fn := s.Function(e.Function)
		fmt.Printf("%s in %s: resume at %#x\n", e.Kind, fn.Name(), e.HandlerPC)
	}
	// Output: FaultingLoad in two_checks: resume at 0x174b
}
