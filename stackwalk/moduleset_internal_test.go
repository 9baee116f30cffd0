package stackwalk

import (
	"cmp"
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/regs"
	"github.com/stackmaps/stackmaps/unwind"
)

// checkSnap asserts a snapshot's invariants: no empty or oversized chunk,
// firsts[i] chunk i's base (at or below its first start, at or above the
// end of the chunk before), zero records at the places below off and
// past the last chunk, the top directory's places (checkTop), starts
// sorted across chunks, ranges disjoint and copied from the modules, n
// the total.
func checkSnap(t *testing.T, s *moduleSnap) {
	t.Helper()
	require.Equal(t, s.nchunks, len(s.firsts))
	require.Len(t, s.blocks, nblocks(s.off+s.nchunks))
	require.True(t, s.off >= 0 && s.off < blockChunks, "off %d", s.off)
	for p := range len(s.blocks) * blockChunks {
		if p < s.off || p >= s.off+s.nchunks {
			// The places without a chunk hold no module (none kept alive).
			require.Zero(t, s.blocks[p>>blockBits][p&(blockChunks-1)], "place %d (off %d, %d chunks)", p, s.off, s.nchunks)
		}
	}
	if s.nchunks > 0 {
		checkTop(t, s)
	}
	n, prevEnd := 0, uint64(0)
	for i := range s.nchunks {
		c := s.chunk(i)
		ents := c.entries()
		require.NotEmpty(t, ents, "chunk %d", i)
		require.LessOrEqual(t, len(ents), maxChunk, "chunk %d", i)
		require.Equal(t, s.firsts[i], c.base, "chunk %d: its record's base", i)
		require.LessOrEqual(t, s.firsts[i], ents[0].start, "chunk %d: base above the first start", i)
		require.GreaterOrEqual(t, s.firsts[i], prevEnd, "chunk %d: base below the chunk before's end", i)
		if i%7 == 0 { // a sample: rebuilding every chunk is slow on big sets
			re := chunkOf(slices.Clone(ents), s.firsts[i])
			require.Equal(t, ents, re.entries(), "chunk %d: its entries' records", i)
			re.first = c.first
			require.Equal(t, re, *c, "chunk %d", i)
		}
		// Plain ifs: testify per module would take seconds on big sets.
		for j, e := range ents {
			m := e.m
			switch {
			case m.Start != e.start || m.End != e.end:
				t.Fatalf("chunk %d module %d: range [%#x, %#x), the module's [%#x, %#x)", i, j, e.start, e.end, m.Start, m.End)
			case m.Start < prevEnd:
				t.Fatalf("chunk %d module %d: starts at %#x, below the end before, %#x", i, j, m.Start, prevEnd)
			case s.lookup(m.Start) != m || s.lookup(m.End-1) != m:
				t.Fatalf("chunk %d module %d [%#x, %#x): not found at its start or last byte", i, j, m.Start, m.End)
			case m.Start > prevEnd && s.lookup(m.Start-1) != nil:
				t.Fatalf("chunk %d module %d [%#x, %#x): a module found just below it", i, j, m.Start, m.End)
			}
			prevEnd = m.End
		}
		n += len(ents)
	}
	require.Equal(t, n, s.n)
}

// checkTop asserts that the top directory's record of every chunk's base,
// of every byte around it and of addresses between gives the chunk's
// place, or a place above it whose base is in the same scaled step of
// the bucket, or is marked as overflowing (TestTopDir's rule, with places
// counted from off).
func checkTop(t *testing.T, s *moduleSnap) {
	t.Helper()
	d := &s.top
	require.Equal(t, s.firsts[0], d.base)
	probe := func(x uint64) {
		if x < d.base {
			return
		}
		rec := d.recs[min((x-d.base)>>d.shift, uint64(len(d.recs)-1))]
		if rec&topOverflow != 0 {
			return
		}
		got, want := int(topIndex(rec, topLane(x-d.base, d.shift))), s.off+lastAtOrBelow(s.firsts, x)
		if got == want {
			return
		}
		q := d.shift - topLaneBits
		if d.shift <= topLaneBits || got < want || got-s.off >= s.nchunks || (x-d.base)>>q != (s.firsts[got-s.off]-d.base)>>q {
			t.Fatalf("top directory: x %#x: place %d, want %d (off %d, shift %d)", x, got, want, s.off, d.shift)
		}
	}
	for i, f := range s.firsts {
		probe(f)
		probe(f - 1)
		probe(f + 1)
		if i+1 < len(s.firsts) {
			probe(f + (s.firsts[i+1]-f)/2)
		}
	}
}

