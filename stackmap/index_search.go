package stackmap

import "math/bits"

// The 32-bit layout's search. The key space is cut into a power of two
// buckets of equal width, about keysPerBucket keys each; dir[b] is the
// position of bucket b's first key. Code addresses are close to evenly
// spread within a bucket, so a key's position is predicted from its value
// by interpolation, and the search reads only the window of winSize keys
// around the prediction (64 bytes of keys32, one cache line or two; 32
// bytes of keys16 for exact lookups). NewIndex checks that every key lies
// in its own window; a bucket where one does not is marked (slowBucket)
// and searched whole. When buckets are at most 1<<16 wide, keys16 holds
// each key's low half (its bits below the bucket number), which exact
// lookups search: within a bucket the low halves order as the keys do.

const (
	// keysPerBucket is the directory's aim: the bucket count is the
	// power of two at or below keys/32 (made finer while more than 1 key
	// in 64 lies in a slow bucket), so that the directory stays in a
	// core's own cache at 10 million records while nearly every key lies
	// within 8 positions of its prediction. On llc-shaped code (perf/gen
	// synth) buckets average 75 keys: 55 KB of directory at 1 million
	// records, 553 KB at 10 million (the earlier 16-key aim with an
	// 8-key window took 442 KB and 4.4 MB, and at 10 million each lookup
	// waited for a directory line from the shared cache or memory before
	// its keys).
	keysPerBucket = 32
	winSize       = 16      // keys read around a prediction
	slowBucket    = 1 << 31 // dir flag: search the whole bucket
)

// buildDirectory builds dir for keys32, making buckets finer (up to 8
// times) while more than 1 key in 64 lies in a slow bucket.
func (ix *Index) buildDirectory() {
	keys := ix.keys32[:ix.n]
	nb := max(1, len(keys)/keysPerBucket)
	shift := min(31, max(0, bits.Len32(keys[len(keys)-1])-(bits.Len(uint(nb))-1))) // locate shifts by shift&31
	for try := 0; ; try++ {
		slow := ix.directory(uint(shift))
		if slow*64 <= len(keys) || try == 3 || shift == 0 {
			return
		}
		shift--
	}
}

// directory builds dir with buckets 1<<shift keys wide and returns the
// number of keys in slow buckets.
func (ix *Index) directory(shift uint) (slow int) {
	keys := ix.keys32[:ix.n]
	ix.shift, ix.mask = shift, uint32(1)<<shift-1
	buckets := int(keys[len(keys)-1]>>shift) + 1
	if cap(ix.dir) >= buckets+1 {
		ix.dir = ix.dir[:buckets+1]
	} else {
		ix.dir = make([]uint32, buckets+1)
	}
	k := 0
	for b := 0; b <= buckets; b++ {
		for k < len(keys) && int(keys[k]>>shift) < b {
			k++
		}
		ix.dir[b] = uint32(k)
	}
	for b := range buckets {
		lo, hi := int(ix.dir[b]), int(ix.dir[b+1])
		for j := lo; j < hi; j++ {
			if s := window(ix.predict(keys[j], lo, hi)); j < s || j >= s+winSize {
				ix.dir[b] |= slowBucket
				slow += hi - lo
				break
			}
		}
	}
	return slow
}

// window returns the first position of the window read for a key
// predicted at position p.
func window(p int) int { return max(p-winSize/2, 0) }

// predict returns the position interpolation gives key k in the bucket
// whose keys are at [lo, hi).
func (ix *Index) predict(k uint32, lo, hi int) int {
	return lo + int(uint64(k&ix.mask)*uint64(hi-lo)>>(ix.shift&31))
}

// locate finds addr's record key k in the 32-bit layout. It returns the
// position of the first key at least k: as is when that key is k, and
// complemented (^i, negative) when it is not; i is ix.n when every key is
// below k. Every key of a bucket not marked slow lies in the window of its
// prediction, so the first key at least k lies in the
// window too, whether k is a key or not: the prediction is monotonic in
// k. When addr is not within the 32-bit layout's keys (addr-base is not
// below limit), locate answers for exact lookups only: the position of
// addr's first record, or -1.
func (ix *Index) locate(addr uint64) int {
	off := addr - ix.base
	if off >= ix.limit {
		return ix.findWide(addr)
	}
	return ix.locate32(uint32(off)<<1|1, false)
}

