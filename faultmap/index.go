package faultmap

import (
	"math"
	"math/bits"
	"sort"

	"github.com/stackmaps/stackmaps/stackmap"
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
// collide when the object has one section per function (see Sectioned and
// IndexOptions).
type Index struct {
	pcs     []uint64 // sorted faulting pcs
	entries []Entry  // entries[i] is the entry of pcs[i]
	base    uint64   // pcs[0]
	shift   uint     // bucket of pc: (pc - base) >> shift
	buckets []uint32 // buckets[b]: the first i whose bucket is >= b; len = number of buckets + 1

	sectioned bool // see Sectioned
}

// Sectioned reports whether the index was built without a CodeSection
// over a relocatable object whose functions lie in several code sections:
// it then holds no fault, and Lookup answers nothing rather than another
// section's entry.
func (x *Index) Sectioned() bool { return x.sectioned }

// NewIndex indexes every fault of s. Over a relocatable object whose
// functions lie in several code sections (each at address 0) addresses
// alone are ambiguous: the index then holds nothing and says so
// (Sectioned); NewIndexOptions with a CodeSection indexes one section.
func NewIndex(s *Section) *Index { return NewIndexOptions(s, IndexOptions{}) }

// IndexOptions says which faults an index keeps, as
// stackmap.IndexOptions does for records.
type IndexOptions struct {
	// CodeSection, when known (CodeSection.Known), keeps only the faults
	// of functions in that code section of a relocatable object.
	CodeSection stackmap.CodeSection
}

// NewIndexOptions is NewIndex with the faults opts keeps.
func NewIndexOptions(s *Section, opts IndexOptions) *Index {
	x := &Index{}
	first := 0
	for i := range s.funcs {
		c := Function{s: s, i: i}.CodeSection()
		switch {
		case !c.Known() || opts.CodeSection.Known():
		case first == 0:
			first = c.Index
		case c.Index != first:
			x.sectioned = true
		}
	}
	if x.sectioned {
		return x
	}
	keep := func(fn Function) bool {
		return !opts.CodeSection.Known() || fn.CodeSection().Index == opts.CodeSection.Index
	}
	n := 0
	for i := range s.funcs {
		if fn := (Function{s: s, i: i}); keep(fn) {
			n += fn.NumFaults()
		}
	}
	x.entries = make([]Entry, 0, n)
	for i := range s.funcs {
		fn := Function{s: s, i: i}
		if !keep(fn) {
			continue
		}
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
