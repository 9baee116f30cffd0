package stackwalk

import (
	"cmp"
	"fmt"
	"math/bits"
	"slices"

	"github.com/stackmaps/stackmaps/regs"
)

// Chunk sizes of a module snapshot. A chunk that grows past maxChunk
// modules splits in two; one that shrinks below minChunk merges with a
// neighbour when both fit in buildChunk. Building from a list fills chunks
// to buildChunk, leaving room for additions.
const (
	maxChunk   = 256
	buildChunk = 192
	minChunk   = 32
)

// moduleSnap is one immutable state of a ModuleSet: its modules sorted by
// start address, in chunks. firsts[i] is chunks[i].starts[0]; no chunk is
// empty; dir is the directory of firsts.
type moduleSnap struct {
	firsts []uint64
	chunks []*moduleChunk
	dir    addrDir
	n      int
	// removals counts the Removes that led to this snapshot. A module
	// found for a pc stays the module of that pc until one is removed
	// (Add refuses overlaps), so a cache of lookups (pc -> *Module) made
	// on one snapshot holds on any later one with the same count.
	removals uint64
}

// moduleChunk holds up to maxChunk modules sorted by start address, each
// beside its code range (a lookup's last steps read one or two entries),
// and the directory of their starts.
type moduleChunk struct {
	ents []moduleEntry
	dir  addrDir
}

