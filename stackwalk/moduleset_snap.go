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
// to buildChunk, leaving room for additions. maxChunk is at most 128: a
// chunk's bucket records index its modules with 7 bits (chunkBuckets).
const (
	maxChunk   = 128
	buildChunk = 96
	minChunk   = 16
)

// The chunk list of a snapshot is cut into groups of groupSize chunks, so
// that Add and Remove copy one group (and the short list of groups), not
// the whole list, when the number of chunks stays the same. A group of 8
// copies less per change than one of 16 (headers and directories are 4.4
// KB a group) for a list of groups twice as long (24 bytes a group).
const (
	groupBits = 3
	groupSize = 1 << groupBits
)

// The groups of a snapshot are held in blocks of blockSize, so that Add
// and Remove copy the list of blocks (8 bytes a block) and one block of
// groups (768 bytes), not the list of every group: at 1,000,000 modules
// that list was 31 KB, copied (and collected) at every change.
const (
	blockBits = 5
	blockSize = 1 << blockBits
)

// groupBlock is blockSize consecutive groups of a snapshot (the last
// block may end in groups of no chunks). Snapshots share the blocks they
// do not change, which no one writes once made.
type groupBlock [blockSize]chunkGroup

// moduleSnap is one immutable state of a ModuleSet: its modules sorted by
// start address, in nchunks chunks, chunk i being chunk(i). firsts[i] is
// chunk i's base: its first start, or an address below it that no module
// of the chunk before reaches (the start of a module since removed: a
// chunk keeps its base when its first module goes, so the directories of
// firsts need not be rebuilt). A lookup finds it beside the chunk's index, and
// the bucket width of its directory in the group list, and so reads the
// chunk's header and directory at once, not one after the other); no
// chunk is empty; top is the directory of firsts a lookup reads (see
// topDir), dir the one Add, Remove and a lookup's search read.
type moduleSnap struct {
	firsts []uint64
	blocks []*groupBlock // group g is blocks[g>>blockBits][g&(blockSize-1)]
	// off is the place of chunk 0 in the groups (0 <= off <
	// blockSize*groupSize): chunk i is the chunk at place off+i. The
	// places below off hold zero headers (no module is kept alive by
	// them). A change that drops chunks near the front of the list (the
	// oldest code of a JIT freed first) moves the chunks before it up
	// and raises off, instead of moving every chunk after it down; a
	// block wholly below off is dropped from the list.
	off     int
	nchunks int
	dir     addrDir[uint32]
	top     topDir
	n       int
	// removals counts the Removes that led to this snapshot. A module
	// found for a pc stays the module of that pc until one is removed
	// (Add refuses overlaps), so a cache of lookups (pc -> *Module) made
	// on one snapshot holds on any later one with the same count.
	removals uint64
}

// chunkGroup is groupSize consecutive chunks of a snapshot (the last
// group of a snapshot may end in empty chunks): their headers, held by
// value (a lookup goes from the group to the chunk's entries without
// reading a chunk pointer, and an exact chunk's lookup reads only its
// header), in an array that stays together (5 cache lines), and their
// directories' bucket widths (shifts). Snapshots share the arrays of the
// groups they do not change, which no one writes once made.
type chunkGroup struct {
	hdr    *[groupSize]chunkHeader
	shifts [groupSize]uint8
}

// newGroup returns a new group, a copy of from when its arrays are not
// nil.
func newGroup(from chunkGroup) chunkGroup {
	g := chunkGroup{new([groupSize]chunkHeader), from.shifts}
	if from.hdr != nil {
		*g.hdr = *from.hdr
	}
	return g
}

// group returns group g (0 <= g < the number of groups), counted in
// places (see off).
func (s *moduleSnap) group(g int) *chunkGroup {
	return &s.blocks[g>>blockBits][g&(blockSize-1)]
}

// ngroups returns the number of groups of n places.
func ngroups(n int) int { return (n + groupSize - 1) / groupSize }

