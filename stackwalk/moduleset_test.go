package stackwalk_test

import (
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/regs"
	"github.com/stackmaps/stackmaps/stackwalk"
)

// modSpacing is the distance between the copies moduleCopy makes: copy k
// runs the synthetic function at synFunc + k*modSpacing.
const modSpacing = 0x10000

// moduleCopy returns the synthetic module m loaded k*modSpacing higher, as
// a new *Module.
func moduleCopy(m *stackwalk.Module, k int) *stackwalk.Module {
	c := *m
	bias := uint64(k) * modSpacing
	c.Name = fmt.Sprintf("copy %d", k)
	c.Bias, c.Start, c.End = bias, m.Start+bias, m.End+bias
	return &c
}

// moduleCopies returns copies 0..n-1 of m.
func moduleCopies(m *stackwalk.Module, n int) []*stackwalk.Module {
	out := make([]*stackwalk.Module, n)
	for k := range out {
		out[k] = moduleCopy(m, k)
	}
	return out
}

// linearLookup is the reference: the module containing pc, by scanning.
func linearLookup(mods []*stackwalk.Module, pc uint64) *stackwalk.Module {
	for _, m := range mods {
		if m.Contains(pc) {
			return m
		}
	}
	return nil
}

// TestModuleSetLookup checks Lookup against a linear scan at every module
// boundary and between modules, for sets built from shuffled lists of
// sizes around the chunk sizes.
func TestModuleSetLookup(t *testing.T) {
	m, _, _ := synthetic(t, 1)
	rng := rand.New(rand.NewPCG(3, 4))
	for _, n := range []int{0, 1, 2, 191, 192, 193, 385, 577, 1153} {
		mods := moduleCopies(m, n)
		shuffled := slices.Clone(mods)
		rng.Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
		set, err := stackwalk.NewModuleSet(regs.X86_64, shuffled...)
		require.NoError(t, err)
		require.Equal(t, n, set.Len())
		assert.Equal(t, mods, append([]*stackwalk.Module{}, slices.Collect(set.Modules())...), "address order")
		for k, mk := range mods {
			for _, pc := range []uint64{mk.Start - 1, mk.Start, mk.Start + 0x50, mk.End - 1, mk.End} {
				require.Same(t, linearLookup(mods, pc), set.Lookup(pc), "n=%d module %d pc %#x", n, k, pc)
			}
		}
		assert.Nil(t, set.Lookup(0))
		assert.Nil(t, set.Lookup(^uint64(0)))
	}
}

// TestModuleSetAddRemove adds and removes modules in random order and
// checks every lookup, the order and the count against a reference list
// after each change; the set passes through chunk splits and merges.
func TestModuleSetAddRemove(t *testing.T) {
	m, _, _ := synthetic(t, 1)
	const slots = 1500
	rng := rand.New(rand.NewPCG(5, 6))
	set, err := stackwalk.NewModuleSet(regs.X86_64)
	require.NoError(t, err)
	in := make([]*stackwalk.Module, slots) // in[k]: the module at copy k's address, or nil
	check := func(step int) {
		var want []*stackwalk.Module
		for _, x := range in {
			if x != nil {
				want = append(want, x)
			}
		}
		require.Equal(t, len(want), set.Len(), "step %d", step)
		require.Equal(t, want, slices.Collect(set.Modules()), "step %d", step)
		for range 50 {
			k := rng.IntN(slots)
			pc := synFunc + uint64(k)*modSpacing + uint64(rng.IntN(0x120))
			require.Same(t, linearLookup(want, pc), set.Lookup(pc), "step %d pc %#x", step, pc)
		}
	}
	// Fill to 1,300 (splits), empty to 50 (merges), refill, in random
	// order; a new *Module each time an address is reused.
	for step, target := range []int{1300, 50, 1450, 0, 700} {
		for set.Len() != target {
			k := rng.IntN(slots)
			if in[k] == nil && set.Len() < target {
				x := moduleCopy(m, k)
				require.NoError(t, set.Add(x))
				in[k] = x
			} else if in[k] != nil && set.Len() > target {
				require.NoError(t, set.Remove(in[k]))
				in[k] = nil
			}
			if rng.IntN(401) == 0 {
				check(step)
			}
		}
		check(step)
	}
}

