package jitrt

import (
	"encoding/binary"
	"fmt"

	"github.com/stackmaps/stackmaps/cfi"
	"github.com/stackmaps/stackmaps/regs"
	"github.com/stackmaps/stackmaps/stackmap"
	"github.com/stackmaps/stackmaps/stackwalk"
	"github.com/stackmaps/stackmaps/unwind"
)

// Module is what a runtime keeps for one JIT-compiled module: its code
// range, its stack maps and its call frame information, both used where
// the memory manager put them, and the stackwalk.Module built from them.
type Module struct {
	Name string
	// CodeLo and CodeHi bound the module's code: [CodeLo, CodeHi).
	CodeLo, CodeHi uint64
	// Maps is the module's .llvm_stackmaps, decoded where the memory
	// manager put it; MCJIT has relocated its function addresses to the
	// JIT'd code, so the index is used with bias 0.
	Maps  *stackmap.Section
	Index *stackmap.Index
	// EHFrame is the module's .eh_frame where it lives in memory,
	// EHFrameAddr its address. MCJIT has relocated its pc_begin fields
	// (pc-relative) to the JIT'd code.
	EHFrame     []byte
	EHFrameAddr uint64
	// CFI is EHFrame decoded (cfi.New at EHFrameAddr) and indexed by pc:
	// MCJIT emits no .eh_frame_hdr.
	CFI *cfi.Index
	// Walk is the module as package stackwalk sees it: code range, bias
	// 0, CFI and stack map index.
	Walk *stackwalk.Module
}

// NewModule indexes a module's decoded stack maps and its .eh_frame (at
// ehFrameAddr, where the JIT put it). Every function record of the stack
// maps must lie in [lo, hi), the module's code, and be covered by an FDE.
func NewModule(name string, lo, hi uint64, maps *stackmap.Section, ehFrame []byte, ehFrameAddr uint64) (*Module, error) {
	if lo >= hi {
		return nil, fmt.Errorf("module %s: empty code range [%#x, %#x)", name, lo, hi)
	}
	if len(ehFrame) == 0 {
		return nil, fmt.Errorf("module %s: no .eh_frame: its frames cannot be unwound", name)
	}
	cfg := cfi.Config{Kind: cfi.EHFrame, Data: ehFrame, Addr: ehFrameAddr, Order: binary.LittleEndian, PtrSize: 8}
	sec, err := cfi.New(cfg)
	if err != nil {
		return nil, fmt.Errorf("module %s: .eh_frame at %#x: %w", name, ehFrameAddr, err)
	}
	ix, err := sec.NewIndex()
	if err != nil {
		return nil, fmt.Errorf("module %s: .eh_frame at %#x: %w", name, ehFrameAddr, err)
	}
	// The stack map section's bare bytes do not say where a function ends:
	// each function's FDE does, and the index takes those extents.
	var extents []stackmap.Extent
	for ti, t := range maps.Tables() {
		for fi := 0; fi < t.NumFunctions(); fi++ {
			f, _ := t.Function(fi)
			if f.Entry() < lo || f.Entry() >= hi {
				return nil, fmt.Errorf("module %s: table %d function %d at %#x lies outside its code [%#x, %#x)", name, ti, fi, f.Entry(), lo, hi)
			}
			fde, err := ix.FindFDE(f.Entry())
			if err != nil {
				return nil, fmt.Errorf("module %s: table %d function %d at %#x: no FDE in .eh_frame at %#x: %w", name, ti, fi, f.Entry(), ehFrameAddr, err)
			}
			extents = append(extents, stackmap.Extent{Start: fde.PCBegin, End: fde.PCEnd})
		}
	}
	index := stackmap.NewIndexOptions(maps, stackmap.IndexOptions{Extents: extents})
	m := &Module{Name: name, CodeLo: lo, CodeHi: hi, Maps: maps, Index: index, EHFrame: ehFrame, EHFrameAddr: ehFrameAddr, CFI: ix}
	ut, err := unwind.New(unwind.Sources{Arch: regs.X86_64, EHFrame: cfg})
	if err != nil {
		return nil, fmt.Errorf("module %s: .eh_frame at %#x: %w", name, ehFrameAddr, err)
	}
	m.Walk = &stackwalk.Module{Name: name, Arch: regs.X86_64, Bias: 0, Start: lo, End: hi, Unwind: ut, Stackmaps: m.Index}
	return m, nil
}

// Contains reports whether pc lies in the module's code.
func (m *Module) Contains(pc uint64) bool { return pc >= m.CodeLo && pc < m.CodeHi }
