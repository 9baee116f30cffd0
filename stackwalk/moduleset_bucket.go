package stackwalk

import "math/bits"

// A chunk's directory cuts the span of its starts, from the first to the
// last, into chunkBuckets buckets of 1<<shift bytes. Bucket b's record is
// 32 bits that give, for any address x in the bucket, the index of the
// last start at or below x without reading a start:
//
//	bits  0-6   the index of the last start at or below the bucket's low
//	            address (the first candidate), < maxChunk; bit 7 is 0
//	bits  8-31  two 12-bit lanes, one for each of the next two starts:
//	            its offset in the bucket scaled to 11 bits (offLane), or
//	            laneNone when that start is not in the bucket
//
// The index is the first candidate plus the number of lanes at or below
// x's own scaled offset, counted for both lanes at once (bucketIndex). It
// is exact where the bucket is at most 2 KB wide (a chunk whose starts
// span up to 254 KB: a JIT's packed modules), and may count too many the
// starts above x in x's 1/2048th of the bucket; then,
// and where x lies past the third start of a bucket, the entry found does
// not hold x, and the lookup searches (see moduleSnap.search): in about
// 1 % of the lookups in the benchmark's packed layout, 0.5 % in the
// uneven one, and for every address in no module.
//
// The records are 512 bytes a chunk, twice the 257 bytes of the
// index-only directory of 256 buckets before them, but a lookup reads
// one record and then one entry, where that directory left two candidate
// entries to read (and in 14 % of the lookups in packed modules three or
// more: a mispredicted branch and a search). Records of 8 bytes with
// three lanes searched less (under 0.1 %), but their 1 KB a chunk made
// Add and Remove allocate, copy and collect a third more.
type chunkDir [chunkBuckets]uint32

// chunkBuckets is the number of buckets of a chunk's directory.
const chunkBuckets = 128

// Lanes of a bucket record.
const (
	laneBits = 11                   // the bits of a scaled offset
	laneNone = 1 << laneBits        // the lane of a start not in the bucket
	laneOnes = 1<<8 | 1<<20         // 1 in both lanes
	guards   = 1<<7 | 1<<19 | 1<<31 // the top bit of every field
	nextTops = 1<<19 | 1<<31        // the top bits of the two lanes
	firstIdx = 0x7f                 // the first candidate's field
	nextKept = 2                    // starts after the first candidate a record holds
)

// chunkShift returns the bucket width (1<<shift) of a chunk's directory
// whose starts span span bytes: the narrowest that all buckets but the
// last cover. The last bucket then holds no start after its first
// candidate, so an address past the buckets, which bucketOf puts there,
// needs no offset in it.
func chunkShift(span uint64) uint {
	shift := uint(0)
	for span>>shift >= chunkBuckets-1 {
		shift++
	}
	return shift
}

// offLane returns the offset d (from the chunk's first start) in its
// bucket, 1<<shift wide, scaled to laneBits (scaled).
func offLane(d uint64, shift uint8) uint64 { return scaled(d, shift, laneBits) }

// scaled returns the offset d in its bucket, 1<<shift wide, scaled to
// width bits: the top bits of d rotated right by shift, which are d's low
// shift bits (the offset in the bucket), followed by zeros where shift <
// width (the top bits of the bucket's index, d>>shift, below
// 1<<(64-width) in every bucket that holds a start).
func scaled(d uint64, shift uint8, width uint) uint64 {
	return bits.RotateLeft64(d, -int(shift)) >> (64 - width)
}

// fillBuckets sets the records of the directory of starts (sorted, 1 to
// maxChunk of them) with buckets 1<<shift wide from base (at or below the
// first start: the chunk's base), shift from chunkShift. An address below
// the first start gets entry 0, which does not hold it.
func fillBuckets(starts []uint64, base uint64, shift uint, d *chunkDir) {
	n := len(starts)
	j := 0 // the last start at or below bucket b's low address
	for b := range d {
		lowOff := uint64(b) << shift
		if uint64(b) > (starts[n-1]-base)>>shift {
			// Past the last start's bucket.
			d[b] = uint32(n-1) | laneNone<<8 | laneNone<<20
			continue
		}
		for j+1 < n && starts[j+1]-base <= lowOff {
			j++
		}
		rec := uint32(j)
		for t := 1; t <= nextKept; t++ {
			lane := uint32(laneNone)
			if k := j + t; k < n && (starts[k]-base)>>shift == uint64(b) {
				lane = uint32(offLane(starts[k]-base, uint8(shift)))
			}
			rec |= lane << (8 + 12*(t-1))
		}
		d[b] = rec
	}
}

// bucketIndex returns the index a bucket record gives for an address
// whose scaled offset in the bucket is p (below 1<<laneBits): the first
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

// bucketOf returns the bucket of the offset d from the chunk's first
// start, and d's scaled offset in it. An offset past the buckets is put
// in the last one, which holds no start after its first candidate (see
// chunkShift): its scaled offset does not matter.
func bucketOf(d uint64, shift uint8) (b, p uint64) {
	return min(d>>(shift&63), chunkBuckets-1), offLane(d, shift)
}
