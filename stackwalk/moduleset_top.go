package stackwalk

import "math/bits"

// topDir finds a snapshot's chunk for an address as a chunk's directory
// finds its entry (chunkBuckets), over the chunks' first starts: the span from
// the first to the last is cut into a power-of-two number of buckets, at
// least one per chunk, 1<<shift bytes each, and bucket b's record gives the
// chunk of an address in it by arithmetic, in one read (an index-only
// directory was two dependent reads, the bucket's index and a first
// start, before the chunk was known):
//
//	bits 40-63  the place (moduleSnap.off plus the index) of the last
//	            chunk starting at or below the bucket's low address (the
//	            first candidate)
//	bit  39     set when the bucket holds more than three chunks' starts
//	            after the first candidate: the place may then be too low
//	            (the lookup finds no entry holding the address, and
//	            searches)
//	bits  0-38  three 13-bit lanes, one for each of the next three chunks:
//	            its first start's offset in the bucket scaled to 12 bits,
//	            or topNone when that chunk does not start in the bucket
//
// Offsets are scaled, so the index may count too many the chunks that
// start above the address in its 1/4096th of the bucket; the lookup then
// finds no entry holding the address, and searches (see
// moduleSnap.search).
type topDir struct {
	recs  []uint64 // never empty
	base  uint64   // the first chunk's first start
	shift uint8
}

// emptyTop is the top directory of a snapshot of no chunks: one record,
// whose place is 0 (a lookup finds no block, and searches).
var emptyTop = topDir{recs: []uint64{topNone | topNone<<13 | topNone<<26}}

// Fields and lanes of a topDir record.
const (
	topLaneBits = 12
	topNone     = 1 << topLaneBits                    // the lane of a chunk not starting in the bucket
	topOnes     = 1 | 1<<13 | 1<<26                   // 1 in every lane
	topGuards   = topNone | topNone<<13 | topNone<<26 // the top bit of every lane
	topOverflow = 1 << 39
	topIdxShift = 40
	maxTopIdx   = 1<<(64-topIdxShift) - 1
)

// newTopDir returns the directory of firsts (sorted, not empty) of chunks
// from place off on, with
// the last bucket past the last start (so that an address past the
// buckets, put in the last, needs no offset) and at least as many buckets
// from the first start to the last as chunks: at most one start a bucket
// on average. (Power-of-two buckets, 1 to 2 per chunk, of which the
// starts span from half to all: with half, 10 % of the lookups among
// 1,000 chunks of packed modules found more than three starts after the
// first candidate, and searched. Twice as many buckets in every case,
// 32 KB of records at 100,000 modules, made lookups 1 to 2 ns slower.)
func newTopDir(firsts []uint64, off int) topDir {
	n := len(firsts)
	base, span := firsts[0], firsts[n-1]-firsts[0]
	nb, shift := uint64(1)<<bits.Len(uint(n)), uint(0)
	for span>>shift >= nb-1 {
		shift++
	}
	if span>>shift+1 < uint64(n) && shift > 0 {
		// The starts span half the buckets or less: twice as many.
		nb *= 2
		shift--
	}
	d := topDir{base: base, shift: uint8(shift), recs: make([]uint64, nb)}
	j := 0
	for b := range d.recs {
		if uint64(b) > span>>shift {
			d.recs[b] = uint64(off+n-1)<<topIdxShift | topNone | topNone<<13 | topNone<<26
			continue
		}
		for j+1 < n && firsts[j+1]-base <= uint64(b)<<shift {
			j++
		}
		rec := uint64(min(off+j, maxTopIdx)) << topIdxShift
		if off+j > maxTopIdx {
			rec |= topOverflow
		}
		for t := 1; t <= 3; t++ {
			lane := uint64(topNone)
			if k := j + t; k < n && (firsts[k]-base)>>shift == uint64(b) {
				lane = topLane(firsts[k]-base, uint8(shift))
			}
			rec |= lane << (13 * (t - 1))
		}
		if k := j + 4; k < n && (firsts[k]-base)>>shift == uint64(b) {
			rec |= topOverflow
		}
		d.recs[b] = rec
	}
	return d
}

// topLane returns the offset d (from the first chunk's start) in its
// bucket, 1<<shift wide, scaled to topLaneBits (scaled).
func topLane(d uint64, shift uint8) uint64 { return scaled(d, shift, topLaneBits) }

// topIndex returns the place a record gives for an address whose scaled
// offset in the bucket is p: the first candidate plus the number of the
// next three chunks starting at or below p. The three lanes' top bits
// (12, 25 and 38) are summed by a multiplication into bits 38-39 (bits 12
// and 25 make at most 2 at bit 25, no carry reaches bit 38).
func topIndex(rec, p uint64) uint64 {
	x := (p*topOnes | topGuards) - rec
	return rec>>topIdxShift + (x&topGuards)*(1+1<<13+1<<26)>>38&3
}
