package stackmap

import (
	"iter"
	"slices"
	"sort"
)

// Index maps code addresses to records across every table of a section.
// Build it once with NewIndex; lookups allocate nothing and are safe for
// concurrent use.
//
// Addresses in the index are link-time addresses (a function's entry plus
// the record's instruction offset). A module loaded at a different address
// than it was linked for has a load bias (ASLR slide): runtime address =
// link-time address + bias. Lookups take the bias and subtract it.
//
// Version 1 tables with several functions do not say which function a
// record belongs to, so their records have no address and are not in the
// index; find them with Table.RecordsAt instead.
type Index struct {
	sec   *Section
	addrs []uint64   // record addresses, sorted: searched on their own, for the cache's sake
	refs  []indexRef // refs[i] locates the record at addrs[i]
	funcs []indexFunc
}

// indexRef locates one record: with its address, 24 bytes a record.
type indexRef struct {
	table    uint32
	off      uint32 // record offset within its table
	index    uint32 // record index within its table
	function int32
}

// indexEntry is a record's address and place while the index is built.
type indexEntry struct {
	addr uint64
	indexRef
}

// indexFunc is one function's code range.
type indexFunc struct {
	entry, end uint64 // end is 0 when the function's size is unknown
	table      uint32
	function   uint32
}

// NewIndex builds an index over every table of sec. Function addresses
// are those the section's functions give (Function.Entry): relocated when
// sec came from SectionData.Parse, as stored for bare bytes (a section in
// the memory of a running process, already relocated by its loader). A nil
// sec gives an empty index.
func NewIndex(sec *Section) *Index {
	if sec == nil {
		sec = &Section{}
	}
	ix := &Index{sec: sec}
	n := 0
	for i := range sec.tables {
		n += sec.tables[i].numRecords
	}
	all := make([]indexEntry, 0, n)
	var entries []uint64
	for ti := range sec.tables {
		t := &sec.tables[ti]
		entries = slices.Grow(entries[:0], t.numFunctions)[:t.numFunctions]
		for i, f := range t.Functions() {
			entries[i] = f.Entry
			end := uint64(0)
			if f.Size != 0 {
				end = f.Entry + f.Size
			}
			ix.funcs = append(ix.funcs, indexFunc{entry: f.Entry, end: end, table: uint32(ti), function: uint32(i)})
		}
		it := t.records()
		for it.next() {
			r := it.rec
			if r.function < 0 {
				continue
			}
			all = append(all, indexEntry{
				addr:     entries[r.function] + uint64(r.InstructionOffset()),
				indexRef: indexRef{table: uint32(ti), off: uint32(r.off), index: uint32(r.index), function: int32(r.function)},
			})
		}
	}
	// LLVM writes records in address order within a function, and linkers
	// usually keep functions in order: sort only when needed.
	// Records at one address stay in section order (table, then offset).
	byAddr := func(a, b indexEntry) int {
		if c := cmpUint64(a.addr, b.addr); c != 0 {
			return c
		}
		if a.table != b.table {
			return cmpUint64(uint64(a.table), uint64(b.table))
		}
		return cmpUint64(uint64(a.off), uint64(b.off))
	}
	if !slices.IsSortedFunc(all, byAddr) {
		slices.SortFunc(all, byAddr)
	}
	ix.addrs = make([]uint64, len(all))
	ix.refs = make([]indexRef, len(all))
	for i, e := range all {
		ix.addrs[i], ix.refs[i] = e.addr, e.indexRef
	}
	slices.SortStableFunc(ix.funcs, func(a, b indexFunc) int { return cmpUint64(a.entry, b.entry) })
	return ix
}

