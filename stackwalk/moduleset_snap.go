package stackwalk

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/stackmaps/stackmaps/regs"
)

// Chunk sizes of a module snapshot. A chunk that grows past maxChunk
// modules splits in two; one that shrinks below minChunk merges with a
// neighbour when both fit in buildChunk. Building from a list fills chunks
// to buildChunk, leaving room for additions.
const (
	maxChunk   = 512
	buildChunk = 384
	minChunk   = 64
)

// moduleSnap is one immutable state of a ModuleSet: its modules sorted by
// start address, in chunks. firsts[i] is chunks[i].starts[0]; no chunk is
// empty.
type moduleSnap struct {
	firsts []uint64
	chunks []*moduleChunk
	n      int
}

// moduleChunk holds up to maxChunk modules sorted by start address, with
// their code ranges copied beside them so that a lookup reads two dense
// arrays.
type moduleChunk struct {
	starts []uint64
	ends   []uint64
	mods   []*Module
}

// lastAtOrBelow returns the index of the last element of a (sorted) that is
// at most x, or -1. Its loop has no data-dependent branch.
func lastAtOrBelow(a []uint64, x uint64) int {
	n := len(a)
	if n == 0 || a[0] > x {
		return -1
	}
	lo := 0
	for n > 1 {
		half := n >> 1
		if a[lo+half] <= x {
			lo += half
		}
		n -= half
	}
	return lo
}

// lookup returns the module whose range contains pc, or nil.
func (s *moduleSnap) lookup(pc uint64) *Module {
	i := lastAtOrBelow(s.firsts, pc)
	if i < 0 {
		return nil
	}
	c := s.chunks[i]
	j := lastAtOrBelow(c.starts, pc)
	if j < 0 || j >= len(c.ends) || j >= len(c.mods) || pc >= c.ends[j] {
		return nil
	}
	return c.mods[j]
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
		s.firsts = append(s.firsts, c.starts[0])
		s.chunks = append(s.chunks, c)
		sorted = sorted[k:]
	}
	return s, nil
}

// newChunk makes a chunk of mods, which are sorted and do not overlap.
func newChunk(mods []*Module) *moduleChunk {
	c := &moduleChunk{
		starts: make([]uint64, len(mods)),
		ends:   make([]uint64, len(mods)),
		mods:   slices.Clone(mods),
	}
	for i, m := range mods {
		c.starts[i], c.ends[i] = m.Start, m.End
	}
	return c
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
		c := newChunk([]*Module{m})
		return &moduleSnap{firsts: []uint64{m.Start}, chunks: []*moduleChunk{c}, n: 1}, nil
	}
	// The chunk whose first module starts at or below m, or the first.
	ci := max(lastAtOrBelow(s.firsts, m.Start), 0)
	c := s.chunks[ci]
	// m goes at position j of chunk ci; its neighbours may be in the
	// chunks around it.
	j := lastAtOrBelow(c.starts, m.Start) + 1
	if prev := s.neighbour(ci, j-1); prev != nil && m.Start < prev.End {
		return nil, overlapError(prev, m)
	}
	if next := s.neighbour(ci, j); next != nil && next.Start < m.End {
		return nil, overlapError(m, next)
	}
	mods := make([]*Module, 0, len(c.mods)+1)
	mods = append(append(append(mods, c.mods[:j]...), m), c.mods[j:]...)
	var repl []*moduleChunk
	if len(mods) > maxChunk {
		h := len(mods) / 2
		repl = []*moduleChunk{newChunk(mods[:h]), newChunk(mods[h:])}
	} else {
		repl = []*moduleChunk{newChunk(mods)}
	}
	return s.replace(ci, ci+1, repl, s.n+1), nil
}

// neighbour returns module j of chunk ci, where j may be -1 (the last
// module of the chunk before) or len (the first of the chunk after); nil
// when there is none.
func (s *moduleSnap) neighbour(ci, j int) *Module {
	c := s.chunks[ci]
	switch {
	case j >= 0 && j < len(c.mods):
		return c.mods[j]
	case j < 0 && ci > 0:
		p := s.chunks[ci-1]
		return p.mods[len(p.mods)-1]
	case j >= len(c.mods) && ci+1 < len(s.chunks):
		return s.chunks[ci+1].mods[0]
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
		if k := lastAtOrBelow(c.starts, m.Start); k >= 0 && c.mods[k] == m {
			j = k
		}
	}
	if j < 0 {
		return nil, fmt.Errorf("stackwalk: remove module %q [%#x, %#x): %w", m.Name, m.Start, m.End, ErrModuleNotInSet)
	}
	c := s.chunks[ci]
	mods := make([]*Module, 0, len(c.mods)-1+maxChunk/4)
	mods = append(append(mods, c.mods[:j]...), c.mods[j+1:]...)
	lo, hi := ci, ci+1
	if len(mods) < minChunk {
		// Merge with the smaller neighbour when the two fit in one chunk.
		switch {
		case ci+1 < len(s.chunks) && len(mods)+len(s.chunks[ci+1].mods) <= buildChunk:
			mods = append(mods, s.chunks[ci+1].mods...)
			hi++
		case ci > 0 && len(mods)+len(s.chunks[ci-1].mods) <= buildChunk:
			mods = append(slices.Clone(s.chunks[ci-1].mods), mods...)
			lo--
		}
	}
	var repl []*moduleChunk
	if len(mods) > 0 {
		repl = []*moduleChunk{newChunk(mods)}
	}
	return s.replace(lo, hi, repl, s.n-1), nil
}

// replace returns a snapshot of n modules whose chunks lo..hi-1 are
// replaced by repl.
func (s *moduleSnap) replace(lo, hi int, repl []*moduleChunk, n int) *moduleSnap {
	k := len(s.chunks) - (hi - lo) + len(repl)
	t := &moduleSnap{firsts: make([]uint64, 0, k), chunks: make([]*moduleChunk, 0, k), n: n}
	t.chunks = append(append(append(t.chunks, s.chunks[:lo]...), repl...), s.chunks[hi:]...)
	t.firsts = append(t.firsts, s.firsts[:lo]...)
	for _, c := range repl {
		t.firsts = append(t.firsts, c.starts[0])
	}
	t.firsts = append(t.firsts, s.firsts[hi:]...)
	return t
}
