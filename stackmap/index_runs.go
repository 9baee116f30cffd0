package stackmap

import "math/bits"

// Runs: records that share an address have equal keys, side by side. A
// Match holds the position of its first key; its length, and the first
// position of the run holding a position, take constant time whatever the
// run's length. A short run (fewer than longRun keys: nearly every run in
// code LLVM writes, two or three stackmap calls at one address) is read by
// comparing at most longRun-1 neighbouring keys each way. Long runs are
// listed in a rank directory over their first positions: a bit a key (set
// at the first position of each long run), a 4-byte count every 64 keys,
// and 8 bytes a long run. An index without long runs has none of it.
type indexRuns struct {
	starts []uint64 // bit i: a long run starts at position i
	rank   []uint32 // rank[w]: the number of bits set in starts[:w]
	runs   []indexRun
}

// longRun is the length from which a run is in the directory.
const longRun = 8

// indexRun is one run of equal keys.
type indexRun struct {
	start, len uint32
}

// buildRuns lists the long runs of equal keys.
func (ix *Index) buildRuns() {
	var runs []indexRun
	for i := 0; i+1 < ix.n; {
		j := i + 1
		for j < ix.n && ix.keyAt(j) == ix.keyAt(i) {
			j++
		}
		if j-i >= longRun {
			runs = append(runs, indexRun{uint32(i), uint32(j - i)})
		}
		i = j
	}
	if len(runs) == 0 {
		return
	}
	words := (ix.n + 63) / 64
	ix.runs = indexRuns{starts: make([]uint64, words), rank: make([]uint32, words), runs: runs}
	for _, r := range runs {
		ix.runs.starts[r.start/64] |= 1 << (r.start % 64)
	}
	c := uint32(0)
	for w, b := range ix.runs.starts {
		ix.runs.rank[w] = c
		c += uint32(bits.OnesCount64(b))
	}
}

// keyAt returns the key at position i, in either layout.
func (ix *Index) keyAt(i int) uint64 {
	if ix.keys64 != nil {
		return ix.keys64[i]
	}
	return uint64(ix.keys32[i])
}

// longRunStart returns the first position of the run holding position i,
// which is at least longRun-1 positions into a run: a long run, in the
// directory.
func (ix *Index) longRunStart(i int) int {
	start, _, ok := ix.longRunOf(i)
	if !ok {
		return i // cannot happen: every long run is in the directory
	}
	return start
}

// longRunLen returns the length of the run starting at position i, which
// has at least longRun keys: a long run, in the directory.
func (ix *Index) longRunLen(i int) int {
	_, n, ok := ix.longRunOf(i)
	if !ok {
		return 1 // cannot happen: every long run is in the directory
	}
	return n
}

// longRunOf returns the long run holding position i, if one does.
func (ix *Index) longRunOf(i int) (start, n int, ok bool) {
	rs := &ix.runs
	if rs.runs == nil || uint(i) >= uint(len(rs.starts))*64 {
		return 0, 0, false
	}
	w := i / 64
	// The long runs starting at or before i: the last of them holds i if
	// any does.
	k := int(rs.rank[w]) + bits.OnesCount64(rs.starts[w]&(2<<(i%64)-1)) - 1
	if k < 0 || k >= len(rs.runs) {
		return 0, 0, false
	}
	r := rs.runs[k]
	if i >= int(r.start)+int(r.len) {
		return 0, 0, false
	}
	return int(r.start), int(r.len), true
}
