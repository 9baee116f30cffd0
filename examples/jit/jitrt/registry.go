package jitrt

import (
	"fmt"
	"sort"
	"sync"
)

// Registry maps code address ranges to the JIT'd modules that hold them, so
// that a return address finds the stack maps of the module it lies in.
// Modules are added as they are compiled; lookups allocate nothing. It is
// safe for concurrent use.
type Registry struct {
	mu   sync.RWMutex
	mods []*Module // sorted by CodeLo, ranges disjoint
}

// Add registers a module. Its code range must not overlap a registered
// module's.
func (r *Registry) Add(m *Module) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	i := sort.Search(len(r.mods), func(i int) bool { return r.mods[i].CodeLo >= m.CodeLo })
	if i > 0 && r.mods[i-1].CodeHi > m.CodeLo {
		return fmt.Errorf("module %s [%#x, %#x) overlaps module %s [%#x, %#x)", m.Name, m.CodeLo, m.CodeHi, r.mods[i-1].Name, r.mods[i-1].CodeLo, r.mods[i-1].CodeHi)
	}
	if i < len(r.mods) && r.mods[i].CodeLo < m.CodeHi {
		return fmt.Errorf("module %s [%#x, %#x) overlaps module %s [%#x, %#x)", m.Name, m.CodeLo, m.CodeHi, r.mods[i].Name, r.mods[i].CodeLo, r.mods[i].CodeHi)
	}
	r.mods = append(r.mods, nil)
	copy(r.mods[i+1:], r.mods[i:])
	r.mods[i] = m
	return nil
}

// Find returns the module whose code contains pc.
func (r *Registry) Find(pc uint64) (*Module, bool) {
	r.mu.RLock()
	defer r.mu.RUnlock()
	i := sort.Search(len(r.mods), func(i int) bool { return r.mods[i].CodeHi > pc })
	if i < len(r.mods) && r.mods[i].Contains(pc) {
		return r.mods[i], true
	}
	return nil, false
}

// Len returns the number of registered modules.
func (r *Registry) Len() int {
	r.mu.RLock()
	defer r.mu.RUnlock()
	return len(r.mods)
}