// chunk returns chunk i's header (0 <= i < nchunks).
func (s *moduleSnap) chunk(i int) *chunkHeader {
	p := i + s.off
	return &s.group(p >> groupBits).hdr[p&(groupSize-1)]
}

// whole returns a copy of chunk i's header, with its base.
func (s *moduleSnap) whole(i int) moduleChunk {
	return moduleChunk{*s.chunk(i), s.firsts[i]}
}

// set stores chunk c as chunk k of the group.
func (g *chunkGroup) set(k int, c *moduleChunk) {
	g.hdr[k], g.shifts[k] = c.chunkHeader, c.shift
}

// moduleChunk holds up to maxChunk modules sorted by start address, each
// beside its code range (a lookup's last step reads one entry), and two
// ways to find the entry of an address x, both O(1):
//   - exact chunks: entry (x-base)*slope>>64. A chunk is exact when that
//     holds for every address of every module in it, as it does when the
//     modules are spread evenly (a JIT's code region of similar modules);
//     an address in no module then maps to an entry that does not hold it.
//   - others: a directory of the starts, chunkBuckets buckets whose
//     records, kept in the entries, give the entry of an address by
//     arithmetic (rarely none, then a search).
type moduleChunk struct {
	chunkHeader
	base uint64 // the chunk's base: firsts[i] (see moduleSnap)
}

// chunkHeader is what a lookup reads of every chunk, 40 bytes.
type chunkHeader struct {
	ents  []moduleEntry // the modules
	slope uint64        // 2^64 * (len(ents)-1) / span of the starts (0 for one module)
	shift uint8         // directory bucket b covers the chunk's base + [b<<shift, (b+1)<<shift)
	exact bool
}

// chunkOf makes a chunk of the entries given (1 to maxChunk), which it
// keeps and writes the directory's records in (an array no snapshot
// holds yet), whose base is base (at or below the first start).
func chunkOf(ents []moduleEntry, base uint64) moduleChunk {
	var buf [maxChunk]uint64
	var recs [2 * maxChunk]uint32
	starts := buf[:len(ents)]
	for i := range ents {
		starts[i] = ents[i].start
	}
	c := moduleChunk{chunkHeader: chunkHeader{ents: ents}, base: base}
	span := starts[len(starts)-1] - base
	nb := chunkBuckets(len(ents))
	shift := chunkShift(span, nb)
	c.shift = uint8(shift)
	fillBuckets(starts, base, shift, recs[:nb])
	for i := range ents {
		ents[i].dir = uint64(recs[2*i]) | uint64(recs[2*i+1])<<32
	}
	if uint64(len(starts)-1) < span {
		c.slope, _ = bits.Div64(uint64(len(starts)-1), 0, span)
	}
	c.exact = true
	for i := range ents {
		e := &ents[i]
		if c.guess(e.start, base) != uint64(i) || c.guess(e.end-1, base) != uint64(i) {
			c.exact = false
			break
		}
	}
	return c
}

// guess returns the entry the slope puts x in (x at or above the chunk's
// base).
func (c *chunkHeader) guess(x, base uint64) uint64 {
	g, _ := bits.Mul64(x-base, c.slope)
	return g
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
	_, _, m := s.find(pc)
	return m
}

// moduleHit is a module found and its code range, [start, start+size).
type moduleHit struct {
	start, size uint64
	m           *Module
}

// lookupHit returns the module whose range contains pc, or nil; it sets
// *h to the module found and its range (leaves it unchanged otherwise).
func (s *moduleSnap) lookupHit(pc uint64, h *moduleHit) *Module {
	start, size, m := s.find(pc)
	if m != nil {
		*h = moduleHit{start, size, m}
	}
	return m
}