// TestSnapInvariants adds and removes modules of random sizes at random
// places, keeping the snapshot's invariants, and checks that chunks merge:
// a set emptied to a few modules has few chunks.
func TestSnapInvariants(t *testing.T) {
	ut := &unwind.Table{}
	rng := rand.New(rand.NewPCG(7, 8))
	set, err := NewModuleSet(regs.X86_64)
	require.NoError(t, err)
	var in []*Module
	removals := uint64(0)
	for step := range 8000 {
		if len(in) > 0 && (rng.IntN(3) == 0 || step > 6000) {
			k := rng.IntN(len(in))
			require.NoError(t, set.Remove(in[k]))
			removals++
			require.Equal(t, removals, set.snap.Load().removals)
			in[k] = in[len(in)-1]
			in = in[:len(in)-1]
		} else {
			start := rng.Uint64N(1 << 30)
			m := &Module{Name: "m", Arch: regs.X86_64, Unwind: ut, Start: start, End: start + 1 + rng.Uint64N(1<<14)}
			if err := set.Add(m); err != nil {
				require.ErrorIs(t, err, ErrModuleOverlap)
				continue
			}
			require.Equal(t, removals, set.snap.Load().removals, "Add keeps the count")
			in = append(in, m)
		}
		if step%500 == 0 {
			checkSnap(t, set.snap.Load())
		}
	}
	s := set.snap.Load()
	checkSnap(t, s)
	require.Equal(t, len(in), s.n)
	require.LessOrEqual(t, s.nchunks, max(1, 2*len(in)/minChunk+1), "%d modules", len(in))
}

// TestSnapBases: a chunk whose first module is removed keeps its base
// (the firsts and their directories are the same arrays), lookups below
// its new first start find nothing, and a module added below it that
// reaches past the old base moves the base up to the chunk's first start
// again. Then modules go oldest first and come in above the highest, as
// a JIT's bump allocator frees and allocates them, and the invariants hold.
func TestSnapBases(t *testing.T) {
	ut := &unwind.Table{}
	mod := func(start, end uint64) *Module {
		return &Module{Name: "m", Arch: regs.X86_64, Unwind: ut, Start: start, End: end}
	}
	var mods []*Module
	for k := range 3 * buildChunk {
		mods = append(mods, mod(0x10000+uint64(k)*0x1000, 0x10000+uint64(k)*0x1000+0x800))
	}
	set, err := NewModuleSet(regs.X86_64, mods...)
	require.NoError(t, err)
	before := set.snap.Load()
	first := mods[buildChunk] // chunk 1's first module
	require.Equal(t, first.Start, before.firsts[1])
	require.NoError(t, set.Remove(first))
	after := set.snap.Load()
	checkSnap(t, after)
	require.Equal(t, first.Start, after.firsts[1], "the base stays")
	require.Same(t, &before.firsts[0], &after.firsts[0], "the same firsts")
	for _, pc := range []uint64{first.Start, first.End - 1, first.End + 0x100} {
		require.Nil(t, set.Lookup(pc), "pc %#x", pc)
	}
	// A module from below the base to the next module's start.
	gap := mod(mods[buildChunk-1].End, mods[buildChunk+1].Start)
	require.NoError(t, set.Add(gap))
	s := set.snap.Load()
	checkSnap(t, s)
	require.Equal(t, mods[buildChunk+1].Start, s.firsts[1], "the base is the first start again")
	for _, pc := range []uint64{gap.Start, first.Start, gap.End - 1} {
		require.Same(t, gap, set.Lookup(pc), "pc %#x", pc)
	}
	require.Same(t, mods[buildChunk+1], set.Lookup(gap.End))

	// Oldest first, newest above: the window slides over many chunks.
	live := append([]*Module(nil), mods...)
	live[buildChunk] = gap
	slices.SortFunc(live, func(a, b *Module) int { return cmp.Compare(a.Start, b.Start) })
	top := live[len(live)-1].End
	for step := range 10 * buildChunk {
		require.NoError(t, set.Remove(live[0]))
		live = live[1:]
		m := mod(top+0x800, top+0x1000)
		top = m.End
		require.NoError(t, set.Add(m))
		live = append(live, m)
		if step%37 == 0 {
			checkSnap(t, set.snap.Load())
		}
	}
	checkSnap(t, set.snap.Load())
	require.Equal(t, len(live), set.Len())
}

