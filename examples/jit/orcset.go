//go:build llvmjit && (llvm19 || llvm22)

package main

import (
	"sync"
	"sync/atomic"

	"github.com/stackmaps/stackmaps/stackwalk"
)

// moduleSet is the ORC runtime's set of walkable modules, updated while
// other goroutines walk. Readers take an immutable snapshot; a walker is
// rebuilt (stackwalk.NewWalker) when the snapshot it was built from is
// stale. A removed module's code may be freed once every walk that could
// have seen it has ended: Remove publishes the snapshot without it, then
// takes the write lock, which waits for the walks in progress (each holds
// the read lock for its whole walk).
type moduleSet struct {
	walks sync.RWMutex
	pub   sync.Mutex // serializes updates
	snap  atomic.Pointer[setSnapshot]
}

type setSnapshot struct {
	gen  uint64
	mods []*stackwalk.Module
}

func newModuleSet() *moduleSet {
	s := &moduleSet{}
	s.snap.Store(&setSnapshot{})
	return s
}

// Add publishes a snapshot with mods added.
func (s *moduleSet) Add(mods ...*stackwalk.Module) {
	s.pub.Lock()
	defer s.pub.Unlock()
	old := s.snap.Load()
	next := &setSnapshot{gen: old.gen + 1, mods: make([]*stackwalk.Module, 0, len(old.mods)+len(mods))}
	next.mods = append(append(next.mods, old.mods...), mods...)
	s.snap.Store(next)
}

// Remove publishes a snapshot without m and returns once no walk can use
// m any more: its code and tables may then be freed.
func (s *moduleSet) Remove(m *stackwalk.Module) {
	s.pub.Lock()
	old := s.snap.Load()
	next := &setSnapshot{gen: old.gen + 1, mods: make([]*stackwalk.Module, 0, len(old.mods))}
	for _, o := range old.mods {
		if o != m {
			next.mods = append(next.mods, o)
		}
	}
	s.snap.Store(next)
	s.pub.Unlock()
	s.walks.Lock() // grace period: walks that began before are done
	s.walks.Unlock()
}

// Len is the number of modules in the current snapshot.
func (s *moduleSet) Len() int { return len(s.snap.Load().mods) }

// setWalker is one goroutine's walker over a moduleSet.
type setWalker struct {
	set *moduleSet
	cfg stackwalk.Config
	gen uint64
	w   *stackwalk.Walker
	// Rebuilds counts the walkers built because the set had changed.
	Rebuilds int
}

// begin starts a walk: it holds the set's read lock until end and returns
// a walker over the current snapshot.
func (sw *setWalker) begin() (*stackwalk.Walker, error) {
	sw.set.walks.RLock()
	snap := sw.set.snap.Load()
	if sw.w == nil || snap.gen != sw.gen {
		cfg := sw.cfg
		cfg.Modules = snap.mods
		w, err := stackwalk.NewWalker(cfg)
		if err != nil {
			sw.set.walks.RUnlock()
			return nil, err
		}
		sw.w, sw.gen = w, snap.gen
		sw.Rebuilds++
	}
	return sw.w, nil
}

func (sw *setWalker) end() { sw.set.walks.RUnlock() }
