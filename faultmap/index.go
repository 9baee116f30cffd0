package faultmap

import (
	"math"
	"math/bits"
	"sort"
)

// Entry is what a signal handler needs at a faulting pc: the access kind
// and where to resume.
type Entry struct {
	FaultingPC uint64 // the faulting instruction's address
	HandlerPC  uint64 // where to resume
	Kind       Kind
	Function   int // the function's index in the section (Section.Function)
}

// Index finds the fault map entry of a faulting pc. Built once
// (NewIndex), it answers Lookup without allocating, so that a signal
// handler can call it: the faulting pcs are kept sorted in an array of
// their own, and a table of buckets over their range (about one per four
// pcs) narrows each search to a few neighbours, so that a lookup touches
// two or three cache lines, not one per step of a binary search over the
// whole index.
//
// Addresses are the functions' addresses (Function.Address) plus the
// offsets: in a linked file, the addresses the file links the code at
// (Lookup takes the load bias, as stackmap.Index.Lookup does); in a
// relocatable object, offsets in the functions' code sections, which
// collide when the object has one section per function.
type Index struct {
	pcs     []uint64 // sorted faulting pcs
	entries []Entry  // entries[i] is the entry of pcs[i]
	base    uint64   // pcs[0]
	shift   uint     // bucket of pc: (pc - base) >> shift
	buckets []uint32 // buckets[b]: the first i whose bucket is >= b; len = number of buckets + 1
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
	x.pcs = make([]uint64, n)
	for i, e := range x.entries {
		x.pcs[i] = e.FaultingPC
	}
	x.bucket()
	return x
}

// bucket builds the bucket table: a power of two of buckets, about one per
// four pcs, over [pcs[0], pcs[n-1]].
func (x *Index) bucket() {
	n := len(x.pcs)
	if n < 16 || n > math.MaxUint32 {
		return // a plain binary search
	}
	x.base = x.pcs[0]
	span := x.pcs[n-1] - x.base
	nb := uint64(1) << bits.Len64(uint64(n/4)) // >= n/4
	// The smallest shift with span >> shift < nb.
	x.shift = 0
	if l := bits.Len64(span); l > bits.Len64(nb-1) {
		x.shift = uint(l - bits.Len64(nb-1))
	}
	x.buckets = make([]uint32, nb+1)
	i := 0
	for b := uint64(0); b <= nb; b++ {
		for i < n && (x.pcs[i]-x.base)>>x.shift < b {
			i++
		}
		x.buckets[b] = uint32(i)
	}
}

// Len returns the number of entries.
func (x *Index) Len() int { return len(x.entries) }

// Entry returns entry i in pc order, 0 <= i < Len.
func (x *Index) Entry(i int) Entry { return x.entries[i] }

// Lookup returns the entry whose faulting pc is pc exactly (the first,
// when several functions of an object claim it), pc being a runtime
// address in a module loaded with the given bias, as stackmap.Index.Lookup
// takes it. The Entry's addresses are link-time: a handler resumes at
// HandlerPC + bias. It allocates nothing.
func (x *Index) Lookup(pc, bias uint64) (Entry, bool) {
	pc -= bias
	lo, hi := 0, len(x.pcs)
	if x.buckets != nil {
		if pc < x.base {
			return Entry{}, false
		}
		b := (pc - x.base) >> x.shift
		if b >= uint64(len(x.buckets)-1) {
			return Entry{}, false
		}
		lo, hi = int(x.buckets[b]), int(x.buckets[b+1])
	}
	pcs := x.pcs
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if pcs[m] < pc {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo < len(pcs) && pcs[lo] == pc {
		return x.entries[lo], true
	}
	return Entry{}, false
}
