package stackwalk

import (
	"errors"
	"fmt"
	"iter"
	"sync"
	"sync/atomic"

	"github.com/stackmaps/stackmaps/regs"
)

// Errors of a ModuleSet, matched by errors.Is.
var (
	// ErrModuleOverlap means a module's code range overlaps the range of a
	// module already in the set (or of another module of the same list).
	ErrModuleOverlap = errors.New("code ranges overlap")
	// ErrModuleNotInSet means Remove was given a module the set does not
	// hold.
	ErrModuleNotInSet = errors.New("module not in the set")
)

// ModuleSet is the set of loaded modules a runtime keeps up to date while
// other goroutines walk stacks: Add and Remove change it at any time,
// without stopping or rebuilding the Walkers that use it
// (Config.ModuleSet), and Lookup finds the module of a code address
// without taking a lock.
//
// The set is an immutable snapshot behind an atomic pointer: sorted
// chunks of up to 128 modules, whose 32-byte records are held in blocks
// of 64, of which Add and Remove copy the chunk and the block they change
// and the short list of blocks (copy on write). A lookup reads one
// record of a directory of the chunks, the chunk's record, then one of
// the chunk's directory of its modules (or, where modules are spread
// evenly, computes the module with a multiplication instead), and the
// module's entry: constant time. A Walker loads the snapshot when a walk
// starts and looks every frame's pc up in it, so a walk sees the set as
// it was when it began. Lookup returns the *Module that was added, never
// a copy: the same pointer for as long as the module is in the set.
// A module's fields must not change while it is in a set.
//
// # When a removed module may be freed
//
// A walk that began before Remove may still look the module up and read
// its unwind table, stack maps and code until it ends. Remove therefore
// does not free anything (it does not call Module.Close); the runtime
// calls Synchronize after Remove, and once Synchronize returns no walk can
// still see the module: its code, tables and Closer may then be released.
//
//	set.Remove(m)
//	set.Synchronize() // every walk that could see m has ended
//	m.Close()
//
// A walk, for this purpose, lasts from Walker.Start (or StartAsync) until
// Next returns false, the Frames iteration ends, Walker.Done is called, or
// the next Start. A goroutine that walks must therefore not wait for
// Synchronize in the middle of a walk of the same set (it would wait for
// itself), and a Walker abandoned mid-walk delays Synchronize until it is
// garbage collected. Synchronize waits only for walks: Lookup has no such
// protection, and a module it returned must not be used after a
// concurrent Remove and Synchronize.
//
// Lookup allocates nothing and takes no lock; Add and Remove are
// serialized with each other. All methods are safe for concurrent use.
type ModuleSet struct {
	arch regs.Arch
	mu   sync.Mutex // serializes Add and Remove
	snap atomic.Pointer[moduleSnap]
	gp   gracePeriods
}

// NewModuleSet returns a set of the modules given, in any order, for
// walks of architecture arch (ArchUnknown takes the first module's; a set
// with no modules needs an architecture). Every module must be of that
// architecture, have an unwind table and a non-empty code range, and no two
// code ranges may overlap. Building the set sorts the modules: O(n log n).
func NewModuleSet(arch regs.Arch, modules ...*Module) (*ModuleSet, error) {
	if arch == regs.ArchUnknown && len(modules) > 0 && modules[0] != nil {
		arch = modules[0].Arch
	}
	if arch == regs.ArchUnknown {
		return nil, errors.New("stackwalk: module set without an architecture")
	}
	s := &ModuleSet{arch: arch}
	s.gp.init()
	snap, err := buildSnap(arch, modules)
	if err != nil {
		return nil, err
	}
	s.snap.Store(snap)
	return s, nil
}

// Arch returns the architecture of the set's modules.
func (s *ModuleSet) Arch() regs.Arch { return s.arch }

// Len returns the number of modules in the set.
func (s *ModuleSet) Len() int { return s.snap.Load().n }

// Lookup returns the module whose code range [Start, End) contains the
// runtime address pc, or nil.
func (s *ModuleSet) Lookup(pc uint64) *Module { return s.snap.Load().lookup(pc) }

// Modules iterates over the set's modules in address order, as the set
// was when the iteration began.
func (s *ModuleSet) Modules() iter.Seq[*Module] {
	snap := s.snap.Load()
	return func(yield func(*Module) bool) {
		for i := range snap.nchunks {
			for _, e := range snap.chunk(i).entries() {
				if !yield(e.m) {
					return
				}
			}
		}
	}
}

// Add adds m to the set. It refuses a module whose code range overlaps one
// in the set (the error names both), a module of another architecture,
// one without an unwind table or with an empty code range. Walks that are
// under way do not see m; walks that start after Add returns do.
func (s *ModuleSet) Add(m *Module) error {
	if err := m.check(s.arch); err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	next, err := s.snap.Load().with(m)
	if err != nil {
		return err
	}
	s.snap.Store(next)
	return nil
}

// Remove removes m (the pointer that was added) from the set. Walks that
// are under way may still use it: call Synchronize before freeing what it
// holds (see the type's documentation).
func (s *ModuleSet) Remove(m *Module) error {
	if m == nil {
		return fmt.Errorf("stackwalk: remove: %w: nil module", ErrModuleNotInSet)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	next, err := s.snap.Load().without(m)
	if err != nil {
		return err
	}
	s.snap.Store(next)
	return nil
}

// Synchronize waits until every walk of the set that was under way when
// it was called has ended: a module removed before the call is then seen
// by no walk, and may be freed. It returns at once when no walk is under
// way. It must not be called by a goroutine in the middle of a walk of
// this set.
func (s *ModuleSet) Synchronize() { s.gp.wait() }
