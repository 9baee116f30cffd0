package stackwalk

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/regs"
	"github.com/stackmaps/stackmaps/unwind"
)

// The package's tests build tables for sets of any size, so that every
// test of a set (and of walks through one) goes through its table.
func init() { accelMinModules = 1 }

// TestAccelTableShapes adds and removes modules of every shape the table
// treats apart (small ones, several to a bucket, modules many buckets
// long whose deep buckets stay empty, gaps) and checks after every change
// that each bucket holds what the modules overlapping it make, that
// lookups in and around every module find it, and that the table
// answers (is not silent) for most pcs of a set of one-bucket modules.
func TestAccelTableShapes(t *testing.T) {
	ut := &unwind.Table{}
	rng := rand.New(rand.NewPCG(21, 22))
	var mods []*Module
	at := uint64(0x100000)
	for k := range 3000 {
		size := 0x40 + rng.Uint64N(0x400)
		switch k % 500 {
		case 7:
			size = 0x200000 + rng.Uint64N(0x100000) // hundreds of buckets
		case 8:
			size = 1 // one byte
		}
		at += rng.Uint64N(0x200) * uint64(k%2)
		mods = append(mods, &Module{Name: "m", Arch: regs.X86_64, Unwind: ut, Start: at, End: at + size})
		at += size
	}
	set, err := NewModuleSet(regs.X86_64, mods...)
	require.NoError(t, err)
	s := set.snap.Load()
	checkSnap(t, s)
	require.NotEmpty(t, s.acc.dir)
	answered := 0
	for _, m := range mods {
		if m.End-m.Start < 0x1000 && s.acc.find(m.Start) == m {
			answered++
		}
	}
	require.Greater(t, answered, len(mods)*9/10, "modules the table answers for at their start")
	in := slices.Clone(mods)
	var out []*Module
	for step := range 3000 {
		if len(out) > 0 && (rng.IntN(2) == 0 || len(in) < 100) {
			k := rng.IntN(len(out))
			require.NoError(t, set.Add(out[k]))
			in, out = append(in, out[k]), slices.Delete(out, k, k+1)
		} else {
			k := rng.IntN(len(in))
			require.NoError(t, set.Remove(in[k]))
			out, in = append(out, in[k]), slices.Delete(in, k, k+1)
		}
		s := set.snap.Load()
		if step%100 == 0 {
			checkSnap(t, s)
		} else {
			checkAccel(t, s)
		}
		for _, m := range in[max(len(in)-3, 0):] {
			require.Same(t, m, s.lookup(m.Start))
			require.Same(t, m, s.lookup(m.End-1))
			require.Same(t, m, s.lookup(m.Start+(m.End-m.Start)/2))
		}
		for _, m := range out[max(len(out)-3, 0):] {
			require.Nil(t, s.lookup(m.Start))
			require.Nil(t, s.lookup(m.End-1))
		}
	}
}

// TestAccelTableSparse: modules in regions too far apart for buckets of
// 2 GB make no table; lookups ask the chunks, and find every module. A
// set that later fits in a table builds one.
func TestAccelTableSparse(t *testing.T) {
	ut := &unwind.Table{}
	var mods []*Module
	for r := range 4 {
		for k := range 50 {
			start := uint64(r)<<60 + 0x10000 + uint64(k)*0x1000
			mods = append(mods, &Module{Name: "m", Arch: regs.X86_64, Unwind: ut, Start: start, End: start + 0x800})
		}
	}
	set, err := NewModuleSet(regs.X86_64, mods...)
	require.NoError(t, err)
	s := set.snap.Load()
	require.Empty(t, s.acc.dir)
	for _, m := range mods {
		require.Same(t, m, set.Lookup(m.Start))
		require.Same(t, m, set.Lookup(m.End-1))
		require.Nil(t, set.Lookup(m.End))
	}
	// The three far regions go, and the first gets as many modules
	// again: the table is built again (the count doubled) over it.
	for _, m := range mods[50:] {
		require.NoError(t, set.Remove(m))
	}
	mods = mods[:50]
	for k := range 200 {
		start := uint64(0x10000) + uint64(50+k)*0x1000
		m := &Module{Name: "m", Arch: regs.X86_64, Unwind: ut, Start: start, End: start + 0x800}
		require.NoError(t, set.Add(m))
		mods = append(mods, m)
	}
	s = set.snap.Load()
	require.NotEmpty(t, s.acc.dir)
	checkSnap(t, s)
	for _, m := range mods {
		require.Same(t, m, s.acc.find(m.Start))
	}
	// Below accelMinModules, no table.
	defer func(n int) { accelMinModules = n }(accelMinModules)
	accelMinModules = 1000
	set, err = NewModuleSet(regs.X86_64, mods...)
	require.NoError(t, err)
	require.Empty(t, set.snap.Load().acc.dir)
	for _, m := range mods {
		require.Same(t, m, set.Lookup(m.Start))
	}
	accelMinModules = 1

	// Near the top of the address space: the table's pages stop there.
	top := []*Module{
		{Name: "t", Arch: regs.X86_64, Unwind: ut, Start: ^uint64(0) - 0x3000, End: ^uint64(0) - 0x2000},
		{Name: "t", Arch: regs.X86_64, Unwind: ut, Start: ^uint64(0) - 0x1000, End: ^uint64(0)},
	}
	set, err = NewModuleSet(regs.X86_64, top...)
	require.NoError(t, err)
	checkSnap(t, set.snap.Load())
	for _, m := range top {
		require.Same(t, m, set.Lookup(m.Start))
		require.Same(t, m, set.Lookup(m.End-1))
	}
	require.Nil(t, set.Lookup(^uint64(0)))
}
