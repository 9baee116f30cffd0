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
func IndexHotSize(ix *Index) int { return len(ix.hot) }
