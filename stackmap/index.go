package stackmap

import (
	"cmp"
	"iter"
	"math"
	"math/bits"
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
//
// The index keeps about 13 bytes a record (when the records' addresses span
// less than 4 GiB, as in any one module; 17 otherwise) and 24 a function.
// A lookup reads one entry of a bucket directory and then, usually, one
// cache line of keys.
type Index struct {
	sec    *Section
	base   uint64     // the lowest record address
	keys32 []uint32   // record addresses less base, sorted; nil when they span 4 GiB or more
	keys64 []uint64   // record addresses less base, sorted, when they do not fit 32 bits
	refs   []indexRef // refs[i] locates the record whose key is at i
	dir    []uint32   // dir[b]: the first key position in bucket b (key>>shift == b); keys32 only
	shift  uint
	funcs  []indexFunc // every function of every table, in section order
	byAddr []uint32    // funcs positions, sorted by entry
}

// indexRef locates one record: its section offset and its function's place
// in Index.funcs.
type indexRef struct {
	off uint32
	fn  uint32
}

// indexFunc is one function's code range and place.
type indexFunc struct {
	entry, end uint64 // end: entry + symbol size, or the next function's entry when the size is unknown
	table      uint32
	function   uint32
}

// keysPerBucket is the average number of keys the directory gives each
// bucket: 16 4-byte keys fill one 64-byte cache line.
const keysPerBucket = 16

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
	n, nf := 0, 0
	for i := range sec.tables {
		n += int(sec.tables[i].numRecords)
		nf += int(sec.tables[i].numFunctions)
	}
	type entry struct {
		addr uint64
		indexRef
	}
	all := make([]entry, 0, n)
	ix.funcs = make([]indexFunc, 0, nf)
	for ti := range sec.tables {
		t := &sec.tables[ti]
		first := len(ix.funcs)
		for i, f := range t.Functions() {
			entry, size := f.codeRange()
			end := uint64(0)
			if size != 0 {
				end = entry + size
			}
			ix.funcs = append(ix.funcs, indexFunc{entry: entry, end: end, table: uint32(ti), function: uint32(i)})
		}
		for _, r := range t.Records() {
			if r.function < 0 {
				continue
			}
			fn := first + int(r.function)
			all = append(all, entry{
				addr:     ix.funcs[fn].entry + uint64(r.InstructionOffset()),
				indexRef: indexRef{off: t.base + r.off, fn: uint32(fn)},
			})
		}
	}
	// LLVM writes records in address order within a function, and linkers
	// usually keep functions in order: sort only when needed. Records at
	// one address stay in section order.
	byAddr := func(a, b entry) int {
		if c := cmp.Compare(a.addr, b.addr); c != 0 {
			return c
		}
		return cmp.Compare(a.off, b.off)
	}
	if !slices.IsSortedFunc(all, byAddr) {
		slices.SortFunc(all, byAddr)
	}
	ix.refs = make([]indexRef, len(all))
	if len(all) > 0 {
		ix.base = all[0].addr
	}
	if len(all) == 0 || all[len(all)-1].addr-ix.base <= math.MaxUint32 {
		ix.keys32 = make([]uint32, len(all))
		for i, e := range all {
			ix.keys32[i], ix.refs[i] = uint32(e.addr-ix.base), e.indexRef
		}
		ix.buildDirectory()
	} else {
		ix.keys64 = make([]uint64, len(all))
		for i, e := range all {
			ix.keys64[i], ix.refs[i] = e.addr-ix.base, e.indexRef
		}
	}
	ix.sortFunctions()
	return ix
}

// buildDirectory splits the 32-bit key space into a power of two buckets,
// about one for every keysPerBucket keys.
func (ix *Index) buildDirectory() {
	keys := ix.keys32
	span := uint32(0)
	if len(keys) > 0 {
		span = keys[len(keys)-1]
	}
	nb := max(1, len(keys)/keysPerBucket)
	logB := bits.Len(uint(nb)) - 1 // buckets: 1 << logB
	ix.shift = uint(max(0, bits.Len32(span)-logB))
	buckets := int(span>>ix.shift) + 1
	ix.dir = make([]uint32, buckets+1)
	k := 0
	for b := 0; b <= buckets; b++ {
		for k < len(keys) && int(keys[k]>>ix.shift) < b {
			k++
		}
		ix.dir[b] = uint32(k)
	}
}

// sortFunctions orders the functions by entry, and gives each whose size
// is unknown the next higher entry as its end.
func (ix *Index) sortFunctions() {
	ix.byAddr = make([]uint32, len(ix.funcs))
	for i := range ix.byAddr {
		ix.byAddr[i] = uint32(i)
	}
	slices.SortStableFunc(ix.byAddr, func(a, b uint32) int { return cmp.Compare(ix.funcs[a].entry, ix.funcs[b].entry) })
	next := uint64(math.MaxUint64)
	for i := len(ix.byAddr) - 1; i >= 0; i-- {
		f := &ix.funcs[ix.byAddr[i]]
		if f.end == 0 {
			f.end = next
		}
		if i == 0 || ix.funcs[ix.byAddr[i-1]].entry != f.entry {
			next = f.entry
		}
	}
}