// find returns the module whose range [start, start+size) contains pc, or
// nil.
//
// It is written out in one function, without calls on its usual way, and
// returns its results in registers: at 100,000 modules its time is what
// its instructions take as much as a few dependent cache misses (with
// every line it reads in cache, a lookup took 20 to 26 ns of the 30), and
// the calls and checks around them were a fifth of it. It has no branch
// that depends on pc but the one it takes when the records cannot tell or
// pc is in no module (random pcs mispredicted a search's branch every
// other time): the chunk and then the module come from a bucket record's
// arithmetic (topDir, chunkBuckets), each one read of a record; the
// reads are, one after the other, the top record, the chunk's group, the
// chunk's header, its bucket record (in its entries, none in an exact
// chunk), and the module's entry, most often in the record's page.
func (s *moduleSnap) find(pc uint64) (start, size uint64, m *Module) {
	// The chunk: the one the top directory's record gives (see topDir).
	t := &s.top
	if pc < t.base || len(t.recs) == 0 {
		return 0, 0, nil
	}
	d := pc - t.base
	rec := t.recs[min(d>>(t.shift&63), uint64(len(t.recs)-1))]
	ci := int(topIndex(rec, topLane(d, t.shift)))
	if rec&topOverflow != 0 {
		return s.search(pc)
	}
	p := ci + s.off
	if ci >= len(s.firsts) || p>>(groupBits+blockBits) >= len(s.blocks) {
		return 0, 0, nil
	}
	first, g := s.firsts[ci], &s.blocks[p>>(groupBits+blockBits)][(p>>groupBits)&(blockSize-1)]
	k := p & (groupSize - 1)
	c := &g.hdr[k]
	// The module: where the chunk's slope puts it, or its directory's
	// bucket record says. The record's address depends on the group
	// and firsts only, so its cache line is read with the header's.
	var j uint64
	if c.exact {
		j, _ = bits.Mul64(pc-first, c.slope)
	} else {
		b, p := bucketOf(pc-first, g.shifts[k], chunkBuckets(len(c.ents)))
		j = bucketIndex(bucketRec(c.ents, b), p)
	}
	// The entry found holds pc, or no module does, or the record could
	// not tell (see chunkBuckets): a search then.
	if j >= uint64(len(c.ents)) {
		return s.search(pc)
	}
	e := &c.ents[j]
	if pc-e.start >= e.end-e.start {
		return s.search(pc)
	}
	return e.start, e.end - e.start, e.m
}

// search returns the module whose range [start, start+size) holds pc, or
// nil, by binary searches: the chunk, then the module. It is find's way
// when the records could not tell (and when pc is in no module).
//
//go:noinline
func (s *moduleSnap) search(pc uint64) (start, size uint64, m *Module) {
	ci := s.dir.find(s.firsts, pc)
	if ci < 0 {
		return 0, 0, nil
	}
	c := s.chunk(ci)
	k := lastEntryAtOrBelow(c.ents, pc)
	if k < 0 {
		return 0, 0, nil
	}
	e := &c.ents[k]
	if pc-e.start >= e.end-e.start {
		return 0, 0, nil
	}
	return e.start, e.end - e.start, e.m
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
	chunks := make([]moduleChunk, 0, (len(sorted)+buildChunk-1)/buildChunk)
	for len(sorted) > 0 {
		k := min(len(sorted), buildChunk)
		chunks = append(chunks, newChunk(sorted[:k]))
		sorted = sorted[k:]
	}
	s.setChunks(nil, 0, chunks)
	s.setFirsts(chunks)
	return s, nil
}

