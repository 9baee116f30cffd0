package stackmap_test

import (
	"encoding/binary"
	"errors"
	"fmt"
	"os"

	"github.com/stackmaps/stackmaps/stackmap"
)

// Decode a raw section (here the version 1 table of LLVM 3.7's own test)
// and walk every record and location.
func ExampleParse() {
	data, err := os.ReadFile("../testdata/samples/v1-x86_64.bin")
	if err != nil {
		fmt.Println(err)
		return
	}
	sec, err := stackmap.Parse(data, binary.LittleEndian)
	if err != nil {
		fmt.Println(err)
		return
	}
	for i := range sec.Tables() {
		t := sec.Table(i)
		fmt.Printf("table %d: version %d, %d functions, %d records\n", i, t.Version(), t.NumFunctions(), t.NumRecords())
		for _, r := range t.Records() {
			fmt.Printf("record %d at offset %d:\n", r.ID(), r.InstructionOffset())
			for j, l := range r.Locations() {
				switch l.Kind {
				case stackmap.Constant, stackmap.ConstantIndex:
					v, _ := r.ConstantValue(l)
					fmt.Printf("  #%d %v %d\n", j, l.Kind, v)
				default:
					fmt.Printf("  #%d %v reg %d offset %d size %d\n", j, l.Kind, l.Reg, l.Offset, l.Size)
				}
			}
		}
	}
	// Output:
	// table 0: version 1, 1 functions, 1 records
	// record 2 at offset 1:
	//   #0 Register reg 5 offset 0 size 8
	//   #1 Constant 10
	//   #2 ConstantIndex 10000000000
	//   #3 Direct reg 4 offset -8 size 8
	//   #4 Indirect reg 6 offset -16 size 8
}

// Errors say where the bytes went wrong, and classify with errors.Is.
func ExampleDecodeError() {
	data, _ := os.ReadFile("../testdata/samples/v2-x86_64.bin")
	_, err := stackmap.Parse(data[:60], binary.LittleEndian)
	fmt.Println(err)
	fmt.Println(errors.Is(err, stackmap.ErrTruncated), errors.Is(err, stackmap.ErrMalformed))
	var de *stackmap.DecodeError
	if errors.As(err, &de) {
		fmt.Println("offset", de.Offset, "table", de.Table)
	}
	// Output:
	// stackmap: table 0, offset 12 (0xc): 1 records need at least 72 bytes, the table has 60
	// true true
	// offset 12 table 0
}

// A patchpoint's record sits at the start of its patchable region, so a
// runtime stopped inside the region finds it as the nearest record at or
// before the pc, in the same function. Bare bytes do not say where a
// function ends: the runtime gives the code extents it knows.
func ExampleIndex_LookupPreceding() {
	data, _ := os.ReadFile("../testdata/samples/v2-x86_64.bin")
	sec, err := stackmap.Parse(data, binary.LittleEndian)
	if err != nil {
		fmt.Println(err)
		return
	}
	// The sample's one function is at 0 (link time) and 16 bytes long.
	ix := stackmap.NewIndexOptions(sec, stackmap.IndexOptions{Extents: []stackmap.Extent{{Start: 0, End: 16}}})
	const bias = 0x400000
	for _, pc := range []uint64{bias + 1, bias + 5} {
		m, ok := ix.LookupPreceding(pc, bias)
		if !ok {
			fmt.Printf("%#x: no record\n", pc)
			continue
		}
		r, _ := m.Record(0)
		fmt.Printf("%#x: %d record(s) at %#x (exact %v), ID %d\n", pc, m.Len(), m.Address()+bias, m.Exact(), r.ID())
	}
	_, ok := ix.LookupPreceding(bias, bias)
	fmt.Println("before the first record:", ok)
	_, ok = ix.LookupPreceding(bias+16, bias)
	fmt.Println("past the function's end:", ok)
	_, ok = stackmap.NewIndex(sec).LookupPreceding(bias+5, bias)
	fmt.Println("without extents:", ok)
	// Output:
	// 0x400001: 1 record(s) at 0x400001 (exact true), ID 2
	// 0x400005: 1 record(s) at 0x400001 (exact false), ID 2
	// before the first record: false
	// past the function's end: false
	// without extents: false
}