func cmpUint64(a, b uint64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// Len returns the number of records in the index.
func (ix *Index) Len() int { return len(ix.addrs) }

// Match is the set of records found at one address (several records may
// share an address).
type Match struct {
	ix      *Index
	lo, hi  int
	Address uint64 // the records' link-time address
	Exact   bool   // whether Address is the address looked up (less the bias)
}

// Len returns the number of records in the match.
func (m Match) Len() int { return m.hi - m.lo }

// Record returns the match's record i, in section order, and false when i
// is out of range.
func (m Match) Record(i int) (Record, bool) {
	if i < 0 || m.lo+i >= m.hi {
		return Record{}, false
	}
	return m.ix.record(m.lo + i), true
}

// Records iterates over the match's records, with their positions in the
// match.
func (m Match) Records() iter.Seq2[int, Record] {
	return func(yield func(int, Record) bool) {
		for i := m.lo; i < m.hi; i++ {
			if !yield(i-m.lo, m.ix.record(i)) {
				return
			}
		}
	}
}

// Lookup finds the records whose address is exactly pc, a runtime address
// in a module loaded with the given bias. Statepoint records sit at the
// return address of their call, so a runtime looks them up this way.
func (ix *Index) Lookup(pc, bias uint64) (Match, bool) {
	addr := pc - bias
	lo, found := slices.BinarySearch(ix.addrs, addr)
	if !found {
		return Match{}, false
	}
	return ix.span(lo, true), true
}

// LookupPreceding finds the records at the greatest address not above pc,
// provided they belong to the function that contains pc. A patchpoint's
// record sits at the start of its patchable region, before the return
// address of the call it makes, so a runtime looks it up this way.
func (ix *Index) LookupPreceding(pc, bias uint64) (Match, bool) {
	addr := pc - bias
	i, found := slices.BinarySearch(ix.addrs, addr)
	if found {
		for i+1 < len(ix.addrs) && ix.addrs[i+1] == addr {
			i++
		}
	} else {
		i--
	}
	if i < 0 {
		return Match{}, false
	}
	fn, ok := ix.functionAt(addr)
	if !ok {
		return Match{}, false
	}
	e := ix.refs[i]
	if e.table != fn.table || uint32(e.function) != fn.function {
		return Match{}, false
	}
	at := ix.addrs[i]
	for i > 0 && ix.addrs[i-1] == at {
		i--
	}
	return ix.span(i, at == addr), true
}

// Function returns the table and function record of the function whose
// code contains pc (a runtime address, with the module's bias).
func (ix *Index) Function(pc, bias uint64) (t *Table, f Function, ok bool) {
	fn, ok := ix.functionAt(pc - bias)
	if !ok {
		return nil, Function{}, false
	}
	t = &ix.sec.tables[fn.table]
	f, _ = t.Function(int(fn.function))
	return t, f, true
}

// functionAt returns the function with the greatest entry not above addr,
// if addr is within its size (when known).
func (ix *Index) functionAt(addr uint64) (indexFunc, bool) {
	i := sort.Search(len(ix.funcs), func(i int) bool { return ix.funcs[i].entry > addr }) - 1
	if i < 0 {
		return indexFunc{}, false
	}
	f := ix.funcs[i]
	if f.end != 0 && addr >= f.end {
		return indexFunc{}, false
	}
	return f, true
}

// span returns the match of all records at the address of entry lo.
func (ix *Index) span(lo int, exact bool) Match {
	hi := lo + 1
	for hi < len(ix.addrs) && ix.addrs[hi] == ix.addrs[lo] {
		hi++
	}
	return Match{ix: ix, lo: lo, hi: hi, Address: ix.addrs[lo], Exact: exact}
}

// record rebuilds the record view of index entry i.
func (ix *Index) record(i int) Record {
	e := ix.refs[i]
	return ix.sec.tables[e.table].recordAt(int(e.off), int(e.index), int(e.function))
}

// recordAt returns the view of the record at table offset off, which
// validation has already checked.
func (t *Table) recordAt(off, index, function int) Record {
	numLoc, liveOff, end, _ := t.recordLayout(off)
	return Record{t: t, off: off, index: index, function: function, numLoc: numLoc, liveOff: liveOff, end: end}
}

// RecordsAt iterates over the records of function fn whose instruction
// offset is off, with their indexes in the table. Records whose function
// the table does not say (version 1 tables with several functions) match
// any fn: a caller that knows which function it stopped in can look them
// up this way.
func (t *Table) RecordsAt(fn int, off uint32) iter.Seq2[int, Record] {
	return func(yield func(int, Record) bool) {
		it := t.records()
		for it.next() {
			r := it.rec
			if (r.function == fn || r.function < 0) && r.InstructionOffset() == off {
				if !yield(r.index, r) {
					return
				}
			}
		}
	}
}