// setChunks makes the snapshot's chunk list the first keep groups of old
// (a snapshot's blocks, with the snapshot's off) and then chunks (those
// of the places from keep*groupSize on; zero ones below off). Whole
// blocks before keep's are shared.
func (s *moduleSnap) setChunks(old []*groupBlock, keep int, chunks []moduleChunk) {
	from := keep * groupSize
	s.nchunks = from + len(chunks) - s.off
	ng := ngroups(from + len(chunks))
	s.blocks = make([]*groupBlock, (ng+blockSize-1)/blockSize)
	shared := keep >> blockBits
	copy(s.blocks, old[:shared])
	for b := shared; b < len(s.blocks); b++ {
		blk := new(groupBlock)
		if b == shared && keep&(blockSize-1) != 0 {
			copy(blk[:keep&(blockSize-1)], old[b][:keep&(blockSize-1)])
		}
		s.blocks[b] = blk
	}
	for g := keep; g < ng; g++ {
		grp := newGroup(chunkGroup{})
		for k := range min(groupSize, s.off+s.nchunks-g*groupSize) {
			grp.set(k, &chunks[g*groupSize+k-from])
		}
		*s.group(g) = grp
	}
}

// setFirsts sets firsts and their directory from the chunks.
func (s *moduleSnap) setFirsts(chunks []moduleChunk) {
	firsts := make([]uint64, len(chunks))
	for i, c := range chunks {
		firsts[i] = c.base
	}
	s.setDirs(firsts)
}

// setDirs makes firsts the snapshot's, and builds their directories.
func (s *moduleSnap) setDirs(firsts []uint64) {
	s.firsts = firsts
	s.dir, s.top = addrDir[uint32]{}, topDir{}
	if len(firsts) > 0 {
		s.dir, s.top = newAddrDir[uint32](firsts), newTopDir(firsts)
	}
}

// newChunk makes a chunk of mods, which are sorted and do not overlap.
func newChunk(mods []*Module) moduleChunk {
	ents := make([]moduleEntry, len(mods))
	for i, m := range mods {
		ents[i] = moduleEntry{start: m.Start, end: m.End, m: m}
	}
	return chunkOf(ents, ents[0].start)
}

// overlapError names both modules and their ranges.
func overlapError(a, b *Module) error {
	if a == b {
		return fmt.Errorf("stackwalk: module \"%s\" [%#x, %#x): %w: it is in the set already", a.Name, a.Start, a.End, ErrModuleOverlap)
	}
	return fmt.Errorf("stackwalk: modules \"%s\" [%#x, %#x) and \"%s\" [%#x, %#x): %w",
		a.Name, a.Start, a.End, b.Name, b.Start, b.End, ErrModuleOverlap)
}

// with returns a snapshot that also holds m, copying the chunk m goes
// into and the group of chunks it is in; s is unchanged.
func (s *moduleSnap) with(m *Module) (*moduleSnap, error) {
	if s.nchunks == 0 {
		return s.replace(0, 0, []moduleChunk{newChunk([]*Module{m})}, 1), nil
	}
	// The chunk whose first module starts at or below m, or the first.
	ci := max(s.dir.find(s.firsts, m.Start), 0)
	c := s.chunk(ci)
	// m goes at position j of chunk ci; its neighbours may be in the
	// chunks around it.
	j := lastEntryAtOrBelow(c.ents, m.Start) + 1
	if prev := s.neighbour(ci, j-1); prev != nil && m.Start < prev.end {
		return nil, overlapError(prev.m, m)
	}
	if next := s.neighbour(ci, j); next != nil && next.start < m.End {
		return nil, overlapError(m, next.m)
	}
	ents := splice(c.ents, j, j, m, nil)
	base := min(s.firsts[ci], m.Start) // lower only in the first chunk
	var repl []moduleChunk
	if len(ents) <= maxChunk {
		repl = []moduleChunk{chunkOf(ents, base)}
	} else {
		// Split in two halves, which share the array (no chunk changes
		// its entries once made).
		h := len(ents) / 2
		repl = []moduleChunk{chunkOf(ents[:h:h], base), chunkOf(ents[h:], ents[h].start)}
	}
	// m may reach past the next chunk's base, below that chunk's first
	// start (its first module gone): the chunk's base is then its first
	// start again.
	if ci+1 < s.nchunks && m.End > s.firsts[ci+1] {
		// A copy of its entries: chunkOf writes records in them.
		next := s.chunk(ci + 1)
		repl = append(repl, chunkOf(slices.Clone(next.ents), next.ents[0].start))
		return s.replace(ci, ci+2, repl, s.n+1), nil
	}
	return s.replace(ci, ci+1, repl, s.n+1), nil
}

