package stackwalk

import "math/bits"

// dirIndex is the type of a directory's indexes: uint32 over the chunks
// of a set (uint8 would do for the starts of a chunk).
type dirIndex interface{ ~uint8 | ~uint32 }

// addrDir narrows a search in a sorted array of start addresses: the
// range from the first start to the last is cut into a power-of-two number
// of equal buckets, and idx[b] is the index of the last start at or below
// bucket b's low address. The answer for an address in bucket b lies
// between idx[b] and idx[b+1]: when the starts are spread evenly (a JIT's
// code region), one or two entries; when they cluster (code regions far
// apart), the search falls back to a binary search of the cluster's range.
//
// A snapshot's directory of its chunks' first starts is one: Add, Remove
// and a lookup's search read it (a lookup itself reads topDir's records).
type addrDir[T dirIndex] struct {
	base  uint64 // the first start
	shift uint   // bucket b covers base + [b<<shift, (b+1)<<shift)
	idx   []T    // len: buckets + 1
}

// newAddrDir builds the directory of starts (sorted, not empty, fewer
// than T can count past), with about one bucket per start: O(n).
func newAddrDir[T dirIndex](starts []uint64) addrDir[T] {
	shift, nb := dirShift(starts)
	d := addrDir[T]{base: starts[0], shift: shift, idx: make([]T, nb+1)}
	fillDir(starts, shift, d.idx)
	return d
}

// dirShift returns the bucket width (1<<shift) and the number of buckets
// of a directory of starts (sorted, not empty): a power of two at least
// len(starts) buckets over the span, less those past the last start.
func dirShift(starts []uint64) (shift uint, buckets uint64) {
	span := starts[len(starts)-1] - starts[0]
	nb := uint64(1) << bits.Len(uint(len(starts)-1))
	for span>>shift >= nb {
		shift++
	}
	return shift, span>>shift + 1
}

// fillDir sets idx[b] to the index of the last start at or below bucket
// b's low address, starts[0] + b<<shift, for every b of idx; the last
// element of idx, and those past the last start, to the last index.
func fillDir[T dirIndex](starts []uint64, shift uint, idx []T) {
	n, base := len(starts), starts[0]
	span := starts[n-1] - base
	j := 0
	for b := range idx {
		off := uint64(b) << shift
		if off > span || b == len(idx)-1 || off>>shift != uint64(b) {
			idx[b] = T(n - 1)
			continue
		}
		for j+1 < n && starts[j+1]-base <= off {
			j++
		}
		idx[b] = T(j)
	}
}

// bucket returns the range [lo, hi] of indexes the last start at or below
// x lies in (the start at lo is at or below x); ok is false when x is
// below the first start.
func (d *addrDir[T]) bucket(x uint64) (lo, hi int, ok bool) {
	if x < d.base || len(d.idx) < 2 {
		return 0, 0, false
	}
	b := min((x-d.base)>>d.shift, uint64(len(d.idx)-2))
	return int(d.idx[b]), int(d.idx[b+1]), true
}

// find returns the index of the last of starts (the array the directory
// was built from) at or below x, or -1.
func (d *addrDir[T]) find(starts []uint64, x uint64) int {
	lo, hi, ok := d.bucket(x)
	switch {
	case !ok || lo > hi || hi >= len(starts):
		return -1
	case lo == hi:
		// The bucket holds no start after lo's, which is at or below
		// the bucket's low address: lo, without reading starts.
		return lo
	}
	return lo + lastAtOrBelow(starts[lo:hi+1], x)
}
