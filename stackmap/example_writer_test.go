package stackmap_test

import (
	"encoding/binary"
	"errors"
	"fmt"
	"os"

	"github.com/stackmaps/stackmaps/stackmap"
)

// A JIT describes the frames of code it generated itself in the same
// format as LLVM's, so that one index serves every frame.
func ExampleBuilder() {
	b := stackmap.Builder{Spec: stackmap.TableSpec{Version: stackmap.Version3}}
	b.AddFunction(0x7f0000001000, 32) // code address, frame size
	b.AddRecord(stackmap.RecordSpec{
		ID:                42,
		InstructionOffset: 0x18,
		Locations: []stackmap.Location{
			{Kind: stackmap.Indirect, Size: 8, Reg: 6, Offset: -16}, // spilled at [rbp-16]
			b.Constant(7),       // small: inline
			b.Constant(1 << 40), // large: the constants table
		},
	})
	data, err := stackmap.AppendTable(nil, &b.Spec, binary.LittleEndian)
	if err != nil {
		fmt.Println(err)
		return
	}
	sec, err := stackmap.Parse(data, binary.LittleEndian)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, r := range sec.Table(0).Records() {
		addr, _ := r.Address()
		fmt.Printf("%d bytes; record %d at %#x:", len(data), r.ID(), addr)
		for _, l := range r.Locations() {
			if v, ok := r.ConstantValue(l); ok {
				fmt.Printf(" %s %#x", l.Kind, v)
			} else {
				fmt.Printf(" %s", l.Kind)
			}
		}
		fmt.Println()
	}
	// Output:
	// 112 bytes; record 42 at 0x7f0000001018: Indirect Constant 0x7 ConstantIndex 0x10000000000
}

// DetectDialect names a section another project wrote in its own layout
// under LLVM's version bytes; Parse refuses it with the same name.
func ExampleDetectDialect() {
	data, err := os.ReadFile("../testdata/dialects/ykllvm.bin")
	if err != nil {
		fmt.Println(err)
		return
	}
	d := stackmap.DetectDialect(data, nil)
	fmt.Println(d.Dialect, d.Certainty, d.ByteOrder)
	_, err = stackmap.Parse(data, binary.LittleEndian)
	var de *stackmap.DialectError
	fmt.Println(errors.Is(err, stackmap.ErrDialect), errors.As(err, &de) && de.Dialect == stackmap.DialectYk)
	// Output:
	// ykllvm certain LittleEndian
	// true true
}
