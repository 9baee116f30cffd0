package stackwalk

import "math/bits"

// A chunk's directory cuts the span of its starts, from the first to the
// last, into two buckets a module (chunkBuckets) of 1<<shift bytes.
// Bucket b's record is 32 bits that give, for any address x in the
// bucket, the index of the last start at or below x without reading a
// start:
//
//	bits  0-6   the index of the last start at or below the bucket's low
//	            address (the first candidate), < maxChunk; bit 7 is 0
//	bits  8-31  two 12-bit lanes, one for each of the next two starts:
//	            its offset in the bucket scaled to 11 bits (offLane), or
//	            laneNone when that start is not in the bucket
//
// The index is the first candidate plus the number of lanes at or below
// x's own scaled offset, counted for both lanes at once (bucketIndex). It
// is exact where the bucket is at most 2 KB wide, and may count too many
// the starts above x in x's 1/2048th of the bucket; then, and where x
// lies past the third start of a bucket, the entry found does not hold x,
// and the lookup searches (see moduleSnap.search): in about 1 % of the
// lookups in perf/modscale's packed layout, 0.4 % in the uneven one, and
// for every address in no module.
//
// The records are kept in the chunk's entries, two in each entry's
// dir word (2n slots; bucket b in slot s, entry s/2, the low half for even
// s: see slotOf): a lookup's record and entry are then in one allocation,
// most often one page (one page walk where a directory of its own took
// two), and the directory costs no memory beside the entries (a
// directory of 128 buckets of its own was 512 bytes a chunk, 5.3 bytes a
// module, and 4 KB copied a change with its group).

// chunkBuckets returns the number of buckets of the directory of a chunk
// of n modules: two a module, as many as its entries hold records.
func chunkBuckets(n uint64) uint64 { return 2 * n }

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
// of nb buckets whose starts span span bytes: the narrowest that all
// buckets but the last cover. The last bucket then holds no start after
// its first candidate, so an address past the buckets, which slotOf
// puts there, needs no offset in it.
func chunkShift(span, nb uint64) uint {
	shift := uint(0)
	for span>>shift >= nb-1 {
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

// fillBuckets sets the records d (chunkBuckets(len(starts)) of them) of
// the directory of starts (sorted, 1 to maxChunk of them) with buckets
// 1<<shift wide from base (at or below the first start: the chunk's
// base), shift from chunkShift. An address below the first start gets
// entry 0, which does not hold it.
func fillBuckets(starts []uint64, base uint64, shift uint, d []uint32) {
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

// slotOf returns the slot of the bucket record of the offset d from a
// bucketed chunk's base, and d's scaled offset in its bucket: the bucket
// is b = min(d>>shift, last), last the bucket past the last start's (its
// record holds no start after its first candidate), and its slot, of the
// 2n slots of the entries (two in each entry's dir word), b*scale>>16,
// where scale = 2n<<16 / (last+1) (in the chunk's slope word with last):
// the records spread over the entries as the buckets over the span, so
// that the record of an address is near the address's entry (most
// often in its line). Buckets are a power of two wide, up to twice the
// span over 2n: at one slot a bucket, the record of an address in the
// upper half of the chunk was in the lower half of its entries, never in
// the entry's line.
//
// In perf/modscale's packed layout the record was in the line of the
// address's entry for 12 % of the addresses, now 38 % (uneven: 19 %,
// now 43 %).
func slotOf(d uint64, shift uint8, word, nb uint64) (s, p uint64) {
	return bucketSlot(d>>(shift&63), word, nb), offLane(d, shift)
}

// bucketSlot returns the slot of bucket b (see slotOf), below nb (2n)
// whatever word holds: a lookup reads no record but the chunk's.
func bucketSlot(b, word, nb uint64) uint64 {
	return min(min(b, word>>32)*uint64(uint32(word))>>16, nb-1)
}

// slotWord returns the slot word of a directory of nb buckets 1<<shift
// wide over span bytes: scale | last<<32 (see slotOf).
func slotWord(span uint64, shift uint, nb uint64) uint64 {
	last := span>>shift + 1
	return (nb<<16)/(last+1) | last<<32
}
