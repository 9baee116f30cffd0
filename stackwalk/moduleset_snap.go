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
// to buildChunk, leaving room for additions. maxChunk is at most 256: a
// chunk's directory indexes its modules with bytes.
const (
	maxChunk   = 128
	buildChunk = 96
	minChunk   = 16
)

// The chunk list of a snapshot is cut into groups of groupSize chunks, so
// that Add and Remove copy one group (and the short list of groups), not
// the whole list, when the number of chunks stays the same. A group of 8
// copies less per change than one of 16 (headers and directories are 2.4
// KB a group) for a list of groups twice as long (16 bytes a group).
const (
	groupBits = 3
	groupSize = 1 << groupBits
)

// moduleSnap is one immutable state of a ModuleSet: its modules sorted by
// start address, in nchunks chunks, chunk i being chunk(i). firsts[i] is
// chunk i's first start and shifts[i] its directory's bucket width (a
// lookup finds both beside the chunk's index, and so reads the chunk's
// header and directory at once, not one after the other); no chunk is
// empty; dir is the directory of firsts.
type moduleSnap struct {
	firsts  []uint64
	shifts  []uint8
	groups  []chunkGroup
	nchunks int
	dir     addrDir[uint32]
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
// header), and their directories, in an array of their own so that the
// headers stay together (6 cache lines). A lookup reads both pointers
// in the snapshot's group list, so it finds the chunk's directory without
// reading the chunk's header. Snapshots share the arrays of the groups
// they do not change, which no one writes once made.
type chunkGroup struct {
	hdr  *[groupSize]chunkHeader
	dirs *[groupSize]chunkDir
}

// newGroup returns a new group, a copy of from when its arrays are not
// nil.
func newGroup(from chunkGroup) chunkGroup {
	g := chunkGroup{new([groupSize]chunkHeader), new([groupSize]chunkDir)}
	if from.hdr != nil {
		*g.hdr, *g.dirs = *from.hdr, *from.dirs
	}
	return g
}

// chunk returns chunk i's header (0 <= i < nchunks).
func (s *moduleSnap) chunk(i int) *chunkHeader {
	return &s.groups[i>>groupBits].hdr[i&(groupSize-1)]
}

// chunkDir returns chunk i's directory (0 <= i < nchunks).
func (s *moduleSnap) chunkDir(i int) *chunkDir {
	return &s.groups[i>>groupBits].dirs[i&(groupSize-1)]
}

// whole returns a copy of chunk i, header and directory.
func (s *moduleSnap) whole(i int) moduleChunk {
	return moduleChunk{*s.chunk(i), *s.chunkDir(i)}
}

// set stores chunk c as chunk k of the group.
func (g chunkGroup) set(k int, c *moduleChunk) {
	g.hdr[k], g.dirs[k] = c.chunkHeader, c.idx
}

// moduleChunk holds up to maxChunk modules sorted by start address, each
// beside its code range (a lookup's last step reads one entry), and two
// ways to find the entry of an address x, both O(1):
//   - exact chunks: entry (x-base)*slope>>64. A chunk is exact when that
//     holds for every address of every module in it, as it does when the
//     modules are spread evenly (a JIT's code region of similar modules);
//     an address in no module then maps to an entry that does not hold it.
//   - others: a directory of the starts (as addrDir's, with byte indexes
//     and chunkBuckets buckets, two per module of a full chunk: those
//     past the last start name the last module), whose bucket gives the
//     one or two entries to choose from (rarely more, then searched).
//
// A snapshot holds the chunk's header and directory apart (see
// chunkGroup), the directory not behind a pointer in the header: the
// lookup takes the bucket's address from the group list and the
// snapshot's firsts and shifts, so the header's and the bucket's cache
// lines are read in parallel (a directory behind a pointer in the header
// was one more dependent cache miss).
type moduleChunk struct {
	chunkHeader
	idx chunkDir
}

// chunkHeader is what a lookup reads of every chunk, 48 bytes.
type chunkHeader struct {
	ents  []moduleEntry
	base  uint64 // ents[0].start
	slope uint64 // 2^64 * (len(ents)-1) / span of the starts (0 for one module)
	shift uint8  // directory bucket b covers base + [b<<shift, (b+1)<<shift)
	exact bool
}

// chunkDir is a chunk's directory: idx[b] is the index of the last entry
// starting at or below bucket b's low address.
type chunkDir [chunkBuckets + 1]uint8

// moduleEntry is a module and its code range [start, end), copied when
// it was added.
//
// It is 32 bytes: an entry never straddles two cache lines (Go puts an
// array of them at a multiple of its size class, a multiple of 32 bytes),
// and two neighbours, the candidates of a directory's bucket, share one
// half the time. At 24 bytes, a lookup read more lines of entries: 1.6 on
// average for two candidates, 1.25 for one.
type moduleEntry struct {
	start, end uint64
	m          *Module
	_          uint64
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
func (c *chunkHeader) module(j int) *Module { return c.ents[j].m }

// splice returns a new array of a's entries [0, j), then add (when not
// nil), then a's entries [k, len), followed by next's.
func splice(a []moduleEntry, j, k int, add *Module, next []moduleEntry) []moduleEntry {
	n := j + len(a) - k + len(next)
	if add != nil {
		n++
	}
	ents := append(make([]moduleEntry, 0, n), a[:j]...)
	if add != nil {
		ents = append(ents, moduleEntry{start: add.Start, end: add.End, m: add})
	}
	ents = append(ents, a[k:]...)
	return append(ents, next...)
}

// chunkOf makes a chunk of the entries given (1 to maxChunk), which it
// keeps.
func chunkOf(ents []moduleEntry) moduleChunk {
	var buf [maxChunk]uint64
	starts := buf[:len(ents)]
	for i := range ents {
		starts[i] = ents[i].start
	}
	c := moduleChunk{chunkHeader: chunkHeader{ents: ents, base: starts[0]}}
	shift := chunkShift(starts[len(starts)-1] - starts[0])
	c.shift = uint8(shift)
	fillDir(starts, shift, c.idx[:])
	if span := starts[len(starts)-1] - starts[0]; uint64(len(starts)-1) < span {
		c.slope, _ = bits.Div64(uint64(len(starts)-1), 0, span)
	}
	c.exact = true
	for i := range ents {
		e := &ents[i]
		if c.guess(e.start) != uint64(i) || c.guess(e.end-1) != uint64(i) {
			c.exact = false
			break
		}
	}
	return c
}

// chunkBuckets is the number of buckets of a chunk's directory, two
// per module of a full chunk: a bucket then rarely holds more than one
// start, and a lookup reads its one or two candidates at once.
const chunkBuckets = 2 * maxChunk

// chunkShift returns the bucket width (1<<shift) of a chunk's directory
// whose starts span span bytes: the narrowest that chunkBuckets cover.
func chunkShift(span uint64) uint {
	shift := uint(0)
	for span>>shift >= chunkBuckets {
		shift++
	}
	return shift
}

// guess returns the entry the slope puts x in (x at or above base).
func (c *chunkHeader) guess(x uint64) uint64 {
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
//
// It is written out in one function, without calls: at 100,000 modules
// a lookup is a few dependent cache misses, and the calls and checks
// around them were a fifth of its time. Where a bucket of a directory
// leaves two candidates (the usual case), both are read and the one
// holding pc kept without a branch: random pcs mispredicted the branch
// of a search about every other time (removing it from the chunk choice
// alone took 2 to 3 ns off a lookup at 100,000 modules).
func (s *moduleSnap) lookupHit(pc uint64, h *moduleHit) *Module {
	var ci int
	switch {
	case s.nchunks > 1:
		// The chunk: its index from the directory of first starts
		// (addrDir.find, written out).
		d := &s.dir
		if pc < d.base || len(d.idx) < 2 {
			return nil
		}
		b := min((pc-d.base)>>d.shift, uint64(len(d.idx)-2))
		lo, hi := int(d.idx[b]), int(d.idx[b+1])
		if hi-lo > 1 && hi < len(s.firsts) {
			lo += searchAtOrBelow(s.firsts[lo:hi+1], pc)
			hi = lo
		}
		if hi >= len(s.firsts) {
			return nil
		}
		// One or two candidates (most buckets hold at most one chunk's
		// first start): the choice without a branch, which random pcs
		// would mispredict every other time. It is arithmetic: the
		// compiler kept "if pc >= s.firsts[hi] { ci = hi }" as a branch
		// (a load in the condition), mispredicted in 40 % of lookups.
		_, below := bits.Sub64(pc, s.firsts[hi], 0)
		ci = hi - (hi-lo)&-int(below)
	case s.nchunks == 1:
	default:
		return nil
	}
	if ci >= len(s.firsts) || ci >= len(s.shifts) {
		return nil
	}
	first, shift := s.firsts[ci], s.shifts[ci]
	c := s.chunk(ci)
	// The module: where the chunk's slope puts it, or its directory's
	// bucket says.
	if pc < first {
		return nil
	}
	// lo and hi are the candidates: equal in an exact chunk, else the
	// first and last entries of the directory's bucket.
	if c.exact {
		g, _ := bits.Mul64(pc-first, c.slope)
		if g >= uint64(len(c.ents)) {
			return nil
		}
		e := &c.ents[g]
		if pc-e.start >= e.end-e.start {
			return nil
		}
		*h = moduleHit{e.start, e.end - e.start, e.m}
		return e.m
	}
	// The candidates: the first and last entries of the directory's
	// bucket, narrowed to one when there are more than two.
	b := min((pc-first)>>shift, chunkBuckets-1)
	idx := s.chunkDir(ci)
	lo, hi := int(idx[b]), int(idx[b+1])
	if hi-lo > 1 && hi < len(c.ents) {
		lo += searchEntryAtOrBelow(c.ents[lo:hi+1], pc)
		hi = lo
	}
	if lo > hi || hi >= len(c.ents) {
		return nil
	}
	// Both candidates are read at once (their cache lines are fetched in
	// parallel), then the one the pc is in kept, without a branch: a
	// search that read the second's start before loading the entry found
	// was two dependent misses where an entry straddles lines.
	e0, e1 := &c.ents[lo], &c.ents[hi]
	start, end, m := e0.start, e0.end, e0.m
	if s1, end1, m1 := e1.start, e1.end, e1.m; pc >= s1 {
		start, end, m = s1, end1, m1
	}
	if pc-start >= end-start {
		return nil
	}
	*h = moduleHit{start, end - start, m}
	return m
}

// searchAtOrBelow is lastAtOrBelow for an array whose first element is
// known to be at or below x (a directory's bucket says so).
func searchAtOrBelow(a []uint64, x uint64) int {
	lo, n := 0, len(a)
	for n > 1 {
		half := n >> 1
		_, above := bits.Sub64(x, a[lo+half], 0)
		lo += half & int(above-1)
		n -= half
	}
	return lo
}

// searchEntryAtOrBelow is searchAtOrBelow over the entries' starts.
func searchEntryAtOrBelow(a []moduleEntry, x uint64) int {
	lo, n := 0, len(a)
	for n > 1 {
		half := n >> 1
		_, above := bits.Sub64(x, a[lo+half].start, 0)
		lo += half & int(above-1)
		n -= half
	}
	return lo
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

// setChunks makes chunks the snapshot's chunk list, sharing the first
// keep groups of old (which hold the same chunks as chunks does there).
func (s *moduleSnap) setChunks(old []chunkGroup, keep int, chunks []moduleChunk) {
	s.nchunks = len(chunks)
	s.groups = make([]chunkGroup, (len(chunks)+groupSize-1)/groupSize)
	for g := range s.groups {
		if g < keep {
			s.groups[g] = old[g]
			continue
		}
		grp := newGroup(chunkGroup{})
		for k := range min(groupSize, len(chunks)-g*groupSize) {
			grp.set(k, &chunks[g*groupSize+k])
		}
		s.groups[g] = grp
	}
}

// setFirsts sets firsts and their directory from the chunks.
func (s *moduleSnap) setFirsts(chunks []moduleChunk) {
	s.firsts = make([]uint64, len(chunks))
	s.shifts = make([]uint8, len(chunks))
	for i, c := range chunks {
		s.firsts[i], s.shifts[i] = c.ents[0].start, c.shift
	}
	s.dir = addrDir[uint32]{}
	if len(chunks) > 0 {
		s.dir = newAddrDir[uint32](s.firsts)
	}
}

// newChunk makes a chunk of mods, which are sorted and do not overlap.
func newChunk(mods []*Module) moduleChunk {
	ents := make([]moduleEntry, len(mods))
	for i, m := range mods {
		ents[i] = moduleEntry{start: m.Start, end: m.End, m: m}
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
	if len(ents) <= maxChunk {
		return s.replace(ci, ci+1, []moduleChunk{chunkOf(ents)}, s.n+1), nil
	}
	// Split in two halves, which share the array (no chunk changes its
	// entries once made).
	h := len(ents) / 2
	repl := []moduleChunk{chunkOf(ents[:h:h]), chunkOf(ents[h:])}
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
		return nil, fmt.Errorf("stackwalk: remove module %q [%#x, %#x): %w", m.Name, m.Start, m.End, ErrModuleNotInSet)
	}
	c := s.chunk(ci)
	left := len(c.ents) - 1
	switch {
	case left >= minChunk:
	// A small chunk merges with a neighbour when the two fit in one.
	case ci+1 < s.nchunks && left+len(s.chunk(ci+1).ents) <= buildChunk:
		ents := splice(c.ents, j, j+1, nil, s.chunk(ci+1).ents)
		return s.replace(ci, ci+2, []moduleChunk{chunkOf(ents)}, s.n-1), nil
	case ci > 0 && left+len(s.chunk(ci-1).ents) <= buildChunk:
		p := s.chunk(ci - 1)
		ents := splice(p.ents, len(p.ents), len(p.ents), nil, splice(c.ents, j, j+1, nil, nil))
		return s.replace(ci-1, ci+1, []moduleChunk{chunkOf(ents)}, s.n-1), nil
	case left == 0:
		return s.replace(ci, ci+1, nil, s.n-1), nil
	}
	return s.replace(ci, ci+1, []moduleChunk{chunkOf(splice(c.ents, j, j+1, nil, nil))}, s.n-1), nil
}

// replace returns a snapshot of n modules whose chunks lo..hi-1 are
// replaced by repl. When the number of chunks stays the same (most
// changes), it copies only the groups that change; when the chunks' first
// starts stay as they were too, the new snapshot shares s's firsts and
// directory.
func (s *moduleSnap) replace(lo, hi int, repl []moduleChunk, n int) *moduleSnap {
	t := &moduleSnap{n: n, removals: s.removals}
	if n < s.n {
		t.removals++
	}
	if len(repl) == hi-lo {
		t.nchunks = s.nchunks
		t.groups = slices.Clone(s.groups)
		for x := range repl {
			g := (lo + x) >> groupBits
			if t.groups[g] == s.groups[g] {
				t.groups[g] = newGroup(s.groups[g])
			}
			t.groups[g].set((lo+x)&(groupSize-1), &repl[x])
		}
	} else {
		chunks := make([]moduleChunk, 0, s.nchunks-(hi-lo)+len(repl))
		for i := range lo {
			chunks = append(chunks, s.whole(i))
		}
		chunks = append(chunks, repl...)
		for i := hi; i < s.nchunks; i++ {
			chunks = append(chunks, s.whole(i))
		}
		t.setChunks(s.groups, lo>>groupBits, chunks)
		t.setFirsts(chunks)
		return t
	}
	if sameShifts(s.shifts[lo:hi], repl) {
		t.shifts = s.shifts
	} else {
		t.shifts = slices.Clone(s.shifts)
		for x, c := range repl {
			t.shifts[lo+x] = c.shift
		}
	}
	if sameFirsts(s.firsts[lo:hi], repl) {
		t.firsts, t.dir = s.firsts, s.dir
		return t
	}
	t.firsts = slices.Clone(s.firsts)
	for x, c := range repl {
		t.firsts[lo+x] = c.ents[0].start
	}
	t.dir = newAddrDir[uint32](t.firsts)
	return t
}

// sameFirsts reports whether the chunks start where firsts say.
func sameFirsts(firsts []uint64, chunks []moduleChunk) bool {
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

// sameShifts reports whether the chunks' directories have the bucket
// widths shifts say.
func sameShifts(shifts []uint8, chunks []moduleChunk) bool {
	if len(shifts) != len(chunks) {
		return false
	}
	for i, c := range chunks {
		if c.shift != shifts[i] {
			return false
		}
	}
	return true
}
