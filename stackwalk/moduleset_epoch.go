package stackwalk

import (
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"time"
)

// gracePeriods tells a ModuleSet when no walk can still see a removed
// module. The set has an epoch counter; each Walker using the set owns a
// walkSlot that holds the epoch its walk began in, or 0 when it is not
// walking. Synchronize advances the epoch and waits until no slot holds an
// older one.
//
// Why that suffices (Go's atomics are sequentially consistent): a walk
// stores its epoch in its slot before it loads the snapshot. If it loaded
// a snapshot that still holds a removed module, that load, and so the
// store, came before Remove stored the new snapshot, which came before
// Synchronize advanced the epoch: the slot holds an older epoch than the
// one Synchronize waits past, until the walk ends. A walk whose slot
// Synchronize reads as 0 stores its epoch afterwards, so it loads the
// snapshot afterwards, and that no longer holds the module.
type gracePeriods struct {
	epoch atomic.Uint64
	mu    sync.Mutex                  // serializes changes to slots
	slots atomic.Pointer[[]*walkSlot] // copied on change
}

// walkSlot is one Walker's announcement, padded to a cache line of its own
// so that walkers on different cores do not share one.
type walkSlot struct {
	_     [64]byte
	epoch atomic.Uint64 // 0: not walking
	_     [56]byte
}

func (g *gracePeriods) init() {
	g.epoch.Store(1)
	g.slots.Store(new([]*walkSlot))
}

// register adds a slot for a new walker.
func (g *gracePeriods) register() *walkSlot {
	s := new(walkSlot)
	g.mu.Lock()
	defer g.mu.Unlock()
	next := append(slices.Clone(*g.slots.Load()), s)
	g.slots.Store(&next)
	return s
}

// unregister drops a slot (its walker was garbage collected).
func (g *gracePeriods) unregister(s *walkSlot) {
	g.mu.Lock()
	defer g.mu.Unlock()
	next := slices.DeleteFunc(slices.Clone(*g.slots.Load()), func(x *walkSlot) bool { return x == s })
	g.slots.Store(&next)
}

// enter marks the start of a walk in s: call it before loading the
// snapshot.
func (g *gracePeriods) enter(s *walkSlot) { s.epoch.Store(g.epoch.Load()) }

// leave marks the end of the walk in s.
func leave(s *walkSlot) { s.epoch.Store(0) }

// wait advances the epoch and waits until every slot is idle or holds the
// new epoch.
func (g *gracePeriods) wait() {
	target := g.epoch.Add(1)
	for _, s := range *g.slots.Load() {
		for spin := 0; ; spin++ {
			if e := s.epoch.Load(); e == 0 || e >= target {
				break
			}
			switch {
			case spin < 16:
				runtime.Gosched()
			default:
				// Walks last microseconds; a walk longer than that
				// is preempted or abandoned: sleep, up to 1 ms.
				time.Sleep(time.Duration(min(spin-15, 1000)) * time.Microsecond)
			}
		}
	}
}