// TestWalkerSlotCollected checks that a walker abandoned in the middle of
// a walk stops holding Synchronize back once it is garbage collected.
func TestWalkerSlotCollected(t *testing.T) {
	set, err := NewModuleSet(regs.X86_64)
	require.NoError(t, err)
	w, err := NewWalker(Config{ModuleSet: set, Memory: nopMemory{}})
	require.NoError(t, err)
	var rs RegisterSet
	w.Start(0x1000, &rs) // no module: the walk is under way until Next
	require.Len(t, *set.gp.slots.Load(), 1)
	require.NotZero(t, w.slot.epoch.Load())
	w = nil
	for range 100 {
		runtime.GC()
		runtime.Gosched()
		if len(*set.gp.slots.Load()) == 0 {
			break
		}
	}
	require.Empty(t, *set.gp.slots.Load())
	set.Synchronize()
}

type nopMemory struct{}

func (nopMemory) ReadMemory(uint64, []byte) error { return ErrMemory }

// TestSnapGroups runs a set of many chunks (several groups of them)
// through adds that split chunks, removes that merge them and changes of a
// chunk's first module, checking the snapshot after each stretch.
func TestSnapGroups(t *testing.T) {
	ut := &unwind.Table{}
	rng := rand.New(rand.NewPCG(11, 12))
	const slots = 40_000
	in := make([]*Module, slots)
	mod := func(k int) *Module {
		start := 0x10000 + uint64(k)*0x100
		return &Module{Name: "m", Arch: regs.X86_64, Unwind: ut, Start: start, End: start + 0x80}
	}
	var list []*Module
	for k := range slots {
		if k%3 != 0 {
			in[k] = mod(k)
			list = append(list, in[k])
		}
	}
	set, err := NewModuleSet(regs.X86_64, list...)
	require.NoError(t, err)
	require.Greater(t, set.snap.Load().nchunks, 4*blockChunks, "chunks in more than one block")
	checkSnap(t, set.snap.Load())
	// Grow (splits), shrink to a tenth (merges), grow again.
	for stage, target := range []int{36_000, 4_000, 30_000} {
		for step := 0; set.Len() != target; step++ {
			k := rng.IntN(slots)
			switch {
			case in[k] == nil && set.Len() < target:
				in[k] = mod(k)
				require.NoError(t, set.Add(in[k]))
			case in[k] != nil && set.Len() > target:
				require.NoError(t, set.Remove(in[k]))
				in[k] = nil
			}
			if step%5000 == 0 {
				checkSnap(t, set.snap.Load())
			}
		}
		checkSnap(t, set.snap.Load())
		t.Logf("stage %d: %d modules in %d chunks", stage, set.Len(), set.snap.Load().nchunks)
	}
}

// TestChunkExact: a chunk of evenly spread modules is exact (its slope
// finds every module) and one of uneven modules is not; both answer every
// address around their modules as a linear search does.
func TestChunkExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	for _, c := range []struct {
		name  string
		exact bool
		next  func(at uint64) (start, end uint64)
	}{
		{"even, no gaps", true, func(at uint64) (uint64, uint64) { return at, at + 0x1000 }},
		{"even, gaps", true, func(at uint64) (uint64, uint64) { return at + 0x10, at + 0x800 }},
		{"uneven", false, func(at uint64) (uint64, uint64) {
			s := at + rng.Uint64N(0x100)
			return s, s + 1 + rng.Uint64N(0x2000)
		}},
	} {
		for _, n := range []int{1, 2, 3, 100, maxChunk} {
			var ents []moduleEntry
			at := uint64(0x40000)
			for range n {
				s, e := c.next(at)
				ents = append(ents, moduleEntry{start: s, end: e, m: &Module{Start: s, End: e}})
				at = max(e, at+0x1000)
			}
			ch := chunkOf(ents, ents[0].start)
			if n > 2 {
				require.Equal(t, c.exact, !ch.bucketed, "%s, %d modules", c.name, n)
			}
			s := &moduleSnap{n: n}
			s.setChunks(nil, 0, []moduleChunk{ch})
			s.setFirsts([]moduleChunk{ch})
			want := func(pc uint64) *Module {
				for _, e := range ents {
					if pc >= e.start && pc < e.end {
						return e.m
					}
				}
				return nil
			}
			for range 3000 {
				pc := ents[0].start - 0x100 + rng.Uint64N(ents[n-1].end-ents[0].start+0x200)
				require.Same(t, want(pc), s.lookup(pc), "%s, %d modules, pc %#x", c.name, n, pc)
			}
		}
	}
}

