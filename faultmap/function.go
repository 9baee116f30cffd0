package faultmap

import "sort"

// Function is one function entry of a table: the function's address and
// its faulting instructions.
type Function struct {
	s *Section
	i int
}

// Index returns the function's index in the section (Section.Function).
func (f Function) Index() int { return f.i }

// Table returns the index of the function's table.
func (f Function) Table() int {
	ts := f.s.tables
	return sort.Search(len(ts), func(t int) bool { return ts[t].firstFunc+ts[t].numFuncs > f.i })
}

// Offset returns the section offset of the function's entry.
func (f Function) Offset() int { return f.s.funcs[f.i] }

// Size returns the entry's size in bytes: its header and its faults.
func (f Function) Size() int { return FunctionHeaderSize + f.NumFaults()*FaultSize }

// StoredAddress returns the address field as the section holds it: in a
// relocatable object, before relocation (llvm-objdump prints this value).
func (f Function) StoredAddress() uint64 { return f.s.storedAddress(f.i) }

// Address returns the function's address: the relocated value when the
// Section came from NewSection and a relocation fills the field (in a
// relocatable object, an offset in the function's code section),
// otherwise the stored one.
func (f Function) Address() uint64 {
	if f.s.reloc != nil {
		return f.s.reloc[f.i].addr
	}
	return f.s.storedAddress(f.i)
}

// Name returns the name of the function's symbol, when the file names it
// (Mach-O's leading underscore removed), or "".
func (f Function) Name() string {
	if f.s.reloc != nil {
		return f.s.reloc[f.i].name
	}
	return ""
}

// Symbol returns the symbol the address is relative to, as the file names
// it, and the offset from it; "" when the file names none.
func (f Function) Symbol() (string, int64) {
	if f.s.reloc == nil {
		return "", 0
	}
	r := f.s.reloc[f.i]
	return r.name, r.addend
}

// CodeSection returns, in a relocatable object, the index (from 1) and
// name of the code section the function's address is an offset in; 0 and
// "" when unknown or in linked files.
func (f Function) CodeSection() (int, string) {
	if f.s.reloc == nil {
		return 0, ""
	}
	c := f.s.reloc[f.i].code
	return c.index, c.name
}

// NumFaults returns the number of faulting instructions of the function.
func (f Function) NumFaults() int { return int(f.s.bo.Uint32(f.s.data[f.Offset()+8:])) }

// Fault returns fault k of the function, 0 <= k < NumFaults.
func (f Function) Fault(k int) Fault {
	off := f.Offset() + FunctionHeaderSize + k*FaultSize
	d, bo := f.s.data[off:off+FaultSize], f.s.bo
	return Fault{
		Kind:             Kind(bo.Uint32(d)),
		FaultingPCOffset: bo.Uint32(d[4:]),
		HandlerPCOffset:  bo.Uint32(d[8:]),
		Offset:           off,
	}
}

// Fault is one faulting instruction: what it accesses, and where it and
// its handler are, as offsets from the function's address.
type Fault struct {
	Kind             Kind
	FaultingPCOffset uint32 // the faulting instruction, from the function's start
	HandlerPCOffset  uint32 // where to resume when it faults, from the function's start
	Offset           int    // section offset of the fault's entry
}
