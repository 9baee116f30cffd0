package stackwalk

import (
	"math"
	"math/bits"
)

// A chunk's directory cuts the span of its starts, from its base to the
// last start, into two buckets a module (chunkBuckets) of equal width:
// the bucket of an offset x from the base is x*scale>>64 (bucketOf, scale
// in the chunk's slope word), and the 64 bits below it, x's fraction of
// the bucket, give x's place in the bucket. Bucket b's record is 32 bits
// that give, for any address x in the bucket, the index of the last
// start at or below x without reading a start:
//
//	bits  0-6   the index of the last start in a bucket below b, or 0
//	            (the first candidate), < maxChunk; bit 7 is 0
//	bits  8-31  two 12-bit lanes, one for each of the next two starts:
//	            its place in the bucket, the top laneBits bits of its
//	            fraction, or laneNone when that start is not in the
//	            bucket
//
// The index is the first candidate plus the number of lanes at or below
// x's own place, counted for both lanes at once (bucketIndex). It may
// count too many the starts above x in x's 1/2048th of the bucket; then,
// and where x lies past the third start of a bucket, the entry found
// does not hold x, and the lookup searches (see moduleSnap.search): in
// about 0.08 % of the lookups in perf/modscale's packed layout, 0.01 % in
// the uneven one (with buckets a power of two wide, up to twice as wide,
// 1 % and 0.4 %), and for every address in no module.
//
// The records are kept in the chunk's entries, two in each entry's dir
// word: bucket b's in entry b/2, the low half for even b. The buckets
// spread evenly over the span, so that the record of an address is near
// the address's entry (in its line for 38 % of perf/modscale's packed
// layout's addresses, 48 % of the uneven one's): a lookup's record and
// entry are then in one allocation, most often one page (one page walk
// where a directory of its own took two), and the directory costs no
// memory beside the entries (a directory of 128 buckets of its own was
// 512 bytes a chunk, 5.3 bytes a module, and 4 KB copied a change with
// its group). Buckets a power of two wide (up to twice the span over
// 2n), whose records a second scale spread over the entries, took about
// 15 instructions more a lookup: bucketOf's multiplication gives the
// bucket, its slot and the place at once.

// chunkBuckets returns the number of buckets of the directory of a chunk
// of n modules: two a module, as many as its entries hold records.
func chunkBuckets(n uint64) uint64 { return 2 * n }

// Lanes of a bucket record.
const (
	laneBits = 11                   // the bits of a place in a bucket
	laneNone = 1 << laneBits        // the lane of a start not in the bucket
	laneOnes = 1<<8 | 1<<20         // 1 in both lanes
	guards   = 1<<7 | 1<<19 | 1<<31 // the top bit of every field
	nextTops = 1<<19 | 1<<31        // the top bits of the two lanes
	firstIdx = 0x7f                 // the first candidate's field
	nextKept = 2                    // starts after the first candidate a record holds
)

// bucketScale returns the scale of a directory of nb buckets whose starts
// span span bytes from the base: the largest whose buckets up to span's
// are the directory's (span*scale>>64 < nb), so that the buckets are as
// narrow as they can be.
func bucketScale(span, nb uint64) uint64 {
	if span < nb {
		// A bucket a byte (offsets 0 and 1 share bucket 0).
		return math.MaxUint64
	}
	// (nb<<64 - 1) / span, below 1<<64 as span >= nb.
	q, _ := bits.Div64(nb-1, math.MaxUint64, span)
	return q
}

// bucketOf returns the bucket of the offset x from the base of a
// directory of nb buckets with scale, below nb whatever x and scale are
// (an offset past the span, or below the base, is put in the last
// bucket) and never lower for a higher x; and x's place in it (the top
// laneBits bits of its fraction), never lower for a higher x in the
// same bucket.
func bucketOf(x, scale, nb uint64) (b, place uint64) {
	b, f := bits.Mul64(x, scale)
	return min(b, nb-1), f >> (64 - laneBits)
}

// scaled returns the offset d in its bucket, 1<<shift wide, scaled to
// width bits: the top bits of d rotated right by shift, which are d's low
// shift bits (the offset in the bucket), followed by zeros where shift <
// width (the top bits of the bucket's index, d>>shift, below
// 1<<(64-width) in every bucket that holds a start).
func scaled(d uint64, shift uint8, width uint) uint64 {
	return bits.RotateLeft64(d, -int(shift)) >> (64 - width)
}

// fillBuckets sets the records d (chunkBuckets(len(starts)) of them) of
// the directory of starts (sorted, 1 to maxChunk of them) from base (at
// or below the first start: the chunk's base) with scale (bucketScale of
// the starts' span and len(d)-1: the last bucket is past the last
// start's, and holds no start after its first candidate, so that an
// address past the span, which bucketOf puts there, needs no place in
// it).
func fillBuckets(starts []uint64, base, scale uint64, d []uint32) {
	nb := uint64(len(d))
	var bs, ps [maxChunk]uint64 // each start's bucket and place
	for k, s := range starts {
		bs[k], ps[k] = bucketOf(s-base, scale, nb)
	}
	// The first candidates: starts are sorted and bucketOf is never
	// lower for a higher offset, so the starts of bucket b follow those
	// of the buckets below.
	j, b := 0, uint64(0)
	for k := range starts {
		for ; b <= bs[k]; b++ {
			d[b] = uint32(j)
		}
		j = k
	}
	for ; b < nb; b++ {
		d[b] = uint32(j)
	}
	for b := range d {
		j := int(d[b])
		for t := 1; t <= nextKept; t++ {
			lane := uint32(laneNone)
			if k := j + t; k < len(starts) && bs[k] == uint64(b) {
				lane = uint32(ps[k])
			}
			d[b] |= lane << (8 + 12*(t-1))
		}
	}
}

// bucketIndex returns the index a bucket record gives for an address
// whose place in the bucket is p (below 1<<laneBits): the first
// candidate plus the number of the record's next starts at or below p.
// Per lane, (p | laneNone) - lane keeps its top bit exactly when p >=
// lane, without borrowing from the field above (lane <= laneNone; the
// first candidate's field has its own top bit, 7, set, and is below it).
// The lanes' top bits, 19 and 31, are summed by a multiplication into
// bits 31-32: a population count would call a function on processors
// without POPCNT, and spill registers around the call on the others.
func bucketIndex(rec uint32, p uint64) uint64 {
	x := (p*laneOnes | guards) - uint64(rec)
	return uint64(rec&firstIdx) + (x&nextTops)*(1+1<<12)>>31&3
}
