package stackmap

// IndexLayout tells tests which of the Index's paths a section exercises:
// the directory's buckets and how many are searched whole, whether
// function end markers are among the keys, and whether the keys are the
// 64-bit layout's.
func IndexLayout(ix *Index) (buckets, slow int, ends, wide bool) {
	for b := 0; b+1 < len(ix.dir); b++ {
		buckets++
		if ix.dir[b]&slowBucket != 0 {
			slow++
		}
	}
	return buckets, slow, ix.ends, ix.keys64 != nil
}

// NewIndexUnpacked builds an index whose refs name functions by their
// place in the index's list, as when tables and functions do not fit in 32
// bits.
func NewIndexUnpacked(sec *Section, opts IndexOptions) *Index { return newIndex(sec, 0, opts) }

// IndexRuns returns the number of long runs of records sharing an address
// (those in the run directory).
func IndexRuns(ix *Index) int { return len(ix.runs.runs) }

// IndexHotSize returns the number of entries of ix's hot cache.
func IndexHotSize(ix *Index) int { return 2 * len(ix.hot) }

// IndexLowHalves tells tests whether exact lookups search the keys' low
// halves (keys16), and how many buckets searched that way hold winSize keys
// or more (a window inside the bucket) and fewer (the whole bucket).
func IndexLowHalves(ix *Index) (on bool, full, small int) {
	if ix.keys16 == nil {
		return false, 0, 0
	}
	for b := 0; b+1 < len(ix.dir); b++ {
		lo, hi := ix.dir[b], ix.dir[b+1]&^slowBucket
		switch {
		case lo&slowBucket != 0 || lo == hi:
		case hi-lo >= winSize:
			full++
		default:
			small++
		}
	}
	return true, full, small
}

// IndexHotFirst tells tests whether ix tallies its hot cache's hits (its
// fast path answers most keys) and whether exact lookups now ask the
// hot cache first.
func IndexHotFirst(ix *Index) (tallied, first bool) {
	return ix.tally != nil, ix.fast.Load() < ix.limit
}

// IndexHotStrikes returns how many times in a row ix has asked its hot
// cache first and gone back to its fast path after one window.
func IndexHotStrikes(ix *Index) int { return int(ix.tally.state.Load() >> 32 & 0xff) }
