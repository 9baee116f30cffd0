package stackwalk

import "math/bits"

// addrDir narrows a search in a sorted array of start addresses: the
// range from the first start to the last is cut into a power-of-two number
// of equal buckets, and idx[b] is the index of the last start at or below
// bucket b's low address. The answer for an address in bucket b lies
// between idx[b] and idx[b+1]: when the starts are spread evenly (a JIT's
// code region), one or two entries; when they cluster (code regions far
// apart), the search falls back to a binary search of the cluster's range.
type addrDir struct {
	base  uint64   // the first start
	span  uint64   // the last start - base
	shift uint     // bucket b covers base + [b<<shift, (b+1)<<shift)
	idx   []uint32 // len: buckets + 1
}

// newAddrDir builds the directory of starts (sorted, not empty) with about
// one bucket per start: O(len(starts)).
func newAddrDir(starts []uint64) addrDir {
	n := len(starts)
	d := addrDir{base: starts[0], span: starts[n-1] - starts[0]}
	nb := uint64(1) << bits.Len(uint(n-1)) // a power of two, at least n
	for d.span>>d.shift >= nb {
		d.shift++
	}
	// Buckets past the last start are cut off: span>>shift < nb.
	nb = d.span>>d.shift + 1
	d.idx = make([]uint32, nb+1)
	j := 0
	for b := range d.idx {
		off := uint64(b) << d.shift
		if off > d.span || b == len(d.idx)-1 {
			d.idx[b] = uint32(n - 1)
			continue
		}
		for j+1 < n && starts[j+1]-d.base <= off {
			j++
		}
		d.idx[b] = uint32(j)
	}
	return d
}

// find returns the index of the last start at or below x, or -1.
func (d *addrDir) find(starts []uint64, x uint64) int {
	if x < d.base {
		return -1
	}
	b := (x - d.base) >> d.shift
	if b >= uint64(len(d.idx)-1) {
		b = uint64(len(d.idx) - 2)
	}
	lo, hi := int(d.idx[b]), int(d.idx[b+1])
	if lo > hi || hi >= len(starts) {
		return -1 // not reached: the directory was built from starts
	}
	return lo + lastAtOrBelow(starts[lo:hi+1], x)
}