// A runtime looks up the record of a return address and evaluates its
// locations against the registers and memory it captured.
func ExampleIndex_Lookup() {
	data, _ := os.ReadFile("../testdata/samples/v2-x86_64.bin")
	sec, err := stackmap.Parse(data, binary.LittleEndian)
	if err != nil {
		fmt.Println(err)
		return
	}
	ix := stackmap.NewIndex(sec)

	// The function was linked at 0 and loaded at 0x400000; the record is
	// at function offset 1.
	const bias = 0x400000
	m, ok := ix.Lookup(bias+1, bias)
	if !ok {
		fmt.Println("no record")
		return
	}
	r, _ := m.Record(0)
	regs := stackmap.Registers{5: 42, 4: 0x7ff0, 6: 0x8000} // rdi, rsi, rbp by DWARF number
	// The captured stack: 16 bytes from 0x7ff0, holding 7 at 0x7ff0.
	stack := stackmap.Memory{Addr: 0x7ff0, Data: []byte{7, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}}
	for i := 0; i < r.NumLocations(); i++ {
		v, err := r.Evaluate(i, regs, &stack)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Printf("#%d = %#x\n", i, v.Bits)
	}
	// Output:
	// #0 = 0x2a
	// #1 = 0xa
	// #2 = 0x2540be400
	// #3 = 0x7fe8
	// #4 = 0x7
}

// A runtime holding its stack map section as bare bytes gives the index
// the code extents it knows (here each function's start and size, as its
// JIT or its symbol table knows them), and asks At for the record of each
// return address: exact for statepoints, the patchpoint's record before
// the pc inside a known extent.
func ExampleNewIndexOptions() {
	data, _ := os.ReadFile("../testdata/linked/x86_64-elf/exe.stackmaps.bin")
	sec, err := stackmap.Parse(data, binary.LittleEndian)
	if err != nil {
		fmt.Println(err)
		return
	}
	extents := []stackmap.Extent{
		{Start: 0x401210, End: 0x401229}, // la_patch
		{Start: 0x401280, End: 0x401286}, // lb_empty
		{Start: 0x4012b0, End: 0x4012cd}, // lg_safepoint
	}
	ix := stackmap.NewIndexOptions(sec, stackmap.IndexOptions{Extents: extents})
	for _, pc := range []uint64{0x401215, 0x4012a5, 0x4012c3, 0x4012c4} {
		m, ok := ix.At(pc, 0)
		if !ok {
			fmt.Printf("%#x: no record\n", pc)
			continue
		}
		r, _ := m.Record(0)
		_, sp := r.AsStatepoint()
		fmt.Printf("%#x: record ID %#x at %#x (exact %v, statepoint %v)\n", pc, r.ID(), m.Address(), m.Exact(), sp)
	}
	// Output:
	// 0x401215: record ID 0xa004 at 0x401214 (exact false, statepoint false)
	// 0x4012a5: no record
	// 0x4012c3: record ID 0xc000 at 0x4012c3 (exact true, statepoint true)
	// 0x4012c4: no record
}

// A runtime that copied a thread's stack and the heap block its frames
// point into reads both through one MemoryRegions.
func ExampleNewMemoryRegions() {
	stack := stackmap.Memory{Addr: 0x7ff000, Data: make([]byte, 32)}
	heap := stackmap.Memory{Addr: 0x10000, Data: make([]byte, 16)}
	binary.LittleEndian.PutUint64(stack.Data[8:], 0x10008)
	binary.LittleEndian.PutUint64(heap.Data[8:], 42)
	mem, err := stackmap.NewMemoryRegions(stack, heap)
	if err != nil {
		fmt.Println(err)
		return
	}
	p, _ := mem.ReadUint(0x7ff008, 8, binary.LittleEndian)
	v, _ := mem.ReadUint(p, 8, binary.LittleEndian)
	_, err = mem.ReadUint(0x7ff020, 8, binary.LittleEndian)
	fmt.Printf("%#x -> %d\n%v\n", p, v, err)
	// Output:
	// 0x10008 -> 42
	// stackmap: 8 bytes at 0x7ff020 are outside the memory given
}
