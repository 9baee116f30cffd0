package faultmap

import "sort"

// Entry is what a signal handler needs at a faulting pc: the access kind
// and where to resume.
type Entry struct {
	FaultingPC uint64 // the faulting instruction's address
	HandlerPC  uint64 // where to resume
	Kind       Kind
	Function   int // the function's index in the section (Section.Function)
}

// Index finds the fault map entry of a faulting pc. Built once
// (NewIndex), it answers Lookup by binary search over a sorted array,
// allocating nothing, so that a signal handler can call it.
//
// Addresses are the functions' addresses (Function.Address) plus the
// offsets: in a linked file, the addresses the file links the code at (a
// runtime subtracts the load bias from the pc it is given); in a
// relocatable object, offsets in the functions' code sections, which
// collide when the object has one section per function.
type Index struct {
	entries []Entry // sorted by FaultingPC, then by Function
}

// NewIndex indexes every fault of s.
func NewIndex(s *Section) *Index {
	n := 0
	for i := range s.funcs {
		n += Function{s: s, i: i}.NumFaults()
	}
	x := &Index{entries: make([]Entry, 0, n)}
	for i := range s.funcs {
		fn := Function{s: s, i: i}
		for k := 0; k < fn.NumFaults(); k++ {
			ft := fn.Fault(k)
			x.entries = append(x.entries, Entry{
				FaultingPC: fn.Address() + uint64(ft.FaultingPCOffset),
				HandlerPC:  fn.Address() + uint64(ft.HandlerPCOffset),
				Kind:       ft.Kind,
				Function:   i,
			})
		}
	}
	sort.SliceStable(x.entries, func(i, j int) bool { return x.entries[i].FaultingPC < x.entries[j].FaultingPC })
	return x
}

// Len returns the number of entries.
func (x *Index) Len() int { return len(x.entries) }

// Entry returns entry i in pc order, 0 <= i < Len.
func (x *Index) Entry(i int) Entry { return x.entries[i] }

// Lookup returns the entry whose faulting pc is pc exactly (the first,
// when several functions of an object claim it). It allocates nothing.
func (x *Index) Lookup(pc uint64) (Entry, bool) {
	lo, hi := 0, len(x.entries)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if x.entries[m].FaultingPC < pc {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo < len(x.entries) && x.entries[lo].FaultingPC == pc {
		return x.entries[lo], true
	}
	return Entry{}, false
}
