package faultmap

import (
	"sort"

	"github.com/stackmaps/stackmaps/stackmap"
)

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
		return f.s.reloc[f.i].Address
	}
	return f.s.storedAddress(f.i)
}

// resolved is what the file says about the function (NewSection), zero
// after Parse.
func (f Function) resolved() stackmap.ResolvedFunction {
	if f.s.reloc == nil {
		return stackmap.ResolvedFunction{}
	}
	return f.s.reloc[f.i]
}

// Name returns the function's symbol as people know it (Symbol less the
// underscore Mach-O adds to C names), "" when the file names none.
func (f Function) Name() string { return f.resolved().Name }

// Symbol returns the raw name of the function's symbol, as the file
// spells it, "" when the file names none.
func (f Function) Symbol() string { return f.resolved().Symbol }

// Addend returns the addend to Symbol of the relocation of the address
// field (0 when no relocation names the symbol).
func (f Function) Addend() int64 { return f.resolved().Addend }

// CodeSection returns the section of a relocatable object the function's
// code is in, as the relocation of its address field says, or the zero
// CodeSection when unknown: linked files, bare bytes. Address is an offset
// in it.
func (f Function) CodeSection() stackmap.CodeSection { return f.resolved().Code }

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
