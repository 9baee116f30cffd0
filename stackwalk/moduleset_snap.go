package stackwalk

import (
	"cmp"
	"fmt"
	"math/bits"
	"slices"
	"unsafe"

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

// The chunks of a snapshot are held in blocks of blockChunks, so that Add
// and Remove copy one block (2 KB) and the list of blocks (8 bytes a
// block, 1.3 KB at 1,000,000 modules), not the list of every chunk. A
// lookup reads the list (which stays in the L1 cache) and then one
// chunk's 32-byte record: at 1,000,000 modules the records are 330 KB,
// which with the top directory's stay in the L2 cache, so that a cold
// lookup's one read past it is the module's entry.
const (
	blockBits   = 6
	blockChunks = 1 << blockBits
)

// chunkBlock is blockChunks consecutive places of a snapshot's chunk
// list (see moduleSnap.off; the last block may end in zero records).
// Snapshots share the blocks they do not change, which no one writes
// once made.
type chunkBlock [blockChunks]moduleChunk

// moduleSnap is one immutable state of a ModuleSet: its modules sorted by
// start address, in nchunks chunks, chunk i being chunk(i). firsts[i] is
// chunk i's base (moduleChunk.base), for the searches of Add, Remove and
// a lookup that the records could not answer; no chunk is empty; top is
// the directory of firsts a lookup reads (see topDir), dir the one Add,
// Remove and a lookup's search read.
type moduleSnap struct {
	top    topDir
	blocks []*chunkBlock // place p is blocks[p>>blockBits][p&(blockChunks-1)]
	// off is the place of chunk 0 (0 <= off < blockChunks): chunk i is
	// at place off+i, and the top directory gives places. The places
	// below off hold zero records (no module is kept alive by them). A
	// change that drops chunks near the front of the list (the oldest
	// code of a JIT freed first) moves the chunks before it up and raises
	// off, instead of moving every chunk after it down; a block wholly
	// below off is dropped from the list.
	off     int
	nchunks int
	firsts  []uint64
	dir     addrDir[uint32]
	n       int
	// removals counts the Removes that led to this snapshot. A module
	// found for a pc stays the module of that pc until one is removed
	// (Add refuses overlaps), so a cache of lookups (pc -> *Module) made
	// on one snapshot holds on any later one with the same count.
	removals uint64
}

// nblocks returns the number of blocks of n places.
func nblocks(n int) int { return (n + blockChunks - 1) / blockChunks }

// chunk returns chunk i's record (0 <= i < nchunks).
func (s *moduleSnap) chunk(i int) *moduleChunk {
	p := i + s.off
	return &s.blocks[p>>blockBits][p&(blockChunks-1)]
}

// moduleChunk is the record of a chunk: up to maxChunk modules sorted by
// start address, each beside its code range in the chunk's entries (a
// lookup's last step reads one), and two ways to find the entry of an
// address x, both O(1):
//   - exact chunks: entry (x-base)*slope>>64. A chunk is exact when that
//     holds for every address of every module in it, as it does when the
//     modules are spread evenly (a JIT's code region of similar modules);
//     an address in no module then maps to an entry that does not hold it.
//   - others: a directory of the starts, chunkBuckets buckets whose
//     records, kept in the entries, give the entry of an address by
//     arithmetic (rarely none, then a search).
//
// It is 32 bytes, all a lookup reads of its chunk before the entries: one
// cache line, in an array (the block) of such records. The entries are
// held by a pointer to the first and their number (entries, at), where a
// slice would take 16 bytes more. A zero record (a place that holds no
// chunk) has no entries and is exact, with a slope of 0: a lookup that
// reaches it finds entry 0, past its entries, and searches.
type moduleChunk struct {
	first    *moduleEntry // the first of the n entries (entries, at)
	base     uint64       // at or below the first start, at or above the chunk before's last end (see moduleSnap)
	slope    uint64       // 2^64 * (n-1) / span of the starts from base (0 for one module); bucketed: the directory's scale (bucketScale)
	n        uint8        // the number of entries, 1 to maxChunk (0 in a zero record)
	bucketed bool         // not exact: the entry of an address is found by the directory
}

// entries returns the chunk's entries.
func (c *moduleChunk) entries() []moduleEntry { return unsafe.Slice(c.first, c.n) }

// at returns entry j, which must be below n. A lookup reads entries
// through it, where entries()[j] costs it a dozen instructions
// (unsafe.Slice's checks of the length and of the pointer).
func (c *moduleChunk) at(j uint64) *moduleEntry {
	return (*moduleEntry)(unsafe.Add(unsafe.Pointer(c.first), uintptr(j)*unsafe.Sizeof(moduleEntry{})))
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
	c := moduleChunk{first: &ents[0], n: uint8(len(ents)), base: base}
	span := starts[len(starts)-1] - base
	if uint64(len(starts)-1) < span {
		c.slope, _ = bits.Div64(uint64(len(starts)-1), 0, span)
	}
	for i := range ents {
		e := &ents[i]
		if c.guess(e.start) != uint64(i) || c.guess(e.end-1) != uint64(i) {
			c.bucketed = true
			break
		}
	}
	nb := chunkBuckets(uint64(len(ents)))
	scale := bucketScale(span, nb-1) // the last bucket past the span's
	fillBuckets(starts, base, scale, recs[:nb])
	for i := range ents {
		ents[i].dir = 0
	}
	for b := range nb {
		ents[b>>1].dir |= uint64(recs[b]) << (32 * (b & 1))
	}
	if c.bucketed {
		c.slope = scale
	}
	return c
}

// guess returns the entry the slope puts x in (x at or above the chunk's
// base).
func (c *moduleChunk) guess(x uint64) uint64 {
	g, _ := bits.Mul64(x-c.base, c.slope)
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
func (s *moduleSnap) lookup(pc uint64) *Module { return s.find(pc).m }

// moduleHit is a module found and its code range, [start, start+size).
type moduleHit struct {
	start, size uint64
	m           *Module
}

// lookupHit returns the module whose range contains pc, or nil; it sets
// *h to the module found and its range (leaves it unchanged otherwise).
func (s *moduleSnap) lookupHit(pc uint64, h *moduleHit) *Module {
	e := s.find(pc)
	if e.m != nil {
		*h = moduleHit{e.start, e.end - e.start, e.m}
	}
	return e.m
}

// noEntry is the entry find and search return when no module holds the
// address: its module is nil. No one writes it.
var noEntry moduleEntry

// find returns the entry whose range contains pc, or noEntry.
//
// It is written out in one function, without calls on its usual way, and
// returns its result in a register (ModuleSet.Lookup inlines, and reads
// the entry's module). A cold lookup's time
// is set as much by its instructions as by its chain of reads: lookups of
// independent pcs overlap in the processor's reorder buffer, as many as
// it holds of their instructions, so every instruction cut lets more of
// them wait for memory at once. It has no branch that depends on pc but
// the one it takes when its records cannot tell or pc is in no module,
// to search (random pcs mispredicted a
// search's branch every other time), and it checks only what the entry's
// check does not already: the top record's place against the list of
// blocks, the entry's index against the chunk's count; a directory that
// gives the wrong chunk or entry (an overflowing top bucket, a scaled
// lane, a pc below the set) gives an entry that does not hold pc. The
// reads are, one after the other, the top record, the chunk's record (in
// its block, whose list stays in L1), in a chunk that is not exact its
// directory's bucket record (in its entries), and the module's entry,
// most often in the record's page.
func (s *moduleSnap) find(pc uint64) *moduleEntry {
	// The chunk: the place the top directory's record gives (see
	// topDir). A pc below the set is put in the last bucket.
	t := &s.top
	d := pc - t.base
	rec := t.recs[min(d>>(t.shift&63), uint64(len(t.recs)-1))]
	p := topIndex(rec, topLane(d, t.shift))
	if p>>blockBits >= uint64(len(s.blocks)) {
		return s.search(pc)
	}
	c := &s.blocks[p>>blockBits][p&(blockChunks-1)]
	// The module: where the chunk's slope puts it, or its directory's
	// bucket record says (bucketOf gives a bucket below 2n: its record,
	// in entry b/2, is one of the chunk's).
	x, n := pc-c.base, uint64(c.n)
	var j uint64
	if !c.bucketed {
		j, _ = bits.Mul64(x, c.slope)
	} else {
		b, q := bucketOf(x, c.slope, chunkBuckets(n))
		j = bucketIndex(uint32(c.at(b>>1).dir>>(32*(b&1))), q)
	}
	if j >= n {
		return s.search(pc)
	}
	e := c.at(j)
	if pc-e.start >= e.end-e.start {
		return s.search(pc)
	}
	return e
}

// search returns the entry whose range holds pc, or noEntry, by binary
// searches: the chunk, then the module. It is the lookup's way when find
// cannot tell (and when pc is in no module).
//
//go:noinline
func (s *moduleSnap) search(pc uint64) *moduleEntry {
	ci := s.dir.find(s.firsts, pc)
	if ci < 0 {
		return &noEntry
	}
	ents := s.chunk(ci).entries()
	k := lastEntryAtOrBelow(ents, pc)
	if k < 0 || pc-ents[k].start >= ents[k].end-ents[k].start {
		return &noEntry
	}
	return &ents[k]
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

// setChunks makes the snapshot's chunk list the first keep places of old
// (a snapshot's blocks, with the snapshot's off) and then chunks (those of
// the places from keep on). Whole blocks before keep's are shared.
func (s *moduleSnap) setChunks(old []*chunkBlock, keep int, chunks []moduleChunk) {
	s.nchunks = keep + len(chunks) - s.off
	s.blocks = make([]*chunkBlock, nblocks(keep+len(chunks)))
	shared := keep >> blockBits
	copy(s.blocks, old[:shared])
	for b := shared; b < len(s.blocks); b++ {
		blk := new(chunkBlock)
		if k := keep & (blockChunks - 1); b == shared && k != 0 {
			copy(blk[:k], old[b][:k])
		}
		s.blocks[b] = blk
	}
	for i := range chunks {
		p := keep + i
		s.blocks[p>>blockBits][p&(blockChunks-1)] = chunks[i]
	}
}

// setFirsts sets firsts and their directories from the chunks.
func (s *moduleSnap) setFirsts(chunks []moduleChunk) {
	firsts := make([]uint64, len(chunks))
	for i, c := range chunks {
		firsts[i] = c.base
	}
	s.setDirs(firsts)
}

// setDirs makes firsts the snapshot's, and builds their directories (the
// top directory's places from the snapshot's off).
func (s *moduleSnap) setDirs(firsts []uint64) {
	s.firsts = firsts
	s.dir, s.top = addrDir[uint32]{}, emptyTop
	if len(firsts) > 0 {
		s.dir, s.top = newAddrDir[uint32](firsts), newTopDir(firsts, s.off)
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
	j := lastEntryAtOrBelow(c.entries(), m.Start) + 1
	if prev := s.neighbour(ci, j-1); prev != nil && m.Start < prev.end {
		return nil, overlapError(prev.m, m)
	}
	if next := s.neighbour(ci, j); next != nil && next.start < m.End {
		return nil, overlapError(m, next.m)
	}
	ents := splice(c.entries(), j, j, m, nil)
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
		repl = append(repl, chunkOf(slices.Clone(next.entries()), next.entries()[0].start))
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
	case j >= 0 && j < len(c.entries()):
		return &c.entries()[j]
	case j < 0 && ci > 0:
		p := s.chunk(ci - 1)
		return &p.entries()[len(p.entries())-1]
	case j >= len(c.entries()) && ci+1 < s.nchunks:
		return &s.chunk(ci + 1).entries()[0]
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
		if k := lastEntryAtOrBelow(c.entries(), m.Start); k >= 0 && c.module(k) == m {
			j = k
		}
	}
	if j < 0 {
		return nil, fmt.Errorf("stackwalk: remove module \"%s\" [%#x, %#x): %w", m.Name, m.Start, m.End, ErrModuleNotInSet)
	}
	c := s.chunk(ci)
	left := len(c.entries()) - 1
	switch {
	case left >= minChunk:
	// A small chunk merges with a neighbour when the two fit in one.
	case ci+1 < s.nchunks && left+len(s.chunk(ci+1).entries()) <= buildChunk:
		ents := splice(c.entries(), j, j+1, nil, s.chunk(ci+1).entries())
		return s.replace(ci, ci+2, []moduleChunk{chunkOf(ents, s.firsts[ci])}, s.n-1), nil
	case ci > 0 && left+len(s.chunk(ci-1).entries()) <= buildChunk:
		p := s.chunk(ci - 1)
		ents := splice(p.entries(), len(p.entries()), len(p.entries()), nil, splice(c.entries(), j, j+1, nil, nil))
		return s.replace(ci-1, ci+1, []moduleChunk{chunkOf(ents, s.firsts[ci-1])}, s.n-1), nil
	case left == 0:
		return s.replace(ci, ci+1, nil, s.n-1), nil
	}
	// The chunk keeps its base, even when m was its first module: the
	// directories of firsts stay as they are.
	return s.replace(ci, ci+1, []moduleChunk{chunkOf(splice(c.entries(), j, j+1, nil, nil), s.firsts[ci])}, s.n-1), nil
}

// replace returns a snapshot of n modules whose chunks lo..hi-1 are
// replaced by repl. When the number of chunks stays the same (most
// changes), it copies only the blocks that change; when the chunks' first
// starts stay as they were too, the new snapshot shares s's firsts and
// directories.
func (s *moduleSnap) replace(lo, hi int, repl []moduleChunk, n int) *moduleSnap {
	t := &moduleSnap{n: n, removals: s.removals, off: s.off}
	if n < s.n {
		t.removals++
	}
	if n == 0 {
		t.off = 0
		t.setDirs(nil)
		return t
	}
	if d := hi - lo - len(repl); d > 0 && hi <= s.nchunks-lo {
		return s.dropFront(t, lo, hi, repl)
	}
	if len(repl) != hi-lo {
		// The places before lo's are kept; the chunks from lo on are
		// laid out again, and firsts spliced.
		chunks := make([]moduleChunk, 0, len(repl)+s.nchunks-hi)
		chunks = append(chunks, repl...)
		for i := hi; i < s.nchunks; i++ {
			chunks = append(chunks, *s.chunk(i))
		}
		t.setChunks(s.blocks, lo+s.off, chunks)
		t.spliceFirsts(s, lo, hi, repl)
		return t
	}
	t.nchunks = s.nchunks
	t.blocks = slices.Clone(s.blocks)
	for x := range repl {
		p := lo + x + s.off
		b := p >> blockBits
		if t.blocks[b] == s.blocks[b] {
			blk := *s.blocks[b]
			t.blocks[b] = &blk
		}
		t.blocks[b][p&(blockChunks-1)] = repl[x]
	}
	if sameFirsts(s.firsts[lo:hi], repl) {
		t.firsts, t.dir, t.top = s.firsts, s.dir, s.top
		return t
	}
	firsts := slices.Clone(s.firsts)
	for x, c := range repl {
		firsts[lo+x] = c.base
	}
	t.setDirs(firsts)
	return t
}

// spliceFirsts makes t's firsts s's with those of chunks lo..hi-1
// replaced by repl's bases, and builds their directories (t's off set).
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
// chunks after hi stay where they are, in the blocks t shares with s).
// A block wholly below the new off is dropped. t holds n, removals and
// s's off.
func (s *moduleSnap) dropFront(t *moduleSnap, lo, hi int, repl []moduleChunk) *moduleSnap {
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
			c = *s.chunk(i)
		}
		b := p >> blockBits
		if t.blocks[b] == s.blocks[b+drop] {
			blk := *t.blocks[b]
			t.blocks[b] = &blk
		}
		t.blocks[b][p&(blockChunks-1)] = c
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
