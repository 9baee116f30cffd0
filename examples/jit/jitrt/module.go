package jitrt

import (
	"fmt"

	"github.com/stackmaps/stackmaps/stackmap"
)

// Module is what a runtime keeps for one JIT-compiled module.
type Module struct {
	Name string
	// CodeLo and CodeHi bound the module's code: [CodeLo, CodeHi).
	CodeLo, CodeHi uint64
	// Maps is the module's .llvm_stackmaps, decoded where the memory
	// manager put it; MCJIT has relocated its function addresses to the
	// JIT'd code, so the index is used with bias 0.
	Maps  *stackmap.Section
	Index *stackmap.Index
	// EHFrame is the module's .eh_frame where it lives in memory (nil when
	// there is none), EHFrameAddr its address.
	EHFrame     []byte
	EHFrameAddr uint64
}

// NewModule indexes a module's decoded stack maps. Every function record
// must lie in [lo, hi), the module's code.
func NewModule(name string, lo, hi uint64, maps *stackmap.Section, ehFrame []byte, ehFrameAddr uint64) (*Module, error) {
	if lo >= hi {
		return nil, fmt.Errorf("module %s: empty code range [%#x, %#x)", name, lo, hi)
	}
	for ti, t := range maps.Tables() {
		for fi := 0; fi < t.NumFunctions(); fi++ {
			f, _ := t.Function(fi)
			if f.Entry < lo || f.Entry >= hi {
				return nil, fmt.Errorf("module %s: table %d function %d at %#x lies outside its code [%#x, %#x)", name, ti, fi, f.Entry, lo, hi)
			}
		}
	}
	return &Module{Name: name, CodeLo: lo, CodeHi: hi, Maps: maps, Index: stackmap.NewIndex(maps), EHFrame: ehFrame, EHFrameAddr: ehFrameAddr}, nil
}

// Contains reports whether pc lies in the module's code.
func (m *Module) Contains(pc uint64) bool { return pc >= m.CodeLo && pc < m.CodeHi }