// TestModuleSetRefuses checks the errors: overlaps naming both modules,
// removing a module the set does not hold (another pointer at the same
// address included), and modules a walk cannot use.
func TestModuleSetRefuses(t *testing.T) {
	m, _, _ := synthetic(t, 1)
	a, b := moduleCopy(m, 1), moduleCopy(m, 2)
	set, err := stackwalk.NewModuleSet(regs.ArchUnknown, a, b)
	require.NoError(t, err)
	assert.Equal(t, regs.X86_64, set.Arch())

	over := moduleCopy(m, 2)
	over.Name = "over"
	over.Start, over.End = b.Start-0x10, b.Start+0x10 // straddles b's start
	err = set.Add(over)
	require.ErrorIs(t, err, stackwalk.ErrModuleOverlap)
	assert.ErrorContains(t, err, `"over" [0x20ff0, 0x21010)`)
	assert.ErrorContains(t, err, `"copy 2" [0x21000, 0x21100)`)
	over.Start, over.End = a.End-1, a.End+1 // straddles a's end
	err = set.Add(over)
	require.ErrorIs(t, err, stackwalk.ErrModuleOverlap)
	assert.ErrorContains(t, err, `"copy 1"`)
	require.ErrorIs(t, set.Add(a), stackwalk.ErrModuleOverlap, "twice")
	_, err = stackwalk.NewModuleSet(regs.X86_64, b, a, over)
	require.ErrorIs(t, err, stackwalk.ErrModuleOverlap)
	assert.ErrorContains(t, err, `"copy 1"`)
	assert.ErrorContains(t, err, `"over"`)

	// Adjacent ranges are fine.
	adj := moduleCopy(m, 1)
	adj.Name, adj.Start, adj.End = "adjacent", a.End, a.End+0x10
	require.NoError(t, set.Add(adj))
	assert.Same(t, adj, set.Lookup(a.End))
	assert.Same(t, a, set.Lookup(a.End-1))

	err = set.Remove(moduleCopy(m, 1)) // same range, another pointer
	require.ErrorIs(t, err, stackwalk.ErrModuleNotInSet)
	assert.ErrorContains(t, err, `"copy 1" [0x11000, 0x11100)`)
	require.ErrorIs(t, set.Remove(moduleCopy(m, 7)), stackwalk.ErrModuleNotInSet)
	require.ErrorIs(t, set.Remove(nil), stackwalk.ErrModuleNotInSet)
	require.NoError(t, set.Remove(a))
	require.ErrorIs(t, set.Remove(a), stackwalk.ErrModuleNotInSet, "twice")
	assert.Equal(t, 2, set.Len())

	arm := moduleCopy(m, 9)
	arm.Arch = regs.AArch64
	assert.ErrorContains(t, set.Add(arm), "aarch64")
	empty := moduleCopy(m, 9)
	empty.End = empty.Start
	assert.ErrorContains(t, set.Add(empty), "empty code range")
	assert.Error(t, set.Add(nil))
	_, err = stackwalk.NewModuleSet(regs.ArchUnknown)
	assert.Error(t, err, "no architecture")
	_, err = stackwalk.NewModuleSet(regs.X86_64, a, nil)
	assert.Error(t, err, "nil module")
	assert.Equal(t, 2, set.Len())
}

// TestModuleSetConfig checks NewWalker's rules for Config.ModuleSet.
func TestModuleSetConfig(t *testing.T) {
	m, mem, _ := synthetic(t, 1)
	set, err := stackwalk.NewModuleSet(regs.X86_64, m)
	require.NoError(t, err)
	_, err = stackwalk.NewWalker(stackwalk.Config{ModuleSet: set, Modules: []*stackwalk.Module{m}, Memory: mem})
	assert.ErrorContains(t, err, "both")
	_, err = stackwalk.NewWalker(stackwalk.Config{ModuleSet: set, Arch: regs.AArch64, Memory: mem})
	assert.ErrorContains(t, err, "aarch64")
	_, err = stackwalk.NewWalker(stackwalk.Config{ModuleSet: set, Arch: regs.X86_64, Memory: mem})
	assert.NoError(t, err)
}

// TestModuleSetWalk walks a stack whose frames run in 20 copies of the
// synthetic module held by a set of 1,000, and sees a module added after
// a walker was made.
func TestModuleSetWalk(t *testing.T) {
	const n = 20
	m, mem, rs := synthetic(t, n)
	mods := moduleCopies(m, 1000)
	set, err := stackwalk.NewModuleSet(regs.X86_64, mods[1:]...) // copy 0 (m's range) added later
	require.NoError(t, err)
	w, err := stackwalk.NewWalker(stackwalk.Config{ModuleSet: set, Memory: mem})
	require.NoError(t, err)
	// Frame i+1 runs in copy 50*(i+1)%1000: the return address of frame i.
	copyOf := func(i int) int { return 50 * i % 1000 }
	for i := 0; i+1 < n; i++ {
		binary.LittleEndian.PutUint64(mem.b[synFrame*i+40:], synRet+uint64(copyOf(i+1))*modSpacing)
	}
	w.Start(synRet, rs)
	require.False(t, w.Next(), "frame 0 is in copy 0, not yet in the set")
	assert.NoError(t, w.Err())
	assert.Equal(t, stackwalk.EndNoModule, w.End())

	require.NoError(t, set.Add(mods[0]))
	w.Start(synRet, rs)
	i := 0
	for fr, err := range w.Frames() {
		require.NoError(t, err)
		assert.Same(t, mods[copyOf(i)], fr.Module, "frame %d", i)
		assert.Equal(t, uint64(synBase+synFrame*(i+1)), fr.CFA, "frame %d", i)
		r, err := fr.Root(0)
		require.NoError(t, err)
		assert.Equal(t, 0x10000+uint64(i), r.Base.Bits)
		i++
	}
	assert.Equal(t, n, i)
	assert.Equal(t, stackwalk.EndReturnAddress, w.End())

	// Frame 5's module removed: the walk ends there.
	require.NoError(t, set.Remove(mods[copyOf(5)]))
	w.Start(synRet, rs)
	i = 0
	for range w.Frames() {
		i++
	}
	assert.Equal(t, 5, i)
	assert.Equal(t, stackwalk.EndNoModule, w.End())
	pc, _ := w.Stopped()
	assert.Equal(t, synRet+uint64(copyOf(5))*modSpacing, pc)
}
