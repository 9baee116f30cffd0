package stackmap

import (
	"errors"
	"iter"
	"sort"
)

// ErrNoRecord means no record describes the address looked up: what a
// caller of Index.At (such as stackwalk's Walker.FrameAt) says when At has
// no answer.
var ErrNoRecord = errors.New("no stack map record at this address")

// Match is the set of records found at one address (several records may
// share an address). It is small (an index pointer, a position and a
// flag) and reads nothing but the index's keys until a record is asked
// for. The zero Match has no records.
type Match struct {
	ix   *Index
	pos  int       // the position of the first key of the match
	off  uint64    // its address less the index's base (an exact lookup knows it without reading a key)
	kind matchKind // how it was found; one field, so that a Match stays in registers (at most 4 fields)
}

// matchKind says how a Match was found: bit 0 at the address looked up
// (else at the nearest lower one), bit 1 the only record at its address.
type matchKind uint8

const (
	kindBefore   matchKind = 0
	kindExact    matchKind = 1
	kindOne      matchKind = 2 // with kindBefore or kindExact
	kindExactOne           = kindExact | kindOne
)

// Address returns the records' link-time address.
func (m Match) Address() uint64 {
	if m.ix == nil {
		return 0
	}
	return m.ix.base + m.off
}

// Exact reports whether Address is the address looked up (less the bias).
func (m Match) Exact() bool { return m.kind&kindExact != 0 }

// Len returns the number of records in the match, in constant time.
func (m Match) Len() int {
	if m.kind&kindOne != 0 {
		return 1
	}
	return m.runLen()
}

// runLen is Len for a match not known to hold one record (kept out of
// Len, which stays small enough to inline).
//
//go:noinline
func (m Match) runLen() int {
	if m.ix == nil {
		return 0
	}
	return m.ix.run(m.pos, m.kind&kindExact != 0)
}

// Record returns the match's record i, in section order, and false when i
// is out of range.
func (m Match) Record(i int) (Record, bool) {
	if i < 0 || i >= m.Len() {
		return Record{}, false
	}
	return m.ix.record(m.pos + i), true
}

// Records iterates over the match's records, with their positions in the
// match.
func (m Match) Records() iter.Seq2[int, Record] {
	return func(yield func(int, Record) bool) {
		for i := range m.Len() {
			if !yield(i, m.ix.record(m.pos+i)) {
				return
			}
		}
	}
}

// Lookup finds the records whose address is exactly pc, a runtime address
// in a module loaded with the given bias. Statepoint records sit at the
// return address of their call, so a runtime looks them up this way.
func (ix *Index) Lookup(pc, bias uint64) (Match, bool) { return ix.find(pc - bias - ix.base) }

// findWide is locate for the 64-bit layout and addresses past the 32-bit
// layout's keys.
func (ix *Index) findWide(addr uint64) int {
	if ix.keys64 == nil || addr < ix.base {
		return -1
	}
	k := addr - ix.base
	if i := lowerBound(ix.keys64, k, 0, ix.n); i < ix.n && ix.keys64[i] == k {
		return i
	}
	return -1
}

// At answers "which record describes the call whose return address is
// pc?", the one policy of the module (stackwalk's walks and FrameAt, and
// the tool's lookup, all ask it):
//
//   - the records at pc exactly, whatever made them: a statepoint's record
//     sits at the return address of its call;
//   - else the records at the nearest lower address, as LookupPreceding
//     finds them (only inside their function's known extent: a symbol size
//     or an IndexOptions extent; bare bytes without extents have none), when
//     none of them is a statepoint: a patchpoint's record sits at the start
//     of its patchable region, before the return address of the call it
//     makes, while a statepoint's address is the return address of another
//     call.
//
// Match.Exact tells the two apart. At allocates nothing.
func (ix *Index) At(pc, bias uint64) (Match, bool) {
	if m, ok := ix.Lookup(pc, bias); ok {
		return m, true
	}
	m, ok := ix.LookupPreceding(pc, bias)
	if !ok {
		return Match{}, false
	}
	for i := range m.Len() {
		if _, sp := m.ix.record(m.pos + i).AsStatepoint(); sp {
			return Match{}, false
		}
	}
	return m, true
}

// LookupPreceding finds the records at pc, or else at the greatest address
// below pc, provided they belong to a function whose known extent (a
// symbol size, or an extent given to NewIndexOptions) contains pc: for a
// function whose extent is not known (bare bytes without extents), only
// the records at pc exactly. A patchpoint's record sits at the start of
// its patchable region, before the return address of the call it makes,
// so a runtime looks it up this way; At is the policy that also keeps
// statepoints exact.
func (ix *Index) LookupPreceding(pc, bias uint64) (Match, bool) {
	return ix.before(pc - bias - ix.base)
}

// before is LookupPreceding for an address less base.
func (ix *Index) before(off uint64) (Match, bool) {
	if off >= ix.limit || !ix.ends {
		return ix.precedingChecked(ix.base + off)
	}
	k := uint32(off)<<1 | 1
	i := ix.locate32(k, false)
	keys := ix.keys32 // its padding ends every run: keys[i+1] is in bounds
	if i >= 0 {
		return Match{ix: ix, pos: i, off: off, kind: kindExact | kindOne*matchKind(b2i(keys[i+1] != k))}, true
	}
	if i = ^i - 1; i < 0 || keys[i]&1 == 0 {
		return Match{}, false // before every record, or a function ended since
	}
	if ki := keys[i]; keys[i+1] != ki && (i == 0 || keys[i-1] != ki) {
		return Match{ix: ix, pos: i, off: uint64(ki >> 1), kind: kindOne}, true // a record of its own
	}
	return Match{ix: ix, pos: ix.runStart(i), off: ix.offsetAt(i)}, true
}