// neighbour returns entry j of chunk ci, where j may be -1 (the last
// entry of the chunk before) or len (the first of the chunk after); nil
// when there is none.
func (s *moduleSnap) neighbour(ci, j int) *moduleEntry {
	c := s.chunk(ci)
	switch {
	case j >= 0 && j < len(c.ents):
		return &c.ents[j]
	case j < 0 && ci > 0:
		p := s.chunk(ci - 1)
		return &p.ents[len(p.ents)-1]
	case j >= len(c.ents) && ci+1 < s.nchunks:
		return &s.chunk(ci + 1).ents[0]
	}
	return nil
}

// without returns a snapshot without m, copying the chunk it was in (and
// merging that chunk with a neighbour when both are small); s is
// unchanged.
func (s *moduleSnap) without(m *Module) (*moduleSnap, error) {
	ci := s.dir.find(s.firsts, m.Start)
	j := -1
	if ci >= 0 {
		c := s.chunk(ci)
		if k := lastEntryAtOrBelow(c.ents, m.Start); k >= 0 && c.module(k) == m {
			j = k
		}
	}
	if j < 0 {
		return nil, fmt.Errorf("stackwalk: remove module \"%s\" [%#x, %#x): %w", m.Name, m.Start, m.End, ErrModuleNotInSet)
	}
	c := s.chunk(ci)
	left := len(c.ents) - 1
	switch {
	case left >= minChunk:
	// A small chunk merges with a neighbour when the two fit in one.
	case ci+1 < s.nchunks && left+len(s.chunk(ci+1).ents) <= buildChunk:
		ents := splice(c.ents, j, j+1, nil, s.chunk(ci+1).ents)
		return s.replace(ci, ci+2, []moduleChunk{chunkOf(ents, s.firsts[ci])}, s.n-1), nil
	case ci > 0 && left+len(s.chunk(ci-1).ents) <= buildChunk:
		p := s.chunk(ci - 1)
		ents := splice(p.ents, len(p.ents), len(p.ents), nil, splice(c.ents, j, j+1, nil, nil))
		return s.replace(ci-1, ci+1, []moduleChunk{chunkOf(ents, s.firsts[ci-1])}, s.n-1), nil
	case left == 0:
		return s.replace(ci, ci+1, nil, s.n-1), nil
	}
	// The chunk keeps its base, even when m was its first module: the
	// directories of firsts stay as they are.
	return s.replace(ci, ci+1, []moduleChunk{chunkOf(splice(c.ents, j, j+1, nil, nil), s.firsts[ci])}, s.n-1), nil
}

