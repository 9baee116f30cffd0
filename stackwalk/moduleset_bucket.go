package stackwalk

import "math/bits"

// A chunk's directory cuts the span of its starts, from the first to the
// last, into chunkBuckets buckets of 1<<shift bytes. Bucket b's record is
// one word that gives, for any address x in the bucket, the index of the
// last start at or below x without reading a start:
//
//	bits  0-15  the index of the last start at or below the bucket's low
//	            address (the first candidate), < maxChunk
//	bits 16-63  three 16-bit lanes, one for each of the next three starts:
//	            its offset in the bucket, scaled to 15 bits (offLane), or
//	            laneNone when that start is not in the bucket
//
// The index is the first candidate plus the number of lanes at or below
// x's own scaled offset, counted for all three lanes at once (bucketIndex).
// It is exact where the bucket is at most 1<<15 bytes wide (a chunk whose
// starts span up to 4 MB: a JIT's packed modules), and may count one start
// too many where a start and x fall in the same 1/32768th of the bucket;
// then, and where a bucket holds more than four starts and x lies past the
// fourth, the entry found does not hold x, and the lookup searches the
// chunk (rare: the benchmark's layouts take that way in about 1% of
// lookups, and an address in no module always does).
//
// The records are 1 KB a chunk, four times the 257 bytes of an index-only
// directory of 256 buckets, but a lookup reads one record (one cache line)
// and then one entry, where that directory left two candidate entries to
// read, and 14 % of the lookups in packed modules three or more (a
// mispredicted branch and a search).
type chunkDir [chunkBuckets]uint64

// chunkBuckets is the number of buckets of a chunk's directory.
const chunkBuckets = 128

// Lanes of a bucket record.
const (
	laneBits = 15                    // the bits of a scaled offset
	laneNone = 1 << laneBits         // the lane of a start not in the bucket
	laneMax  = 1<<laneBits - 1       // the largest scaled offset
	laneOnes = 0x0001_0001_0001_0001 // 1 in every lane
	laneHigh = 0x8000_8000_8000_8000 // the top bit of every lane
	nextHigh = 0x8000_8000_8000_0000 // the top bits of the three start lanes
	firstIdx = 0xffff                // the first candidate's field
	nextKept = 3                     // starts after the first candidate a record holds
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
// bucket, 1<<shift wide, scaled to laneBits: the top bits of d rotated
// right by shift, which are d's low shift bits (the offset in the
// bucket), followed by zeros where shift < laneBits (the top bits of the
// bucket's index, d>>shift, below 1<<(64-laneBits) in every bucket that
// holds a start).
func offLane(d uint64, shift uint8) uint64 {
	return bits.RotateLeft64(d, -int(shift)) >> (64 - laneBits)
}

// fillBuckets sets the records of the directory of starts (sorted, 1 to
// maxChunk of them) with buckets 1<<shift wide, shift from chunkShift.
func fillBuckets(starts []uint64, shift uint, d *chunkDir) {
	n, base := len(starts), starts[0]
	j := 0 // the last start at or below bucket b's low address
	for b := range d {
		lowOff := uint64(b) << shift
		if uint64(b) > (starts[n-1]-base)>>shift {
			// Past the last start's bucket.
			d[b] = uint64(n-1) | laneNone<<16 | laneNone<<32 | laneNone<<48
			continue
		}
		for j+1 < n && starts[j+1]-base <= lowOff {
			j++
		}
		rec := uint64(j)
		for t := 1; t <= nextKept; t++ {
			lane := uint64(laneNone)
			if k := j + t; k < n && (starts[k]-base)>>shift == uint64(b) {
				lane = offLane(starts[k]-base, uint8(shift))
			}
			rec |= lane << (16 * t)
		}
		d[b] = rec
	}
}

// bucketIndex returns the index a bucket record gives for an address
// whose scaled offset in the bucket is p (at most laneMax): the first
// candidate plus the number of the record's next starts at or below p.
// Per lane, (p | 0x8000) - lane keeps its top bit exactly when p >= lane,
// without borrowing from the lane above (p < 0x8000, lane <= 0x8000).
// The three top bits are summed by a multiplication, which puts the sum
// of bits 30, 46 and 62 in bits 62-63 (no carry reaches them from below:
// bits 30 and 46 make at most 2 at bit 46): a population count would
// call a function on processors without POPCNT, and spill registers
// around the call on the others.
func bucketIndex(rec, p uint64) uint64 {
	x := (p*laneOnes | laneHigh) - rec
	return rec&firstIdx + (x>>1&(nextHigh>>1))*(1+1<<16+1<<32)>>62
}

// bucketOf returns the bucket of the offset d from the chunk's first
// start, and d's scaled offset in it. An offset past the buckets is put
// in the last one, which holds no start after its first candidate (see
// chunkShift): its scaled offset does not matter.
func bucketOf(d uint64, shift uint8) (b, p uint64) {
	return min(d>>(shift&63), chunkBuckets-1), offLane(d, shift)
}