// precedingChecked is LookupPreceding reading the preceding record's
// function to check that its code contains addr: the 64-bit layout, a
// 32-bit layout without end markers, or an address past its keys.
func (ix *Index) precedingChecked(addr uint64) (Match, bool) {
	if ix.n == 0 || addr < ix.base {
		return Match{}, false
	}
	off := addr - ix.base
	var i int
	if ix.keys64 != nil {
		i = lowerBound(ix.keys64, off+1, 0, ix.n) - 1
		if off == ^uint64(0) {
			i = ix.n - 1
		}
	} else {
		i = ix.n - 1
		if off+1 < ix.limit {
			if i = ix.locate(addr + 1); i < 0 {
				i = ^i
			}
			i--
		}
		for i >= 0 && ix.keys32[i]&1 == 0 {
			i-- // an end marker: the record before it decides
		}
	}
	if i < 0 {
		return Match{}, false
	}
	at := ix.offsetAt(i)
	how := kindBefore
	if at == off {
		how = kindExact
	}
	if f := ix.funcs[ix.funcOf(ix.refs[i])]; how == kindBefore && (addr < f.entry || addr >= f.end) {
		return Match{}, false
	}
	return Match{ix: ix, pos: ix.runStart(i), off: at, kind: how}, true
}

// offsetAt returns the address, less base, of the key at position i.
func (ix *Index) offsetAt(i int) uint64 {
	if ix.keys64 != nil {
		return ix.keys64[i]
	}
	return uint64(ix.keys32[i] >> 1)
}

// runStart returns the first position of the run of equal keys holding
// position i: a key of its own costs one compare, a short run at most
// longRun-1, a long run a look in the run directory.
func (ix *Index) runStart(i int) int {
	s := i
	if ix.keys64 != nil {
		for s > 0 && ix.keys64[s-1] == ix.keys64[i] {
			if s--; i-s == longRun-1 {
				return ix.longRunStart(i)
			}
		}
		return s
	}
	for s > 0 && ix.keys32[s-1] == ix.keys32[i] {
		if s--; i-s == longRun-1 {
			return ix.longRunStart(i)
		}
	}
	return s
}

// run returns the number of equal keys from position i, the first of its
// run, on: a key of its own costs one compare (the 32-bit layout's padding
// ends every run), a short run at most longRun-1, a long run a look in the
// run directory.
//
// An exact match compares keys16 first (the array its lookup read), and
// keys32 only where two low halves are equal; a nearest-preceding one
// compares keys32, which its lookup read.
func (ix *Index) run(i int, exact bool) int {
	j := i + 1
	if ix.keys64 != nil {
		for j < ix.n && ix.keys64[j] == ix.keys64[i] {
			if j++; j-i == longRun {
				return ix.longRunLen(i)
			}
		}
		return j - i
	}
	if k16 := ix.keys16; exact && k16 != nil {
		// The low halves first: keys32 is read only when they are equal.
		for k16[j] == k16[i] && ix.keys32[j] == ix.keys32[i] {
			if j++; j-i == longRun {
				return ix.longRunLen(i)
			}
		}
		return j - i
	}
	for ix.keys32[j] == ix.keys32[i] {
		if j++; j-i == longRun {
			return ix.longRunLen(i)
		}
	}
	return j - i
}

// Len returns the number of records in the index.
func (ix *Index) Len() int { return ix.records }

// Function returns the function record of the function whose known
// extent contains pc (a runtime address, with the module's bias), and that
// extent: link-time [Start, End), from its symbol's size or from an extent
// given to NewIndexOptions (cut at the next function's entry). A function
// whose extent is not known contains no pc. f.Size() is its symbol's size
// only (0 for bare bytes): ext is what the index knows. f.Table() is its
// table.
func (ix *Index) Function(pc, bias uint64) (f Function, ext Extent, ok bool) {
	addr := pc - bias
	i := sort.Search(len(ix.byAddr), func(i int) bool { return ix.funcs[ix.byAddr[i]].entry > addr }) - 1
	if i < 0 {
		return Function{}, Extent{}, false
	}
	fn := ix.funcs[ix.byAddr[i]]
	if addr >= fn.end {
		return Function{}, Extent{}, false
	}
	f, _ = ix.sec.tables[fn.table].Function(int(fn.function))
	return f, Extent{Start: fn.entry, End: fn.end}, true
}

// record rebuilds the record view of position i. Its index in its table is
// worked out only if asked for (Record.Index).
func (ix *Index) record(i int) Record {
	e := ix.refs[i]
	var t *Table
	var fn int
	if ix.packed {
		t, fn = &ix.sec.tables[e.fn>>ix.fnBits], int(e.fn&(1<<ix.fnBits-1))
	} else {
		f := ix.funcs[e.fn]
		t, fn = &ix.sec.tables[f.table], int(f.function)
	}
	return t.recordAt(int(e.off-t.base), -1, fn) // index -1: worked out when asked for
}

// funcOf returns the funcs position of a ref's function.
func (ix *Index) funcOf(e indexRef) int {
	if ix.packed {
		return int(ix.tableFirst[e.fn>>ix.fnBits] + e.fn&(1<<ix.fnBits-1))
	}
	return int(e.fn)
}

// RecordsAt iterates over the records of function fn whose instruction
// offset is off, with their indexes in the table. Records whose function
// the table does not say (version 1 tables with several functions) match
// any fn: a caller that knows which function it stopped in can look them
// up this way.
func (t *Table) RecordsAt(fn int, off uint32) iter.Seq2[int, Record] {
	return func(yield func(int, Record) bool) {
		for i, r := range t.Records() {
			if (int(r.function()) == fn || r.function() < 0) && r.InstructionOffset() == off {
				if !yield(i, r) {
					return
				}
			}
		}
	}
}
