package main

import (
	"debug/pe"
	"sort"
)

// peNames names branch and call targets in a COFF object or PE image
// (x86_64) as llvm-objdump -d does: "<f>" or "<f+0x10>" after the COFF
// symbols of the target's section, and in an object the symbol of the
// relocation at the instruction (IMAGE_REL_AMD64_REL32). An image's
// symbols are at the image base plus their section's address plus their
// value; an object's are at their value, an offset in their section.
type peNames struct {
	f      *pe.File
	base   uint64      // image base (0 for an object)
	image  bool        // a PE image, not an object
	syms   [][]addrSym // symbols of each section (f.Sections order), sorted
	relocs map[*pe.Section][]offReloc
}

// newPENames indexes f's symbols by section.
func newPENames(f *pe.File) *peNames {
	n := &peNames{f: f, syms: make([][]addrSym, len(f.Sections)), relocs: map[*pe.Section][]offReloc{}}
	switch oh := f.OptionalHeader.(type) {
	case *pe.OptionalHeader64:
		n.base, n.image = oh.ImageBase, true
	case *pe.OptionalHeader32:
		n.base, n.image = uint64(oh.ImageBase), true
	}
	for _, s := range f.Symbols {
		if s.SectionNumber < 1 || int(s.SectionNumber) > len(f.Sections) || s.Name == "" {
			continue
		}
		addr := uint64(s.Value)
		if n.image {
			addr += n.base + uint64(f.Sections[s.SectionNumber-1].VirtualAddress)
		}
		n.syms[s.SectionNumber-1] = append(n.syms[s.SectionNumber-1], addrSym{addr, s.Name})
	}
	for _, s := range n.syms {
		sortSyms(s)
	}
	return n
}

// relocations returns an object section's relocations sorted by offset,
// naming the symbol each refers to (by its index among all symbol
// records, auxiliary ones included).
func (n *peNames) relocations(sec *pe.Section) []offReloc {
	if r, ok := n.relocs[sec]; ok {
		return r
	}
	var out []offReloc
	for _, r := range sec.Relocs {
		if int(r.SymbolTableIndex) >= len(n.f.COFFSymbols) {
			continue
		}
		name, err := n.f.COFFSymbols[r.SymbolTableIndex].FullName(n.f.StringTable)
		if err == nil && name != "" {
			out = append(out, offReloc{uint64(r.VirtualAddress), name})
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].off < out[j].off })
	n.relocs[sec] = out
	return out
}

// target implements targetNamer: in an object pc and target are offsets
// in sec, and a target without a relocation is named after sec's symbols;
// in an image they are addresses.
func (n *peNames) target(sec any, pc, length, target uint64) (targetRef, bool) {
	s, _ := sec.(*pe.Section)
	if !n.image {
		if s == nil {
			return targetRef{}, false
		}
		if r, ok := relocAt(n.relocations(s), pc, length); ok {
			return r, true
		}
		for i, fs := range n.f.Sections {
			if fs == s {
				return n.inSection(i, 0, s, target)
			}
		}
		return targetRef{}, false
	}
	for i, fs := range n.f.Sections {
		start := n.base + uint64(fs.VirtualAddress)
		if target >= start && target-start < uint64(fs.VirtualSize) {
			return n.inSection(i, start, s, target)
		}
	}
	return targetRef{}, false
}

// inSection names target in section i (at address start) after its
// symbols or, when none is at or before target and the branch is inside
// the section (sec), as llvm-objdump does, after the section's start.
func (n *peNames) inSection(i int, start uint64, sec *pe.Section, target uint64) (targetRef, bool) {
	if r, ok := symRef(n.syms[i], target); ok || n.f.Sections[i] != sec {
		return r, ok
	}
	return targetRef{sec.Name, target - start}, true
}
