package stackmap

import (
	"cmp"
	"math"
	"math/bits"
	"slices"
	"sort"
	"sync/atomic"
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
// When the records' addresses span less than 2 GiB (as in any one module)
// the index keeps about 14 bytes a record (a 4-byte key, its 2-byte low
// half, an 8-byte reference, a directory entry per 32 to 128 keys) and 48
// a function (its range, and its end among the keys), 15.0 bytes a record
// in all for llc-shaped code. A lookup reads one directory entry (the
// directory is small enough to stay in a core's cache: 553 KB at 10
// million records), predicts the key's position from its value, and
// compares the 16 keys around the prediction without a branch on their
// values. An exact lookup (Lookup) compares the keys' 2-byte low halves
// inside the key's directory bucket (32 bytes: 20 MB at 10 million
// records, which a shared cache holds where the 4-byte keys' 40 MB spill
// to memory); a nearest-preceding one compares the 4-byte keys (64
// bytes), whose line it reads next anyway. Wider sections fall back to a
// binary search over 8-byte keys (about 16 bytes a record). Reading a
// found record then reads its reference and the record itself.
//
// An exact lookup in the low halves is a branch-free binary search of 16
// of them, in few instructions: at 10 million records every lookup waits
// for memory, and a processor overlaps as many of them as its reorder
// buffer holds the instructions of (a cache in front of the search cost
// cold lookups more than it saved hot ones). Exact lookups that search
// otherwise (no low halves: buckets wider than 1<<16; keys bunched in part
// of their bucket, or too few; every lookup of an index with most of its
// keys so placed) go through a small hot cache of the addresses found
// (two ways a set, one 8-byte atomic word an entry, a quarter as many
// entries as keys, at most 4096: 32 KB), because a collector walking
// stacks asks for the same few return addresses again and again; and so
// do all exact lookups while the cache answers at least 15 in 16 of them,
// as a sample of the lookups measures. A hit costs
// one read of the cache; concurrent lookups share it safely.
type Index struct {
	sec  *Section
	base uint64 // the lowest record address

	// The 32-bit layout (limit > 0): keys32[i] is (address-base)<<1|1 for a
	// record and (address-base)<<1 for a function end marker (see
	// markEnds), sorted, then winSize padding keys (math.MaxUint32, which
	// no key equals) so a window read past the last key stays in bounds.
	keys32 []uint32
	n      int    // keys, padding excluded
	limit  uint64 // lookups of an address-base below limit use keys32 and dir
	dir    []uint32
	shift  uint     // key k is in bucket k>>shift
	mask   uint32   // 1<<shift - 1
	ends   bool     // keys32 holds function end markers (see markEnds)
	keys16 []uint16 // keys32[i]&mask, when buckets are at most 1<<16 wide (see locate32); else nil

	keys64 []uint64 // the 64-bit layout: address-base of each record, sorted

	refs       []indexRef // refs[i] locates the record of key i (zero for a marker)
	records    int        // records indexed
	funcs      []indexFunc
	byAddr     []uint32 // funcs positions, sorted by entry
	tableFirst []uint32 // tableFirst[t]: the funcs position of table t's first function
	fnBits     uint     // indexRef.fn holds table<<fnBits | function...
	packed     bool     // ...when the two fit in 32 bits; else the funcs position

	hot         []hotSet // the hot cache of exact lookups (see index_hot.go); nil when small
	hotShift    uint
	leadBelow   uint32    // bucket b leads when b*hotMul < leadBelow; 0 when nothing is tallied
	sampleBelow uint32    // while the cache goes first, a lookup of k counts when k*hotMul < sampleBelow; 0 when nothing is tallied
	tally       *hotTally // the counted lookups' hits and misses, and the mode's history; nil when nothing is tallied

	// Exact lookups of an address-base below fast take find's fast path;
	// the others ask the hot cache first. fastLimit is limit when keys16
	// exists and holds at least half the keys in buckets the fast path
	// searches (or the index has no hot cache), else 0; fast is
	// fastLimit or 0, as a sample of the lookups finds it worth asking
	// the cache first (see hotTally).
	fast      atomic.Uint64
	fastLimit uint64

	runs indexRuns // the runs of records that share an address (see index_runs.go)

	isSectioned bool // see Sectioned
}

// indexRef locates one record: its section offset, and its table and
// function (Index.packed), so that reading a record found costs a read of
// its ref and then of the record itself.
type indexRef struct {
	off uint32
	fn  uint32
}

// indexFunc is one function's code range and place.
type indexFunc struct {
	entry, end uint64 // the known extent [entry, end); end == entry when none is known (see IndexOptions)
	table      uint32
	function   uint32
	records    bool // some record of the index belongs to the function
	other      bool // in another code section than IndexOptions.CodeSection: left out
}

// max32Offset bounds address-base in the 32-bit layout: a record's key,
// offset<<1|1, must stay below the padding key math.MaxUint32.
const max32Offset = math.MaxUint32>>1 - 1

// NewIndex builds an index over every table of sec. Function addresses
// are those the section's functions give (Function.Entry): relocated when
// sec came from SectionData.Parse, as stored for bare bytes (a section in
// the memory of a running process, already relocated by its loader). A nil
// sec gives an empty index.
//
// A function's extent (where its code ends) comes from its symbol's size
// (Function.Size), which sections read from files have. Bare bytes carry
// no sizes: without IndexOptions.Extents, Lookup answers as always, but
// LookupPreceding, At and Function give no answer past a record's own
// address (see NewIndexOptions).
func NewIndex(sec *Section) *Index { return newIndex(sec, 32, IndexOptions{}) }

// Extent is a code address range [Start, End), in link-time addresses
// (the addresses the section's functions give).
type Extent struct {
	Start, End uint64
}

// IndexOptions are what a runtime knows about its code beyond the section.
type IndexOptions struct {
	// Extents are code ranges: one a function (its code's start and end,
	// as a JIT's memory manager or an unwind table knows them) or coarser
	// ones (a module's code). A function whose symbol gives no size takes
	// its end from the extent that contains its entry, cut at the next
	// higher function entry of the section. An extent per function gives
	// exact answers; a module-wide extent trusts that no code without
	// stack maps lies between two functions of the section. Extents may
	// come in any order; an empty or inverted one is ignored; where they
	// overlap, the one that starts last before the entry is used.
	Extents []Extent
	// CodeSection, when known (CodeSection.Known), keeps only the
	// functions of that code section of a relocatable object, and their
	// records. In an object built with function sections every function
	// sits at offset 0 of its own section, so addresses are ambiguous
	// until a section is named: an index per code section answers for
	// addresses in it (SectionData.CodeSections lists them).
	CodeSection CodeSection
}

// NewIndexOptions is NewIndex with what the runtime knows about its code.
//
// Which answer each lookup gives:
//
//   - Lookup: the records at the address exactly, with or without extents.
//   - LookupPreceding: the records at the address exactly; otherwise the
//     records at the nearest lower address, only when the function they
//     belong to has a known extent (a symbol size, or an Extent) that
//     contains the address.
//   - At: the "record at a return address" policy: Lookup's answer, else
//     LookupPreceding's when its records are not statepoints.
//   - Function: the function whose known extent contains the address;
//     nothing for a function whose extent is not known.
func NewIndexOptions(sec *Section, opts IndexOptions) *Index { return newIndex(sec, 32, opts) }

// newIndex is NewIndexOptions, packing a ref's table and function when they
// fit in packBits bits (tests pass 0 to take the other path).
func newIndex(sec *Section, packBits uint, opts IndexOptions) *Index {
	if sec == nil {
		sec = &Section{}
	}
	ix := &Index{sec: sec}
	ix.collectFunctions(packBits, opts.Extents, opts.CodeSection)
	addrs, refs, regular := ix.collectRecords()
	ix.records = len(addrs)
	if len(addrs) > 0 {
		ix.base = addrs[0]
	}
	// The 32-bit layout's directory flags slow buckets in bit 31 of a
	// position: its keys (records and at most as many end markers) stay
	// below 1<<31.
	if len(addrs) > 0 && len(addrs) < 1<<30 && addrs[len(addrs)-1]-ix.base <= max32Offset {
		var ends []uint64
		if regular {
			ends = ix.functionEnds()
		}
		ix.layout32(addrs, refs, ends)
		ix.buildHot()
		if ix.keys16 != nil && (ix.hot == nil || 2*ix.fastKeys() >= ix.n) {
			ix.fastLimit = ix.limit
			ix.fast.Store(ix.limit)
			ix.buildTally()
		}
	} else {
		for i := range addrs {
			addrs[i] -= ix.base
		}
		ix.keys64, ix.refs, ix.n = addrs, refs, len(addrs)
	}
	ix.buildRuns()
	return ix
}

// collectFunctions lists every function of every table, orders them by
// entry, gives each whose size is unknown the end the extents give it (or
// none: end == entry), and decides whether refs are packed.
func (ix *Index) collectFunctions(packBits uint, extents []Extent, code CodeSection) {
	nf := 0
	for i := range ix.sec.tables {
		nf += int(ix.sec.tables[i].numFunctions)
	}
	ix.funcs = make([]indexFunc, 0, nf)
	ix.tableFirst = make([]uint32, len(ix.sec.tables))
	most := uint32(0)
	for ti := range ix.sec.tables {
		ix.tableFirst[ti] = uint32(len(ix.funcs))
		most = max(most, ix.sec.tables[ti].numFunctions)
		for i, f := range ix.sec.tables[ti].Functions() {
			entry, size := f.codeRange()
			end := uint64(0)
			if size != 0 {
				end = entry + size
			}
			other := code.Known() && f.CodeSection().Index != code.Index
			if other {
				end = entry // another section's function: no extent, and its records are left out
			}
			ix.funcs = append(ix.funcs, indexFunc{entry: entry, end: end, table: uint32(ti), function: uint32(i), other: other})
		}
	}
	if !code.Known() && ix.sectioned() {
		// Every function's address is an offset in its own section: none
		// is indexed, so no lookup answers with another section's record.
		for i := range ix.funcs {
			ix.funcs[i].other, ix.funcs[i].end = true, ix.funcs[i].entry
		}
	}
	ix.fnBits = uint(bits.Len32(max(most, 1) - 1))
	ix.packed = ix.fnBits+uint(bits.Len(uint(max(len(ix.sec.tables), 1)-1))) <= packBits
	ix.byAddr = make([]uint32, 0, len(ix.funcs))
	sorted := true
	for i := range ix.funcs {
		if ix.funcs[i].other {
			continue // not in this index's code section
		}
		sorted = sorted && (len(ix.byAddr) == 0 || ix.funcs[ix.byAddr[len(ix.byAddr)-1]].entry <= ix.funcs[i].entry)
		ix.byAddr = append(ix.byAddr, uint32(i))
	}
	if !sorted {
		slices.SortStableFunc(ix.byAddr, func(a, b uint32) int { return cmp.Compare(ix.funcs[a].entry, ix.funcs[b].entry) })
	}
	ext := sortedExtents(extents)
	next := uint64(math.MaxUint64)
	for i := len(ix.byAddr) - 1; i >= 0; i-- {
		f := &ix.funcs[ix.byAddr[i]]
		if f.end == 0 {
			f.end = f.entry
			if e, ok := extentOf(ext, f.entry); ok {
				f.end = min(e.End, next)
			}
		}
		if i == 0 || ix.funcs[ix.byAddr[i-1]].entry != f.entry {
			next = f.entry
		}
	}
}

// sectioned reports whether the section's functions lie in more than one
// code section of a relocatable object (ELF, COFF: each at address 0, as
// their relocations say) and sets ix.isSectioned.
func (ix *Index) sectioned() bool {
	first := 0
	for i := range ix.funcs {
		f := &ix.funcs[i]
		fn, _ := ix.sec.tables[f.table].Function(int(f.function))
		c := fn.CodeSection()
		switch {
		case !c.Known():
		case first == 0:
			first = c.Index
		case c.Index != first:
			ix.isSectioned = true
			return true
		}
	}
	return false
}

// Sectioned reports whether the index was built without
// IndexOptions.CodeSection over the stack maps of a relocatable object
// whose functions lie in several code sections (function sections, a
// COMDAT beside .text): each section starts at address 0 there, so an
// address alone cannot say which function it is in. Such an index holds
// no function and no record: Lookup, LookupPreceding, At and Function
// answer nothing rather than another section's record. Build one index
// per code section instead (IndexOptions.CodeSection, with
// SectionData.CodeSections listing them).
func (ix *Index) Sectioned() bool { return ix.isSectioned }

// sortedExtents returns the non-empty extents sorted by start.
func sortedExtents(extents []Extent) []Extent {
	var out []Extent
	for _, e := range extents {
		if e.End > e.Start {
			out = append(out, e)
		}
	}
	slices.SortStableFunc(out, func(a, b Extent) int { return cmp.Compare(a.Start, b.Start) })
	return out
}

// extentOf returns the extent that starts last at or before addr, if it
// contains addr.
func extentOf(ext []Extent, addr uint64) (Extent, bool) {
	i := sort.Search(len(ext), func(i int) bool { return ext[i].Start > addr }) - 1
	if i < 0 || addr >= ext[i].End {
		return Extent{}, false
	}
	return ext[i], true
}

// collectRecords returns every addressed record's address and reference,
// sorted by address (records at one address in section order), and
// whether the functions are regular: their code ranges are disjoint or
// identical and each record lies in its function's range (see markEnds).
func (ix *Index) collectRecords() (addrs []uint64, refs []indexRef, regular bool) {
	n := 0
	for i := range ix.sec.tables {
		n += int(ix.sec.tables[i].numRecords)
	}
	addrs = make([]uint64, 0, n)
	refs = make([]indexRef, 0, n)
	sorted, regular := true, true
	last := uint64(0)
	first := 0
	for ti := range ix.sec.tables {
		t := &ix.sec.tables[ti]
		for _, r := range t.Records() {
			if r.function() < 0 {
				continue
			}
			fn := first + int(r.function())
			f := &ix.funcs[fn]
			if f.other {
				continue
			}
			f.records = true
			a := f.entry + uint64(r.InstructionOffset())
			regular = regular && a >= f.entry && a < f.end
			sorted = sorted && a >= last // equal addresses come in section order
			last = a
			addrs = append(addrs, a)
			ref := indexRef{off: t.base + r.off, fn: uint32(fn)}
			if ix.packed {
				ref.fn = uint32(ti)<<ix.fnBits | uint32(r.function())
			}
			refs = append(refs, ref)
		}
		first += int(t.numFunctions)
	}
	if !sorted {
		sortRecords(addrs, refs)
	}
	return addrs, refs, regular && ix.disjointFunctions()
}

// sortRecords sorts addrs and refs together by address, then section
// offset.
func sortRecords(addrs []uint64, refs []indexRef) {
	perm := make([]uint32, len(addrs))
	for i := range perm {
		perm[i] = uint32(i)
	}
	slices.SortFunc(perm, func(a, b uint32) int {
		if c := cmp.Compare(addrs[a], addrs[b]); c != 0 {
			return c
		}
		return cmp.Compare(refs[a].off, refs[b].off)
	})
	a2 := slices.Clone(addrs)
	r2 := slices.Clone(refs)
	for i, p := range perm {
		addrs[i], refs[i] = a2[p], r2[p]
	}
}

// disjointFunctions reports whether every two functions' code ranges are
// disjoint or identical.
func (ix *Index) disjointFunctions() bool {
	for i := 1; i < len(ix.byAddr); i++ {
		p, f := ix.funcs[ix.byAddr[i-1]], ix.funcs[ix.byAddr[i]]
		if p.end <= p.entry || (p.entry == f.entry && p.end != f.end) || (p.entry != f.entry && p.end > f.entry) {
			return false
		}
	}
	return true
}

// functionEnds returns the sorted, distinct ends of the functions that
// have records (markEnds).
func (ix *Index) functionEnds() []uint64 {
	n := 0
	for i := range ix.funcs {
		n += b2i(ix.funcs[i].records)
	}
	ends := make([]uint64, 0, n)
	for _, i := range ix.byAddr {
		if f := ix.funcs[i]; f.records && f.end != math.MaxUint64 && (len(ends) == 0 || ends[len(ends)-1] != f.end) {
			ends = append(ends, f.end)
		}
	}
	return ends
}

// layout32 builds the 32-bit layout from the sorted record addresses and,
// when the functions are regular, their sorted ends.
//
// markEnds: a nearest-preceding lookup must check that the address is
// still in the function of the record it found. When the functions' ranges
// are disjoint or identical and each record lies in its function, that
// holds exactly when no function ends between the record and the address,
// so each function end is a key of its own (low bit 0: it sorts before a
// record at the same address, which is found), and finding one means no
// match. The lookup then reads only keys.
func (ix *Index) layout32(addrs []uint64, refs []indexRef, ends []uint64) {
	for len(ends) > 0 && ends[len(ends)-1]-ix.base > max32Offset {
		ends = ends[:len(ends)-1] // beyond the keys: such lookups take the exact path
	}
	n := len(addrs) + len(ends)
	keys := make([]uint32, n+winSize)
	if len(ends) > 0 {
		ix.ends = true
		merged := make([]indexRef, n)
		e, k := 0, 0
		for i, a := range addrs {
			for e < len(ends) && ends[e] <= a {
				keys[k] = uint32(ends[e]-ix.base) << 1
				e, k = e+1, k+1
			}
			keys[k], merged[k] = uint32(a-ix.base)<<1|1, refs[i]
			k++
		}
		for ; e < len(ends); e, k = e+1, k+1 {
			keys[k] = uint32(ends[e]-ix.base) << 1
		}
		refs = merged
	} else {
		for i, a := range addrs {
			keys[i] = uint32(a-ix.base)<<1 | 1
		}
	}
	for i := n; i < len(keys); i++ {
		keys[i] = math.MaxUint32
	}
	ix.keys32, ix.refs, ix.n = keys, refs, n
	ix.limit = uint64(keys[n-1]>>1) + 1
	ix.buildDirectory()
	if ix.shift >= 1 && ix.shift <= 16 {
		ix.keys16 = make([]uint16, len(keys))
		for i, k := range keys {
			ix.keys16[i] = uint16(k & ix.mask)
		}
	}
}