// replace returns a snapshot of n modules whose chunks lo..hi-1 are
// replaced by repl. When the number of chunks stays the same (most
// changes), it copies only the groups that change; when the chunks' first
// starts stay as they were too, the new snapshot shares s's firsts and
// directory.
func (s *moduleSnap) replace(lo, hi int, repl []moduleChunk, n int) *moduleSnap {
	t := &moduleSnap{n: n, removals: s.removals, off: s.off}
	if n < s.n {
		t.removals++
	}
	if n == 0 {
		t.off = 0
		return t
	}
	if d := hi - lo - len(repl); d > 0 && hi <= s.nchunks-lo {
		return s.dropFront(t, lo, hi, repl)
	}
	if len(repl) == hi-lo {
		t.nchunks = s.nchunks
		t.blocks = slices.Clone(s.blocks)
		for x := range repl {
			g := (lo + x + s.off) >> groupBits
			b := g >> blockBits
			if t.blocks[b] == s.blocks[b] {
				blk := *s.blocks[b]
				t.blocks[b] = &blk
			}
			if grp := t.group(g); *grp == *s.group(g) {
				*grp = newGroup(*grp)
			}
			t.group(g).set((lo+x+s.off)&(groupSize-1), &repl[x])
		}
	} else {
		// The groups before lo's are kept; the chunks from lo's group on
		// are laid out again, and firsts spliced.
		keep := (lo + s.off) >> groupBits
		chunks := make([]moduleChunk, 0, s.off+s.nchunks-(hi-lo)+len(repl)-keep*groupSize)
		for i := keep*groupSize - s.off; i < lo; i++ {
			if i < 0 {
				chunks = append(chunks, moduleChunk{}) // a place below off
				continue
			}
			chunks = append(chunks, s.whole(i))
		}
		chunks = append(chunks, repl...)
		for i := hi; i < s.nchunks; i++ {
			chunks = append(chunks, s.whole(i))
		}
		t.setChunks(s.blocks, keep, chunks)
		t.spliceFirsts(s, lo, hi, repl)
		return t
	}
	if sameFirsts(s.firsts[lo:hi], repl) {
		t.firsts, t.dir, t.top = s.firsts, s.dir, s.top
		return t
	}
	t.firsts = slices.Clone(s.firsts)
	for x, c := range repl {
		t.firsts[lo+x] = c.base
	}
	t.dir, t.top = newAddrDir[uint32](t.firsts), newTopDir(t.firsts)
	return t
}

// spliceFirsts makes t's firsts s's with those of chunks lo..hi-1
// replaced by repl's bases, and builds their directories.
func (t *moduleSnap) spliceFirsts(s *moduleSnap, lo, hi int, repl []moduleChunk) {
	firsts := make([]uint64, 0, len(s.firsts)-(hi-lo)+len(repl))
	firsts = append(firsts, s.firsts[:lo]...)
	for _, c := range repl {
		firsts = append(firsts, c.base)
	}
	t.setDirs(append(firsts, s.firsts[hi:]...))
}

// dropFront is replace when the chunks lo..hi-1 give way to fewer, repl,
// and fewer chunks come before them than after: the chunks before lo
// move up by the number of chunks dropped, d, and t.off rises by d, so
// that only the places from s's off to its off+hi are written (the
// chunks after hi stay where they are, in the groups t shares with s).
// A block wholly below the new off is dropped. t holds n, removals and
// s's off.
func (s *moduleSnap) dropFront(t *moduleSnap, lo, hi int, repl []moduleChunk) *moduleSnap {
	const blockChunks = blockSize * groupSize
	d := hi - lo - len(repl)
	drop := (s.off + d) / blockChunks // blocks dropped
	t.off = s.off + d - drop*blockChunks
	t.nchunks = s.nchunks - d
	t.blocks = slices.Clone(s.blocks[drop:])
	// Place p of t is place p+drop*blockChunks of s; the places of s
	// from its off to off+hi are written, those of a dropped block
	// skipped.
	for p := max(s.off-drop*blockChunks, 0); p < s.off+hi-drop*blockChunks; p++ {
		var c moduleChunk // a place below t.off
		switch i := p - t.off; {
		case i >= lo:
			c = repl[i-lo]
		case i >= 0:
			c = s.whole(i)
		}
		g := p >> groupBits
		b := g >> blockBits
		if t.blocks[b] == s.blocks[b+drop] {
			blk := *t.blocks[b]
			t.blocks[b] = &blk
		}
		if grp := t.group(g); grp.hdr == nil || *grp == *s.group(g + drop*blockSize) {
			*grp = newGroup(*grp)
		}
		t.group(g).set(p&(groupSize-1), &c)
	}
	t.spliceFirsts(s, lo, hi, repl)
	return t
}

// sameFirsts reports whether the chunks start where firsts say.
func sameFirsts(firsts []uint64, chunks []moduleChunk) bool {
	if len(firsts) != len(chunks) {
		return false
	}
	for i, c := range chunks {
		if c.base != firsts[i] {
			return false
		}
	}
	return true
}