// TestSnapOldestFirst slides a window of modules up the address space as
// a JIT freeing its oldest code does: the lowest module goes, a new one
// comes above the highest (in stretches that also drop the two lowest,
// or one a little above the lowest, so that front chunks merge), over
// many more chunks than a block holds, so that the chunk list's front
// (off) moves past several blocks. After each batch every lookup (in
// modules, in gaps, below the lowest, above the highest) is checked
// against the window itself, and the snapshot's invariants; at the end
// the set is emptied oldest first and filled again.
func TestSnapOldestFirst(t *testing.T) {
	ut := &unwind.Table{}
	rng := rand.New(rand.NewPCG(15, 16))
	mod := func(k int) *Module {
		start := 0x10000 + uint64(k)*0x100
		return &Module{Name: "m", Arch: regs.X86_64, Unwind: ut, Start: start, End: start + 0x40 + uint64(k%3)*0x40}
	}
	var win []*Module // the set's modules, sorted
	next := 0
	for range 30_000 {
		win = append(win, mod(next))
		next++
	}
	set, err := NewModuleSet(regs.X86_64, win...)
	require.NoError(t, err)
	// want is the module of pc in the window, by a search of it.
	want := func(pc uint64) *Module {
		k, _ := slices.BinarySearchFunc(win, pc+1, func(m *Module, x uint64) int { return cmp.Compare(m.Start, x) })
		if k > 0 && pc < win[k-1].End {
			return win[k-1]
		}
		return nil
	}
	check := func(batch int) {
		t.Helper()
		s := set.snap.Load()
		require.Equal(t, len(win), set.Len(), "batch %d", batch)
		if len(win) == 0 {
			require.Nil(t, set.Lookup(0x10000), "batch %d", batch)
			return
		}
		lo, hi := win[0].Start, win[len(win)-1].End
		for _, pc := range []uint64{0, lo - 1, lo, hi - 1, hi, hi + 0x1000} {
			require.Same(t, want(pc), s.lookup(pc), "batch %d, pc %#x", batch, pc)
		}
		for range 4000 {
			pc := lo - 0x200 + rng.Uint64N(hi-lo+0x400)
			if got := s.lookup(pc); got != want(pc) {
				t.Fatalf("batch %d (off %d, %d chunks): pc %#x: module %v, want %v", batch, s.off, s.nchunks, pc, got, want(pc))
			}
		}
		if batch%8 == 0 {
			checkSnap(t, s)
		}
	}
	check(0)
	maxOff, blocksDropped := 0, 0
	firstBlock := set.snap.Load().blocks[0]
	for batch := 1; batch <= 160; batch++ {
		for range 500 {
			// Mostly the lowest; sometimes the two lowest, or the
			// second lowest (a chunk of the front shrinks and merges).
			gone := 1
			switch rng.IntN(50) {
			case 0:
				gone = 2
			case 1:
				m := win[1]
				require.NoError(t, set.Remove(m))
				win = slices.Delete(win, 1, 2)
			}
			for range gone {
				require.NoError(t, set.Remove(win[0]))
				win = win[1:]
			}
			for range gone {
				m := mod(next)
				next++
				require.NoError(t, set.Add(m))
				win = append(win, m)
			}
		}
		s := set.snap.Load()
		maxOff = max(maxOff, s.off)
		if s.blocks[0] != firstBlock {
			blocksDropped++
			firstBlock = s.blocks[0]
		}
		check(batch)
	}
	require.Positive(t, maxOff, "the front moved")
	require.Greater(t, blocksDropped, 1, "blocks dropped from the front")
	// Empty it oldest first, then fill it again.
	for len(win) > 0 {
		require.NoError(t, set.Remove(win[0]))
		win = win[1:]
		if len(win)%5000 == 0 {
			check(-len(win))
		}
	}
	for range 2000 {
		m := mod(next)
		next++
		require.NoError(t, set.Add(m))
		win = append(win, m)
	}
	check(0)
}