// Len returns the number of records in the index.
func (ix *Index) Len() int { return len(ix.refs) }

// key returns the address of the record at position i, less base.
func (ix *Index) key(i int) uint64 {
	if ix.keys32 != nil {
		return uint64(ix.keys32[i])
	}
	return ix.keys64[i]
}

// search returns the first position whose address is at least addr, and
// whether the address there is addr.
func (ix *Index) search(addr uint64) (int, bool) {
	if addr < ix.base {
		return 0, false
	}
	k := addr - ix.base
	if ix.keys32 == nil {
		i := lowerBound(ix.keys64, k, 0, len(ix.keys64))
		return i, i < len(ix.keys64) && ix.keys64[i] == k
	}
	if k > math.MaxUint32 {
		return len(ix.keys32), false
	}
	k32 := uint32(k)
	b := int(k32 >> ix.shift)
	if b+1 >= len(ix.dir) {
		return len(ix.keys32), false
	}
	i := lowerBound(ix.keys32, k32, int(ix.dir[b]), int(ix.dir[b+1]))
	return i, i < len(ix.keys32) && ix.keys32[i] == k32
}

// lowerBound returns the first position in keys[lo:hi] whose key is at
// least k, or hi. The halving has no data-dependent branch (the compiler
// makes the step a conditional move), so a bucket of 16 keys costs four
// predictable steps.
func lowerBound[K uint32 | uint64](keys []K, k K, lo, hi int) int {
	if lo >= hi {
		return lo
	}
	keys = keys[lo:hi]
	base := 0
	for n := len(keys); n > 1; {
		half := n >> 1
		if keys[base+half-1] < k {
			base += half
		}
		n -= half
	}
	if keys[base] < k {
		base++
	}
	return lo + base
}

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
	lo, found := ix.search(pc - bias)
	if !found {
		return Match{}, false
	}
	return ix.span(lo, true), true
}

// LookupPreceding finds the records at the greatest address not above pc,
// provided they belong to a function whose code contains pc. A
// patchpoint's record sits at the start of its patchable region, before
// the return address of the call it makes, so a runtime looks it up this
// way.
func (ix *Index) LookupPreceding(pc, bias uint64) (Match, bool) {
	addr := pc - bias
	i, found := ix.search(addr)
	if found {
		for i+1 < len(ix.refs) && ix.key(i+1) == ix.key(i) {
			i++
		}
	} else {
		i--
	}
	if i < 0 {
		return Match{}, false
	}
	if f := ix.funcs[ix.refs[i].fn]; addr < f.entry || addr >= f.end {
		return Match{}, false
	}
	at := ix.key(i)
	for i > 0 && ix.key(i-1) == at {
		i--
	}
	return ix.span(i, found), true
}

// Function returns the table and function record of the function whose
// code contains pc (a runtime address, with the module's bias).
func (ix *Index) Function(pc, bias uint64) (t *Table, f Function, ok bool) {
	addr := pc - bias
	i := sort.Search(len(ix.byAddr), func(i int) bool { return ix.funcs[ix.byAddr[i]].entry > addr }) - 1
	if i < 0 {
		return nil, Function{}, false
	}
	fn := ix.funcs[ix.byAddr[i]]
	if addr >= fn.end {
		return nil, Function{}, false
	}
	t = &ix.sec.tables[fn.table]
	f, _ = t.Function(int(fn.function))
	return t, f, true
}

// span returns the match of all records at the address of position lo.
func (ix *Index) span(lo int, exact bool) Match {
	at := ix.key(lo)
	hi := lo + 1
	for hi < len(ix.refs) && ix.key(hi) == at {
		hi++
	}
	return Match{ix: ix, lo: lo, hi: hi, Address: ix.base + at, Exact: exact}
}

// record rebuilds the record view of position i. Its index in its table is
// worked out only if asked for (Record.Index).
func (ix *Index) record(i int) Record {
	e := ix.refs[i]
	f := ix.funcs[e.fn]
	t := &ix.sec.tables[f.table]
	r := t.recordAt(int(e.off-t.base), 0, int(f.function))
	r.index = -1
	return r
}

// RecordsAt iterates over the records of function fn whose instruction
// offset is off, with their indexes in the table. Records whose function
// the table does not say (version 1 tables with several functions) match
// any fn: a caller that knows which function it stopped in can look them
// up this way.
func (t *Table) RecordsAt(fn int, off uint32) iter.Seq2[int, Record] {
	return func(yield func(int, Record) bool) {
		for i, r := range t.Records() {
			if (int(r.function) == fn || r.function < 0) && r.InstructionOffset() == off {
				if !yield(i, r) {
					return
				}
			}
		}
	}
}
