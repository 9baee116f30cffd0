package stackwalk

import "math/bits"

// moduleEntry is a module and its code range [start, end), copied when
// it was added, and two records of its chunk's directory (see
// chunkBuckets).
//
// It is 32 bytes: an entry never straddles two cache lines (Go puts an
// array of them at a multiple of its size class, a multiple of 32 bytes),
// so a lookup reads one line of entries (at 24 bytes, 1.25 on average).
type moduleEntry struct {
	start, end uint64
	m          *Module
	dir        uint64
}

// lastEntryAtOrBelow is lastAtOrBelow over the entries' starts.
func lastEntryAtOrBelow(a []moduleEntry, x uint64) int {
	n := len(a)
	if n == 0 || a[0].start > x {
		return -1
	}
	lo := 0
	for n > 1 {
		half := n >> 1
		_, above := bits.Sub64(x, a[lo+half].start, 0)
		lo += half & int(above-1)
		n -= half
	}
	return lo
}

// module returns the chunk's module j.
func (c *moduleChunk) module(j int) *Module { return c.entries()[j].m }

// splice returns a new array of a's entries [0, j), then add (when not
// nil), then a's entries [k, len), followed by next's.
func splice(a []moduleEntry, j, k int, add *Module, next []moduleEntry) []moduleEntry {
	n := j + len(a) - k + len(next)
	if add != nil {
		n++
	}
	ents := append(make([]moduleEntry, 0, n), a[:j]...)
	if add != nil {
		ents = append(ents, moduleEntry{start: add.Start, end: add.End, m: add}) // dir: set by chunkOf
	}
	ents = append(ents, a[k:]...)
	return append(ents, next...)
}