// moduleEntry is a module and its code range [start, end), copied when
// it was added.
type moduleEntry struct {
	start, end uint64
	m          *Module
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

// find returns the index of the chunk's last module starting at or below
// x, or -1.
func (c *moduleChunk) find(x uint64) int {
	lo, hi, ok := c.dir.bucket(x)
	if !ok || lo > hi || hi >= len(c.ents) {
		return -1
	}
	return lo + lastEntryAtOrBelow(c.ents[lo:hi+1], x)
}

// module returns the chunk's module j.
func (c *moduleChunk) module(j int) *Module { return c.ents[j].m }

// splice returns a new chunk of c's modules [0, j), then add (when not
// nil), then c's modules [k, len), followed by those of next (when not
// nil). Only the new chunk's arrays are allocated.
func (c *moduleChunk) splice(j, k int, add *Module, next *moduleChunk) *moduleChunk {
	n := j + len(c.ents) - k
	if add != nil {
		n++
	}
	if next != nil {
		n += len(next.ents)
	}
	ents := append(make([]moduleEntry, 0, n), c.ents[:j]...)
	if add != nil {
		ents = append(ents, moduleEntry{add.Start, add.End, add})
	}
	ents = append(ents, c.ents[k:]...)
	if next != nil {
		ents = append(ents, next.ents...)
	}
	return chunkOf(ents)
}

// chunkOf makes a chunk of the entries given (not empty), which it keeps.
func chunkOf(ents []moduleEntry) *moduleChunk {
	return &moduleChunk{ents: ents, dir: newAddrDir(len(ents), func(i int) uint64 { return ents[i].start })}
}

// lastAtOrBelow returns the index of the last element of a (sorted) that is
// at most x, or -1. Its loop has no data-dependent branch (the compiler
// keeps an if in it as a branch, which random lookups mispredict).
func lastAtOrBelow(a []uint64, x uint64) int {
	n := len(a)
	if n == 0 || a[0] > x {
		return -1
	}
	lo := 0
	for n > 1 {
		half := n >> 1
		// lo += half when a[lo+half] <= x, without a branch: the
		// borrow of x - a[lo+half] is 1 when it is above x.
		_, above := bits.Sub64(x, a[lo+half], 0)
		lo += half & int(above-1)
		n -= half
	}
	return lo
}

// lookup returns the module whose range contains pc, or nil.
func (s *moduleSnap) lookup(pc uint64) *Module {
	var h moduleHit
	return s.lookupHit(pc, &h)
}

// moduleHit is a module found and its code range, [start, start+size).
type moduleHit struct {
	start, size uint64
	m           *Module
}

// lookupHit returns the module whose range contains pc, or nil; it sets
// *h to the module found and its range (leaves it unchanged otherwise).
func (s *moduleSnap) lookupHit(pc uint64, h *moduleHit) *Module {
	i := 0
	switch len(s.chunks) {
	case 0:
		return nil
	case 1:
	default:
		if i = s.dir.find(s.firsts, pc); i < 0 || i >= len(s.chunks) {
			return nil
		}
	}
	c := s.chunks[i]
	j := c.find(pc)
	if j < 0 || j >= len(c.ents) || pc >= c.ents[j].end {
		return nil
	}
	e := &c.ents[j]
	*h = moduleHit{e.start, e.end - e.start, e.m}
	return e.m
}

// buildSnap checks the modules for arch and sorts them into a snapshot.
func buildSnap(arch regs.Arch, modules []*Module) (*moduleSnap, error) {
	for _, m := range modules {
		if err := m.check(arch); err != nil {
			return nil, err
		}
	}
	sorted := slices.Clone(modules)
	slices.SortFunc(sorted, func(a, b *Module) int { return cmp.Compare(a.Start, b.Start) })
	for i := 1; i < len(sorted); i++ {
		if a, b := sorted[i-1], sorted[i]; b.Start < a.End {
			return nil, overlapError(a, b)
		}
	}
	s := &moduleSnap{n: len(sorted)}
	nc := (len(sorted) + buildChunk - 1) / buildChunk
	s.firsts = make([]uint64, 0, nc)
	s.chunks = make([]*moduleChunk, 0, nc)
	for len(sorted) > 0 {
		k := min(len(sorted), buildChunk)
		c := newChunk(sorted[:k])
		s.firsts = append(s.firsts, c.ents[0].start)
		s.chunks = append(s.chunks, c)
		sorted = sorted[k:]
	}
	s.dir = firstsDir(s.firsts)
	return s, nil
}

// newChunk makes a chunk of mods, which are sorted and do not overlap.
func newChunk(mods []*Module) *moduleChunk {
	ents := make([]moduleEntry, len(mods))
	for i, m := range mods {
		ents[i] = moduleEntry{m.Start, m.End, m}
	}
	return chunkOf(ents)
}

// overlapError names both modules and their ranges.
func overlapError(a, b *Module) error {
	if a == b {
		return fmt.Errorf("stackwalk: module %q [%#x, %#x): %w: it is in the set already", a.Name, a.Start, a.End, ErrModuleOverlap)
	}
	return fmt.Errorf("stackwalk: modules %q [%#x, %#x) and %q [%#x, %#x): %w",
		a.Name, a.Start, a.End, b.Name, b.Start, b.End, ErrModuleOverlap)
}

// with returns a snapshot that also holds m, copying the chunk m goes
// into and the chunk list; s is unchanged.
func (s *moduleSnap) with(m *Module) (*moduleSnap, error) {
	if len(s.chunks) == 0 {
		return s.replace(0, 0, []*moduleChunk{newChunk([]*Module{m})}, 1), nil
	}
	// The chunk whose first module starts at or below m, or the first.
	ci := max(lastAtOrBelow(s.firsts, m.Start), 0)
	c := s.chunks[ci]
	// m goes at position j of chunk ci; its neighbours may be in the
	// chunks around it.
	j := lastEntryAtOrBelow(c.ents, m.Start) + 1
	if prev := s.neighbour(ci, j-1); prev != nil && m.Start < prev.end {
		return nil, overlapError(prev.m, m)
	}
	if next := s.neighbour(ci, j); next != nil && next.start < m.End {
		return nil, overlapError(m, next.m)
	}
	nc := c.splice(j, j, m, nil)
	if len(nc.ents) <= maxChunk {
		return s.replace(ci, ci+1, []*moduleChunk{nc}, s.n+1), nil
	}
	// Split in two halves, which share nc's arrays (no chunk changes
	// its arrays once made).
	h := len(nc.ents) / 2
	repl := []*moduleChunk{
		chunkOf(nc.ents[:h:h]),
		chunkOf(nc.ents[h:]),
	}
	return s.replace(ci, ci+1, repl, s.n+1), nil
}

// neighbour returns entry j of chunk ci, where j may be -1 (the last
// entry of the chunk before) or len (the first of the chunk after); nil
// when there is none.
func (s *moduleSnap) neighbour(ci, j int) *moduleEntry {
	c := s.chunks[ci]
	switch {
	case j >= 0 && j < len(c.ents):
		return &c.ents[j]
	case j < 0 && ci > 0:
		p := s.chunks[ci-1]
		return &p.ents[len(p.ents)-1]
	case j >= len(c.ents) && ci+1 < len(s.chunks):
		return &s.chunks[ci+1].ents[0]
	}
	return nil
}

// without returns a snapshot without m, copying the chunk it was in (and
// merging that chunk with a neighbour when both are small); s is
// unchanged.
func (s *moduleSnap) without(m *Module) (*moduleSnap, error) {
	ci := lastAtOrBelow(s.firsts, m.Start)
	j := -1
	if ci >= 0 {
		c := s.chunks[ci]
		if k := lastEntryAtOrBelow(c.ents, m.Start); k >= 0 && c.module(k) == m {
			j = k
		}
	}
	if j < 0 {
		return nil, fmt.Errorf("stackwalk: remove module %q [%#x, %#x): %w", m.Name, m.Start, m.End, ErrModuleNotInSet)
	}
	c := s.chunks[ci]
	left := len(c.ents) - 1
	var repl []*moduleChunk
	switch {
	case left >= minChunk:
		repl = []*moduleChunk{c.splice(j, j+1, nil, nil)}
	// A small chunk merges with a neighbour when the two fit in one.
	case ci+1 < len(s.chunks) && left+len(s.chunks[ci+1].ents) <= buildChunk:
		repl = []*moduleChunk{c.splice(j, j+1, nil, s.chunks[ci+1])}
		return s.replace(ci, ci+2, repl, s.n-1), nil
	case ci > 0 && left+len(s.chunks[ci-1].ents) <= buildChunk:
		p := s.chunks[ci-1]
		repl = []*moduleChunk{p.splice(len(p.ents), len(p.ents), nil, c.splice(j, j+1, nil, nil))}
		return s.replace(ci-1, ci+1, repl, s.n-1), nil
	case left > 0:
		repl = []*moduleChunk{c.splice(j, j+1, nil, nil)}
	}
	return s.replace(ci, ci+1, repl, s.n-1), nil
}

// replace returns a snapshot of n modules whose chunks lo..hi-1 are
// replaced by repl. When the chunks' first starts stay as they were (most
// changes), the new snapshot shares s's firsts and directory.
func (s *moduleSnap) replace(lo, hi int, repl []*moduleChunk, n int) *moduleSnap {
	k := len(s.chunks) - (hi - lo) + len(repl)
	t := &moduleSnap{chunks: make([]*moduleChunk, 0, k), n: n, removals: s.removals}
	if n < s.n {
		t.removals++
	}
	t.chunks = append(append(append(t.chunks, s.chunks[:lo]...), repl...), s.chunks[hi:]...)
	if sameFirsts(s.firsts[lo:hi], repl) {
		t.firsts, t.dir = s.firsts, s.dir
		return t
	}
	t.firsts = make([]uint64, 0, k)
	t.firsts = append(t.firsts, s.firsts[:lo]...)
	for _, c := range repl {
		t.firsts = append(t.firsts, c.ents[0].start)
	}
	t.firsts = append(t.firsts, s.firsts[hi:]...)
	t.dir = firstsDir(t.firsts)
	return t
}

// sameFirsts reports whether the chunks start where firsts say.
func sameFirsts(firsts []uint64, chunks []*moduleChunk) bool {
	if len(firsts) != len(chunks) {
		return false
	}
	for i, c := range chunks {
		if c.ents[0].start != firsts[i] {
			return false
		}
	}
	return true
}

// firstsDir is the directory of the chunks' first starts.
func firstsDir(firsts []uint64) addrDir {
	if len(firsts) == 0 {
		return addrDir{}
	}
	return newAddrDir(len(firsts), func(i int) uint64 { return firsts[i] })
}
