package main

import (
	"debug/macho"
	"sort"
)

// machoNames names branch and call targets in a Mach-O file (one slice of
// a universal file) as llvm-objdump -d does: "<_f>" or "<_f+0x10>" after
// the symbols defined in the target's section (N_SECT; C names keep their
// leading "_"), and in a relocatable object the symbol of the relocation
// at the instruction (X86_64_RELOC_BRANCH, ARM64_RELOC_BRANCH26). A call
// to a stub of a linked image (__stubs) is named after the symbol the
// indirect symbol table gives the stub, as llvm-objdump --macho says
// "symbol stub for: _f" (llvm-objdump -d names such a target after an
// undefined symbol at address 0 instead, which says nothing).
type machoNames struct {
	f      *macho.File
	syms   [][]addrSym // defined symbols of each section (f.Sections order), sorted
	stubs  []machoStubs
	relocs map[*macho.Section][]offReloc // built per section on first use
}

// machoStubs is a symbol stub section (S_SYMBOL_STUBS).
type machoStubs struct {
	addr, size uint64
	stubSize   uint64 // reserved2
	first      uint64 // reserved1: index of its first stub in the indirect symbol table
}

// newMachONames indexes f's symbols and stub sections.
func newMachONames(f *macho.File) *machoNames {
	n := &machoNames{f: f, syms: make([][]addrSym, len(f.Sections)), relocs: map[*macho.Section][]offReloc{}}
	if f.Symtab != nil {
		for _, s := range f.Symtab.Syms {
			const stab, typ, sect = 0xe0, 0x0e, 0x0e // N_STAB, N_TYPE, N_SECT
			if s.Type&stab == 0 && s.Type&typ == sect && s.Sect >= 1 && int(s.Sect) <= len(f.Sections) && s.Name != "" {
				n.syms[s.Sect-1] = append(n.syms[s.Sect-1], addrSym{s.Value, s.Name})
			}
		}
	}
	for _, s := range n.syms {
		sortSyms(s)
	}
	if f.Type != macho.TypeObj {
		n.readStubs()
	}
	return n
}

// readStubs finds the symbol stub sections. debug/macho does not keep a
// section's reserved1 and reserved2 fields, so they are read from the
// segment load commands' bytes (section_64: 80 bytes after a 72-byte
// segment_command_64; section: 68 after 56).
func (n *machoNames) readStubs() {
	bo := n.f.ByteOrder
	for _, l := range n.f.Loads {
		seg, ok := l.(*macho.Segment)
		if !ok {
			continue
		}
		raw := seg.Raw()
		hdr, size, wide := 56, 68, false
		if seg.Cmd == macho.LoadCmdSegment64 {
			hdr, size, wide = 72, 80, true
		}
		for i := 0; i < int(seg.Nsect); i++ {
			off := hdr + i*size
			if off+size > len(raw) {
				break
			}
			sh := raw[off : off+size]
			st := machoStubs{}
			flags := 56
			if wide {
				st.addr, st.size = bo.Uint64(sh[32:]), bo.Uint64(sh[40:])
				flags = 64
			} else {
				st.addr, st.size = uint64(bo.Uint32(sh[32:])), uint64(bo.Uint32(sh[36:]))
			}
			const symbolStubs = 0x8 // S_SYMBOL_STUBS
			if bo.Uint32(sh[flags:])&0xff != symbolStubs {
				continue
			}
			st.first, st.stubSize = uint64(bo.Uint32(sh[flags+4:])), uint64(bo.Uint32(sh[flags+8:]))
			if st.stubSize > 0 {
				n.stubs = append(n.stubs, st)
			}
		}
	}
}

// stubName returns the name of the symbol whose stub starts at target, or
// "".
func (n *machoNames) stubName(target uint64) string {
	if n.f.Dysymtab == nil || n.f.Symtab == nil {
		return ""
	}
	for _, s := range n.stubs {
		if target < s.addr || target-s.addr >= s.size || (target-s.addr)%s.stubSize != 0 {
			continue
		}
		i := s.first + (target-s.addr)/s.stubSize
		if i >= uint64(len(n.f.Dysymtab.IndirectSyms)) {
			return ""
		}
		sym := n.f.Dysymtab.IndirectSyms[i]
		const local, abs = 0x80000000, 0x40000000 // INDIRECT_SYMBOL_LOCAL, INDIRECT_SYMBOL_ABS
		if sym&(local|abs) != 0 || int(sym) >= len(n.f.Symtab.Syms) {
			return ""
		}
		return n.f.Symtab.Syms[sym].Name
	}
	return ""
}

// relocations returns a section's relocations sorted by offset, naming
// what each refers to: the symbol (external) or the section. The second
// halves of pairs (ARM64_RELOC_ADDEND, the SUBTRACTORs) are left out.
func (n *machoNames) relocations(sec *macho.Section) []offReloc {
	if r, ok := n.relocs[sec]; ok {
		return r
	}
	var out []offReloc
	for _, r := range sec.Relocs {
		if r.Scattered || n.pairPart(r.Type) {
			continue
		}
		name := ""
		switch {
		case r.Extern && n.f.Symtab != nil && int(r.Value) < len(n.f.Symtab.Syms):
			name = n.f.Symtab.Syms[r.Value].Name
		case !r.Extern && r.Value >= 1 && int(r.Value) <= len(n.f.Sections):
			name = n.f.Sections[r.Value-1].Name
		}
		if name != "" {
			out = append(out, offReloc{uint64(r.Addr), name})
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].off < out[j].off })
	n.relocs[sec] = out
	return out
}

// pairPart reports whether a relocation type only modifies the one next
// to it.
func (n *machoNames) pairPart(typ uint8) bool {
	switch n.f.Cpu {
	case macho.CpuArm64:
		return typ == 10 || typ == 1 // ARM64_RELOC_ADDEND, ARM64_RELOC_SUBTRACTOR
	case macho.CpuAmd64:
		return typ == 5 // X86_64_RELOC_SUBTRACTOR
	}
	return false
}

// target implements targetNamer: pc and target are addresses (Mach-O
// objects give their sections addresses too).
func (n *machoNames) target(sec any, pc, length, target uint64) (targetRef, bool) {
	if s, _ := sec.(*macho.Section); s != nil && n.f.Type == macho.TypeObj && pc >= s.Addr {
		if r, ok := relocAt(n.relocations(s), pc-s.Addr, length); ok {
			return r, true
		}
	}
	if name := n.stubName(target); name != "" {
		return targetRef{name: name}, true
	}
	for i, s := range n.f.Sections {
		if target >= s.Addr && target-s.Addr < s.Size {
			if r, ok := symRef(n.syms[i], target); ok || s != sec {
				return r, ok
			}
			// A branch inside a section no symbol starts (__stub_helper):
			// llvm-objdump names the section's start after the section.
			return targetRef{s.Name, target - s.Addr}, true
		}
	}
	return targetRef{}, false
}
