package stackwalk_test

import (
	"encoding/binary"
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/regs"
	"github.com/stackmaps/stackmaps/stackwalk"
)

// freeFlag is a module's Closer that records that the module was freed.
type freeFlag struct{ atomic.Bool }

func (f *freeFlag) Close() error { f.Store(true); return nil }

// freeable returns copy k of m with a freeFlag as its Closer.
func freeable(m *stackwalk.Module, k int) *stackwalk.Module {
	c := moduleCopy(m, k)
	c.Closer = new(freeFlag)
	return c
}

// TestModuleSetConcurrent walks a 30-frame stack from four goroutines
// while one goroutine keeps replacing the modules the stack runs in (a
// new *Module at the same address each time: Remove, Add, Synchronize,
// then Close, which frees it) and another adds and removes 2,000 other
// modules. No walk may see a module after it was freed (Close writes the
// module's Closer field: under -race, a walk reading it unordered is a
// reported race), and every frame a walk gives is right.
func TestModuleSetConcurrent(t *testing.T) {
	const n, copies, fillers, walkers = 30, 8, 2000, 4
	walks := 400
	if testing.Short() {
		walks = 100
	}
	m, mem, rs := synthetic(t, n)
	copyOf := func(i int) int { // frame i runs in copy copyOf(i); copy 0 is never replaced
		if i == 0 {
			return 0
		}
		return 1 + i%copies
	}
	for i := 0; i+1 < n; i++ {
		binary.LittleEndian.PutUint64(mem.b[synFrame*i+40:], synRet+uint64(copyOf(i+1))*modSpacing)
	}
	cur := make([]*stackwalk.Module, 1+copies)
	var all []*stackwalk.Module
	for k := range cur {
		cur[k] = freeable(m, k)
		all = append(all, cur[k])
	}
	filler := make([]*stackwalk.Module, fillers)
	for k := range filler {
		filler[k] = freeable(m, 100+k)
		all = append(all, filler[k])
	}
	set, err := stackwalk.NewModuleSet(regs.X86_64, all...)
	require.NoError(t, err)

	var stop atomic.Bool
	var wg sync.WaitGroup
	var replaced, churned atomic.Int64
	// The replacer: a new module at a stack module's address.
	wg.Go(func() {
		rng := rand.New(rand.NewPCG(1, 1))
		for !stop.Load() {
			k := 1 + rng.IntN(copies)
			old, fresh := cur[k], freeable(m, k)
			if !assert.NoError(t, set.Remove(old)) || !assert.NoError(t, set.Add(fresh)) {
				return
			}
			cur[k] = fresh
			set.Synchronize()
			_ = old.Close()
			replaced.Add(1)
		}
	})
	// The churner: other modules leave and come back, splitting and
	// merging chunks.
	wg.Go(func() {
		rng := rand.New(rand.NewPCG(2, 2))
		var gone []int
		for !stop.Load() {
			if len(gone) > 0 && rng.IntN(2) == 0 {
				j := rng.IntN(len(gone))
				k := gone[j]
				gone[j] = gone[len(gone)-1]
				gone = gone[:len(gone)-1]
				filler[k] = freeable(m, 100+k)
				if !assert.NoError(t, set.Add(filler[k])) {
					return
				}
			} else {
				k := rng.IntN(fillers)
				if filler[k] == nil {
					continue
				}
				old := filler[k]
				filler[k] = nil
				if !assert.NoError(t, set.Remove(old)) {
					return
				}
				gone = append(gone, k)
				set.Synchronize()
				_ = old.Close()
			}
			churned.Add(1)
		}
	})
	var walkWG sync.WaitGroup
	var complete, ended atomic.Int64
	for range walkers {
		w, err := stackwalk.NewWalker(stackwalk.Config{ModuleSet: set, Memory: mem})
		require.NoError(t, err)
		walkWG.Go(func() {
			// At least walks walks, and on until the stack's modules were
			// replaced 50 times.
			for k := 0; k < walks || replaced.Load() < 50; k++ {
				w.Start(synRet, rs)
				i := 0
				for fr, err := range w.Frames() {
					if !assert.NoError(t, err) {
						return
					}
					ff, _ := fr.Module.Closer.(*freeFlag)
					if !assert.NotNil(t, ff, "frame %d: module %s freed under the walk", i, fr.Module.Name) ||
						!assert.False(t, ff.Load(), "frame %d: module %s freed under the walk", i, fr.Module.Name) {
						return
					}
					assert.Equal(t, synFunc+uint64(copyOf(i))*modSpacing, fr.Module.Start, "frame %d", i)
					assert.Equal(t, uint64(synBase+synFrame*(i+1)), fr.CFA, "frame %d", i)
					r, err := fr.Root(0)
					if assert.NoError(t, err) {
						assert.Equal(t, 0x10000+uint64(i), r.Base.Bits)
					}
					i++
				}
				switch w.End() {
				case stackwalk.EndReturnAddress:
					assert.Equal(t, n, i)
					complete.Add(1)
				case stackwalk.EndNoModule: // the next frame's module was being replaced
					ended.Add(1)
					pc, _ := w.Stopped()
					assert.Equal(t, synRet+uint64(copyOf(i))*modSpacing, pc)
				default:
					t.Errorf("walk ended with %v after %d frames: %v", w.End(), i, w.Err())
					return
				}
			}
		})
	}
	walkWG.Wait()
	stop.Store(true)
	wg.Wait()
	t.Logf("%d walks of %d frames complete, %d ended at a module being replaced; %d replacements, %d other changes",
		complete.Load(), n, ended.Load(), replaced.Load(), churned.Load())
	assert.Positive(t, replaced.Load())
	assert.Positive(t, complete.Load())
}

// TestSynchronizeWaits checks that Synchronize waits for a walk under way
// and returns once it ends (Done), and returns at once for a walker that
// is not walking.
func TestSynchronizeWaits(t *testing.T) {
	m, mem, rs := synthetic(t, 5)
	set, err := stackwalk.NewModuleSet(regs.X86_64, m)
	require.NoError(t, err)
	w, err := stackwalk.NewWalker(stackwalk.Config{ModuleSet: set, Memory: mem})
	require.NoError(t, err)
	set.Synchronize() // no walk yet

	for _, end := range []string{"Done", "Next", "Frames", "Start"} {
		w.Start(synRet, rs)
		require.True(t, w.Next())
		done := make(chan struct{})
		go func() { set.Synchronize(); close(done) }()
		time.Sleep(20 * time.Millisecond)
		select {
		case <-done:
			t.Fatalf("%s: Synchronize returned during a walk", end)
		default:
		}
		switch end {
		case "Done":
			w.Done()
			assert.False(t, w.Next())
			assert.ErrorIs(t, w.Err(), stackwalk.ErrNotStarted)
		case "Next":
			for w.Next() {
			}
			require.NoError(t, w.Err())
		case "Frames":
			for range w.Frames() {
				break
			}
		case "Start":
			// A new walk (of a set without the module) ends the old one.
			require.NoError(t, set.Remove(m))
			w.Start(synRet, rs)
			<-done
			assert.False(t, w.Next(), "m is gone")
			require.NoError(t, set.Add(m))
		}
		<-done
	}
	set.Synchronize()
}
