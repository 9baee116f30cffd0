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

// newAddrDir builds the directory of n sorted starts (n > 0), start(i)
// giving start i, with about one bucket per start: O(n).
func newAddrDir(n int, start func(i int) uint64) addrDir {
	d := addrDir{base: start(0), span: start(n-1) - start(0)}
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
		for j+1 < n && start(j+1)-d.base <= off {
			j++
		}
		d.idx[b] = uint32(j)
	}
	return d
}

// bucket returns the range [lo, hi] of indexes the last start at or below
// x lies in (the start at lo is at or below x); ok is false when x is
// below the first start.
func (d *addrDir) bucket(x uint64) (lo, hi int, ok bool) {
	if x < d.base || len(d.idx) < 2 {
		return 0, 0, false
	}
	b := min((x-d.base)>>d.shift, uint64(len(d.idx)-2))
	return int(d.idx[b]), int(d.idx[b+1]), true
}

// find returns the index of the last of starts (the array the directory
// was built from) at or below x, or -1.
func (d *addrDir) find(starts []uint64, x uint64) int {
	lo, hi, ok := d.bucket(x)
	if !ok || lo > hi || hi >= len(starts) {
		return -1
	}
	return lo + lastAtOrBelow(starts[lo:hi+1], x)
}
