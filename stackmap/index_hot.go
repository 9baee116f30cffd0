package stackmap

import (
	"math/bits"
	"sync/atomic"
)

// The hot cache: exact lookups of a running program ask for the same few
// return addresses again and again (the call sites on the stacks a
// collector walks), so every index of hotMinKeys keys or more keeps a
// small cache of keys it found, in front of the directory and the keys.
// The lookups find's fast path leaves (those in bunched or small buckets,
// and every lookup of an index without low halves or with most of its
// keys in such buckets) ask it first; so do all of them while a sample
// of the lookups finds that it pays (see hotTally: the fast path's
// window search is nearly as short as a cache check, and at 10 million
// records looked up at random a store in the cache on every fast lookup
// cost a third of their throughput and a check alone a tenth). An entry
// is one atomic word, the key in the high half and its position in the
// low half, so concurrent lookups can neither see a torn entry nor a
// wrong one: every entry ever written is a true key-to-position pair,
// and a miss only costs the search it would have made anyway.

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
	return &ix.hot[(k*hotMul)>>(ix.hotShift&31)&uint32(len(ix.hot)-1)]
}

// hotMul is the multiplier of the hot cache's hash (2^32 over the golden
// ratio), and of the leader buckets'.
const hotMul = 0x9E3779B1

// Whether to ask the hot cache first. An index whose fast path answers
// most keys asks it first only while that pays: a hot set of a thousand
// return addresses in a million records found in the cache costs less
// than the fast path's two reads, the directory and the low halves, but
// ten million records looked up at random would miss it nearly every
// time and pay the check and a store besides, and a hot set of 4,096
// among its 4,096 entries (three in four found) costs more than the fast
// path too. Which of the two a program does is measured on the cache
// itself, hotWindow counted lookups at a time (decide). While the fast
// path goes first, the lookups counted are those of the leader buckets
// (1/256th of the directory's buckets, those whose hash is below
// leadBelow, flagged as slow so that the fast path leaves them without an
// instruction more), which always ask the cache and are kept on a miss:
// their rate is that of their few keys alone, higher than the whole
// cache's would be when the working set is larger than the cache, so
// from hotFirstAt hits on it is a reason to try. While the cache goes
// first, the lookups counted are one key in 16 by its hash (drawn over
// every set: the cache's own rate, from enough keys that a hot set of
// 4,096 is not taken for one of 1,000), and the first window below
// hotFastAt goes back to the fast path, which then holds for twice as
// many windows as the time before (up to 1<<hotMaxStrikes) if the try
// failed from its first window. Only counted lookups write (hotTally, on
// a line of its own); the mode (fast) is written only when it changes.
const (
	hotWindow      = 256
	hotFirstAt     = hotWindow * 15 / 16
	hotFastAt      = hotWindow * 7 / 8
	hotLeadBelow   = 1 << (32 - 8) // 1 bucket in 256 leads
	hotSampleBelow = 1 << (32 - 4) // 1 key in 16 counts while the cache goes first
	hotMaxStrikes  = 8
)

// hotTally is the count of the window and the mode's history. It is 64
// bytes, a cache line to itself.
type hotTally struct {
	n     atomic.Uint64 // this window: lookups in the high half, hits in the low half
	state atomic.Uint64 // windows to hold the fast path first (bits 0-31), failed tries in a row (32-39), the cache held up since asked first (40)
	_     [48]byte
}

// buildTally flags the leader buckets of an index whose fast path answers
// most keys (fastLimit set) and that has a hot cache.
func (ix *Index) buildTally() {
	if ix.hot == nil {
		return
	}
	ix.leadBelow, ix.sampleBelow = hotLeadBelow, hotSampleBelow
	ix.tally = new(hotTally)
	for b := range len(ix.dir) - 1 {
		if uint32(b)*hotMul < ix.leadBelow {
			ix.dir[b] |= slowBucket
		}
	}
}

// leads reports whether key k is in a leader bucket.
func (ix *Index) leads(k uint32) bool { return (k>>(ix.shift&31))*hotMul < ix.leadBelow }

// sampled reports whether k is one of the keys (1 in 16, by its hash,
// drawn over every set) whose lookups count while the cache goes first.
func (ix *Index) sampled(k uint32) bool { return k*hotMul < ix.sampleBelow }

// counts reports whether a lookup of k that asked the cache counts in the
// window: in a leader bucket while the fast path goes first, a sampled
// key while the cache does.
func (ix *Index) counts(k uint32) bool {
	if ix.fast.Load() != 0 {
		return ix.leads(k)
	}
	return ix.sampled(k)
}

// note counts a lookup that asked the cache, a hit or a miss; the lookup
// that ends a window decides.
func (ix *Index) note(hit bool) {
	v := ix.tally.n.Add(1<<32 | uint64(b2i(hit)))
	if v>>32 != hotWindow {
		return
	}
	ix.tally.n.Add(-v) // the window's counts; later lookups' stay
	ix.decide(uint32(v))
}

// decide sets the mode at the end of a window, hits of whose hotWindow
// counted lookups found their key in the cache.
func (ix *Index) decide(hits uint32) {
	t := ix.tally
	st := t.state.Load()
	hold, strikes, held := uint32(st), st>>32&0xff, st>>40&1
	if ix.fast.Load() != 0 {
		switch {
		case hold > 0:
			hold--
		case hits >= hotFirstAt:
			ix.fast.Store(0)
			held = 0
		}
	} else {
		switch {
		case hits >= hotFastAt:
			held, strikes = 1, 0
		case held == 0: // missed from the first window: back off
			strikes = min(strikes+1, hotMaxStrikes)
			hold = 1 << strikes
			ix.fast.Store(ix.fastLimit)
		default: // the lookups have moved on
			ix.fast.Store(ix.fastLimit)
		}
	}
	t.state.Store(uint64(hold) | strikes<<32 | held<<40)
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
		if ix.counts(k) {
			ix.note(true)
		}
		return ix.hotMatch(off, e), true
	}
	return ix.findMiss(off, k)
}

// findMiss is findHot past a miss of the cache: locate32, whose answer
// the cache keeps.
func (ix *Index) findMiss(off uint64, k uint32) (Match, bool) {
	if ix.counts(k) {
		ix.note(false)
	}
	i := ix.locate32(k, true)
	if i < 0 {
		return Match{}, false
	}
	return ix.hotMatch(off, ix.keepHot(k, i)), true
}