// locate32 is locate for a key k of the 32-bit layout (an address less
// base below limit, as k = offset<<1|1). Exact lookups (exact) search
// keys16 when there is one (find's slow path: slow buckets and those of
// fewer than winSize keys); nearest-preceding ones search keys32, whose
// line they read next anyway (the key before the position found).
func (ix *Index) locate32(k uint32, exact bool) int {
	shift := ix.shift & 31
	b := uint(k >> shift)
	dir, keys := ix.dir, ix.keys32
	if b+1 >= uint(len(dir)) {
		return ^ix.n // cannot happen: limit keeps k within the buckets
	}
	lo, hi := dir[b], dir[b+1]&^slowBucket
	var i int
	if exact && ix.keys16 != nil {
		// The bucket's low halves, comparable within the bucket only: a
		// key of the bucket equal to k's low half is k. find searches a
		// window of them in buckets of winSize keys or more whose keys
		// lie where interpolation puts them; here come the others, small
		// buckets (one or two lines) and slow ones (keys bunched in part
		// of the bucket: half the lines of their keys32).
		low := uint16(k & ix.mask)
		i = lowerBound(ix.keys16, low, int(lo&^slowBucket), int(hi))
		if i < int(hi) && ix.keys16[i] == low {
			return i
		}
		return ^i
	} else if lo&slowBucket != 0 {
		i = lowerBound(keys, k, int(lo&^slowBucket), int(hi))
	} else {
		s := window(int(lo) + int(uint64(k&ix.mask)*uint64(hi-lo)>>shift))
		if s+winSize > len(keys) {
			return ^ix.n // cannot happen: the padding covers every window
		}
		// How many of the window's keys are below k, by a branch-free
		// binary search (see find): 0 to winSize.
		w, k64 := (*[winSize]uint32)(keys[s:s+winSize]), uint64(k)
		j := int((uint64(w[7])-k64)>>63) << 3
		j += int((uint64(w[(j+3)&15])-k64)>>63) << 2
		j += int((uint64(w[(j+1)&15])-k64)>>63) << 1
		j += int((uint64(w[j&15]) - k64) >> 63)
		i = s + j + int((uint64(w[j&15])-k64)>>63)
	}
	if i >= len(keys) || keys[i] != k {
		return ^i
	}
	return i
}

// b2i is 1 for true, 0 for false (the compiler emits a SETcc).
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// lowerBound returns the first position in keys[lo:hi] whose key is at
// least k, or hi. The halving has no data-dependent branch (the compiler
// makes the step a conditional move).
func lowerBound[K uint16 | uint32 | uint64](keys []K, k K, lo, hi int) int {
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

// find is Lookup for an address less base. Its fast path is the 32-bit
// layout's with keys16 (off below fast) in a bucket of winSize keys or
// more, not slow: a branch-free binary search of the window of keys16
// around the key's predicted position, in as few instructions as it
// takes, because a processor overlaps independent lookups only as far as
// its reorder buffer holds their instructions (at 10 million records each
// waits for memory: every instruction cut lets more of them wait at once).
// It also tells Match.Len when the key's run holds one key, so that Len
// reads nothing. An index most of whose keys lie in buckets the fast path
// leaves has none (fast is 0): its lookups ask the hot cache first.
func (ix *Index) find(off uint64) (Match, bool) {
	if off >= ix.fast.Load() {
		if off < ix.limit && ix.hot != nil {
			// The hot cache's hit, written out here: a lookup of a hot
			// set makes no call.
			k := uint32(off)<<1 | 1
			if e, ok := ix.hotGet(k); ok {
				if ix.sampled(k) { // counts, in this mode (see counts)
					ix.note(true)
				}
				return ix.hotMatch(off, e), true
			}
			return ix.findMiss(off, k)
		}
		return ix.findSlow(off)
	}
	k := uint32(off)<<1 | 1
	shift := ix.shift & 31
	b := uint(k >> shift)
	if b+2 > uint(len(ix.dir)) {
		return Match{}, false // cannot happen: fast keeps k within the buckets
	}
	d := ix.dir[b : b+2 : b+2]
	lo, hi := d[0], d[1]&^slowBucket
	if !windowed(lo, hi) {
		return ix.findSlow(off)
	}
	// The window (see locate32), and the winSize low halves after it,
	// which the padding covers: the one after a key found tells whether
	// its run goes on.
	low := k & ix.mask
	s := int(lo) + int(uint64(low)*uint64(hi-lo)>>shift) - winSize/2
	s = min(max(s, int(lo)), int(hi)-winSize)
	w := (*[2 * winSize]uint16)(ix.keys16[s : s+2*winSize])
	j := int((uint32(w[7])-low)>>31) << 3
	j += int((uint32(w[(j+3)&15])-low)>>31) << 2
	j += int((uint32(w[(j+1)&15])-low)>>31) << 1
	j += int((uint32(w[j&15]) - low) >> 31)
	if uint32(w[j&15]) != low {
		return Match{}, false
	}
	return Match{ix: ix, pos: s + j, off: off, kind: kindExact | matchKind(b2i(uint32(w[(j+1)&31]) != low))<<1}, true
}

// windowed reports whether find's fast path searches the bucket whose
// directory entries are lo and hi (the next one's, its flag cleared): one
// not slow, of winSize keys or more.
func windowed(lo, hi uint32) bool { return int32(lo|(hi-lo-winSize)) >= 0 }

// fastKeys returns the number of keys in buckets find's fast path
// searches.
func (ix *Index) fastKeys() int {
	t := 0
	for b := 0; b+1 < len(ix.dir); b++ {
		if lo, hi := ix.dir[b], ix.dir[b+1]&^slowBucket; windowed(lo, hi) {
			t += int(hi - lo)
		}
	}
	return t
}

// findSlow is find past its fast path.
func (ix *Index) findSlow(off uint64) (Match, bool) {
	var i int
	switch {
	case off < ix.limit && ix.hot != nil:
		return ix.findHot(off, uint32(off)<<1|1)
	case off < ix.fastLimit:
		i = ix.locate32(uint32(off)<<1|1, true)
	default:
		i = ix.locate(ix.base + off)
	}
	if i < 0 {
		return Match{}, false
	}
	return Match{ix: ix, pos: i, off: off, kind: kindExact}, true
}
