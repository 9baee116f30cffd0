package stackwalk

import (
	"math/rand/v2"
	"runtime"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/regs"
	"github.com/stackmaps/stackmaps/unwind"
)

// checkSnap asserts a snapshot's invariants: no empty or oversized chunk,
// firsts[i] the first start of chunk i, starts sorted across chunks,
// ranges disjoint and copied from the modules, n the total.
func checkSnap(t *testing.T, s *moduleSnap) {
	t.Helper()
	require.Equal(t, len(s.chunks), len(s.firsts))
	n, prevEnd := 0, uint64(0)
	for i, c := range s.chunks {
		require.NotEmpty(t, c.ents, "chunk %d", i)
		require.LessOrEqual(t, len(c.ents), maxChunk, "chunk %d", i)
		require.Equal(t, c.ents[0].start, s.firsts[i])
		for j, e := range c.ents {
			m := e.m
			require.Equal(t, m.Start, e.start)
			require.Equal(t, m.End, e.end)
			require.GreaterOrEqual(t, m.Start, prevEnd, "chunk %d module %d", i, j)
			prevEnd = m.End
		}
		n += len(c.ents)
	}
	require.Equal(t, n, s.n)
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
	require.LessOrEqual(t, len(s.chunks), max(1, 2*len(in)/minChunk+1), "%d modules", len(in))
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
