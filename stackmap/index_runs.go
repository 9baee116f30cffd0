package stackmap

import "math/bits"

// Runs: records that share an address have equal keys, side by side. A
// Match holds the position of its first key; its length, and the first
// position of the run holding any position, come from a rank directory
// over the runs' first positions, in constant time whatever the run's
// length: a bit a key (set at the first position of each run of two or
// more keys), a 4-byte count every 64 keys, and 8 bytes a run. An index
// whose addresses are all distinct has none of it.
type indexRuns struct {
	starts []uint64 // bit i: a run of two or more equal keys starts at position i
	rank   []uint32 // rank[w]: the number of bits set in starts[:w]
	runs   []indexRun
}

// indexRun is one run of equal keys.
type indexRun struct {
	start, len uint32
}

// buildRuns finds the runs of equal keys.
func (ix *Index) buildRuns() {
	var runs []indexRun
	for i := 0; i+1 < ix.n; {
		j := i + 1
		for j < ix.n && ix.keyAt(j) == ix.keyAt(i) {
			j++
		}
		if j-i > 1 {
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

// runOf returns the run holding position i: its first position and its
// length (i and 1 for a key of its own).
func (ix *Index) runOf(i int) (start, n int) {
	rs := &ix.runs
	if rs.runs == nil || uint(i) >= uint(len(rs.starts))*64 {
		return i, 1
	}
	w := i / 64
	// The runs starting at or before i: the last of them holds i if any does.
	k := int(rs.rank[w]) + bits.OnesCount64(rs.starts[w]&(2<<(i%64)-1)) - 1
	if k < 0 || k >= len(rs.runs) {
		return i, 1
	}
	r := rs.runs[k]
	if i >= int(r.start)+int(r.len) {
		return i, 1
	}
	return int(r.start), int(r.len)
}
