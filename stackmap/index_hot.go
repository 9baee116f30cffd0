package stackmap

import (
	"math/bits"
	"sync/atomic"
)

// The hot cache: exact lookups of a running program ask for the same few
// return addresses again and again (the call sites on the stacks a
// collector walks), so every index of hotMinKeys keys or more keeps a
// small cache of keys it found, in front of the directory and the keys,
// for the lookups find's fast path leaves: those in bunched or small
// buckets, and every lookup of an index without low halves or with most
// of its keys in such buckets (the fast path's window search is as short
// as a cache check; a store in the cache on the fast path cost cold
// lookups at 10 million records a third of their throughput, and even a
// check alone a tenth). An entry is one atomic word, the key in the high
// half and its position in the low half, so concurrent lookups can
// neither see a torn entry nor a wrong one: every entry ever written is a
// true key-to-position pair, and a miss only costs the search it would
// have made anyway.

const (
	hotMaxEntries = 4096 // 32 KB, 2,048 sets: stays in a core's cache
	hotMinKeys    = 256  // smaller indexes are in cache already
)

// buildHot sizes the hot cache: a quarter of the keys, rounded up to a
// power of two, at most hotMaxEntries; none for small indexes.
func (ix *Index) buildHot() {
	if ix.n < hotMinKeys || ix.n+winSize > hotPos {
		return // small, or positions past an entry's 31 bits
	}
	logN := min(bits.Len(uint(ix.n/4-1)), bits.Len(hotMaxEntries-1))
	ix.hot = make([]hotSet, 1<<(logN-1))
	ix.hotShift = uint(32 - (logN - 1))
}

// hotSet is a set of the hot cache: two entries, the one stored last
// first (16 bytes: a set never straddles two cache lines). A direct-mapped
// cache missed a fifth of the lookups of a hot set of 1,000 return
// addresses among 4,096 entries (keys sharing a slot evict each other);
// two ways miss only where three keys share a set.
type hotSet [2]atomic.Uint64

// hotSetOf returns k's set: a multiplicative hash of the key spreads
// nearby return addresses over the sets.
func (ix *Index) hotSetOf(k uint32) *hotSet {
	return &ix.hot[(k*0x9E3779B1)>>(ix.hotShift&31)&uint32(len(ix.hot)-1)]
}

// hotGet returns k's entry in the hot cache, if it holds one.
func (ix *Index) hotGet(k uint32) (uint64, bool) {
	w := ix.hotSetOf(k)
	if e := w[0].Load(); uint32(e>>32) == k {
		return e, true
	}
	e := w[1].Load()
	return e, uint32(e>>32) == k
}

// Fields of a hot cache entry: the key in the high half; the position in
// bits 0-30 (the 32-bit layout holds fewer than 1<<31 keys); bit 31 set
// when the key's run holds one record, so that Match.Len reads nothing.
const (
	hotOneBit = 31
	hotPos    = 1<<hotOneBit - 1
)

// keepHot stores key k found at position i in the hot cache and returns
// the entry. Whether k's run holds one record is whether the next key
// differs (the padding ends every run), asked of the low halves first,
// whose line the search has just read, then of keys32 when the halves
// are equal (run's way, without its loop: 29 instructions a miss).
func (ix *Index) keepHot(k uint32, i int) uint64 {
	e := uint64(k)<<32 | uint64(i)&hotPos
	if k16 := ix.keys16; k16 != nil && i+1 < len(k16) && k16[i+1] != k16[i] {
		e |= 1 << hotOneBit
	} else if i+1 < len(ix.keys32) && ix.keys32[i+1] != k {
		e |= 1 << hotOneBit
	}
	w := ix.hotSetOf(k)
	w[1].Store(w[0].Load())
	w[0].Store(e)
	return e
}

// hotMatch is the exact match of entry e, found for off.
func (ix *Index) hotMatch(off, e uint64) Match {
	return Match{ix: ix, pos: int(e & hotPos), off: off, kind: kindExact | matchKind(e>>hotOneBit&1)<<1}
}

// findHot is find for a key k of the 32-bit layout (off its address less
// base): the hot cache first, then findMiss.
func (ix *Index) findHot(off uint64, k uint32) (Match, bool) {
	if e, ok := ix.hotGet(k); ok {
		return ix.hotMatch(off, e), true
	}
	return ix.findMiss(off, k)
}

// findMiss is findHot past a miss of the cache: locate32, whose answer
// the cache keeps.
func (ix *Index) findMiss(off uint64, k uint32) (Match, bool) {
	i := ix.locate32(k, true)
	if i < 0 {
		return Match{}, false
	}
	return ix.hotMatch(off, ix.keepHot(k, i)), true
}
