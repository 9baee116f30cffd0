package machosection

import (
	"debug/macho"
	"sort"
)

// machoNames names call and branch targets as llvm-objdump -d does:
// "<_f>" or "<_f+0x10>" after the symbols defined in the target's section
// (N_SECT; C names keep their leading "_"), and in a relocatable object
// the symbol of the relocation at the instruction (X86_64_RELOC_BRANCH,
// ARM64_RELOC_BRANCH26). A call to a stub of a linked image (__stubs) is
// named after the symbol the indirect symbol table gives the stub, as
// llvm-objdump --macho says "symbol stub for: _f" (llvm-objdump -d names
// such a target after an undefined symbol at address 0 instead, which
// says nothing).
type machoNames struct {
	syms   [][]addrSym // defined symbols of each section (f.Sections order), sorted
	stubs  []stubSection
	relocs map[int][]offReloc // by section index, built per section on first use
}

// stubSection is a symbol stub section (S_SYMBOL_STUBS).
type stubSection struct {
	addr, size uint64
	stubSize   uint64 // reserved2
	first      uint64 // reserved1: index of its first stub in the indirect symbol table
}

// addrSym is a symbol's address and name.
type addrSym struct {
	addr uint64
	name string
}

// offReloc is a relocation's offset in its section and the name of what
// it refers to.
type offReloc struct {
	off  uint64
	name string
}

// sortSyms sorts symbols as llvm-objdump orders them: by address, then by
// name. Of several symbols at one address it names a target after the
// last (an arm64 object's "ltmp0" rather than "_f" at 0).
func sortSyms(s []addrSym) {
	sort.Slice(s, func(i, j int) bool {
		if s[i].addr != s[j].addr {
			return s[i].addr < s[j].addr
		}
		return s[i].name < s[j].name
	})
}

// symRef names target after the last of syms (sorted by sortSyms) at or
// before it, and reports false when none is.
func symRef(syms []addrSym, target uint64) (string, uint64, bool) {
	i := sort.Search(len(syms), func(i int) bool { return syms[i].addr > target }) - 1
	if i < 0 {
		return "", 0, false
	}
	return syms[i].name, target - syms[i].addr, true
}

// relocAt names the symbol of the first of rs (sorted by offset) inside
// the instruction at section offset off, length bytes long, and reports
// false when none is.
func relocAt(rs []offReloc, off, length uint64) (string, bool) {
	i := sort.Search(len(rs), func(i int) bool { return rs[i].off >= off })
	if i < len(rs) && rs[i].off < off+length {
		return rs[i].name, true
	}
	return "", false
}

// newMachONames indexes f's symbols and stub sections.
func newMachONames(f *macho.File) *machoNames {
	n := &machoNames{syms: make([][]addrSym, len(f.Sections)), relocs: map[int][]offReloc{}}
	if f.Symtab != nil {
		for _, s := range f.Symtab.Syms {
			if s.Type&nStab == 0 && s.Type&nType == nSect && s.Sect >= 1 && int(s.Sect) <= len(f.Sections) && s.Name != "" {
				n.syms[s.Sect-1] = append(n.syms[s.Sect-1], addrSym{s.Value, s.Name})
			}
		}
	}
	for _, s := range n.syms {
		sortSyms(s)
	}
	if f.Type != macho.TypeObj {
		n.stubs = stubSections(f)
	}
	return n
}

// stubSections finds the symbol stub sections. debug/macho does not keep
// a section's reserved1 and reserved2 fields, so they are read from the
// segment load commands' bytes (section_64: 80 bytes after a 72-byte
// segment_command_64; section: 68 after 56).
func stubSections(f *macho.File) []stubSection {
	var out []stubSection
	bo := f.ByteOrder
	for _, l := range f.Loads {
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
			st := stubSection{}
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
				out = append(out, st)
			}
		}
	}
	return out
}

// stubName returns the name of the symbol whose stub starts at target, or
// "".
func (n *machoNames) stubName(f *macho.File, target uint64) string {
	if f.Dysymtab == nil || f.Symtab == nil {
		return ""
	}
	for _, s := range n.stubs {
		if target < s.addr || target-s.addr >= s.size || (target-s.addr)%s.stubSize != 0 {
			continue
		}
		i := s.first + (target-s.addr)/s.stubSize
		if i >= uint64(len(f.Dysymtab.IndirectSyms)) {
			return ""
		}
		sym := f.Dysymtab.IndirectSyms[i]
		const local, abs = 0x80000000, 0x40000000 // INDIRECT_SYMBOL_LOCAL, INDIRECT_SYMBOL_ABS
		if sym&(local|abs) != 0 || int(sym) >= len(f.Symtab.Syms) {
			return ""
		}
		return f.Symtab.Syms[sym].Name
	}
	return ""
}

// relocations returns section sec's relocations sorted by offset, naming
// what each refers to: the symbol (external) or the section. The second
// halves of pairs (ARM64_RELOC_ADDEND, the SUBTRACTORs) are left out.
func (n *machoNames) relocations(f *macho.File, sec int) []offReloc {
	if r, ok := n.relocs[sec]; ok {
		return r
	}
	var out []offReloc
	for _, r := range f.Sections[sec].Relocs {
		if r.Scattered || pairPart(f.Cpu, r.Type) {
			continue
		}
		name := ""
		switch {
		case r.Extern && f.Symtab != nil && int(r.Value) < len(f.Symtab.Syms):
			name = f.Symtab.Syms[r.Value].Name
		case !r.Extern && r.Value >= 1 && int(r.Value) <= len(f.Sections):
			name = f.Sections[r.Value-1].Name
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
func pairPart(cpu macho.Cpu, typ uint8) bool {
	switch cpu {
	case macho.CpuArm64:
		return typ == 10 || typ == 1 // ARM64_RELOC_ADDEND, ARM64_RELOC_SUBTRACTOR
	case macho.CpuAmd64:
		return typ == 5 // X86_64_RELOC_SUBTRACTOR
	}
	return false
}

// TargetName names target, the target of the branch or call instruction
// of length bytes at pc in code section sec (FunctionCode's index, -1
// when unknown), as llvm-objdump -d does: in an object after the symbol
// of the relocation inside the instruction; a stub of an image after the
// symbol the stub is for; else after the last symbol of the target's
// section at or before it, with the offset from it, or after the section
// itself when the branch stays in a section no symbol starts
// (__stub_helper). pc and target are addresses (Mach-O objects give their
// sections addresses too). It reports false when nothing names target.
// Once the tables are built (on the first call) it does not allocate.
//
// TargetName implements disasm.Namer.
func (c *Code) TargetName(sec int, pc, length, target uint64) (name string, off uint64, ok bool) {
	if c.names == nil {
		c.names = newMachONames(c.f)
	}
	n, f := c.names, c.f
	if sec >= 0 && sec < len(f.Sections) && f.Type == macho.TypeObj && pc >= f.Sections[sec].Addr {
		if name, ok := relocAt(n.relocations(f, sec), pc-f.Sections[sec].Addr, length); ok {
			return name, 0, true
		}
	}
	if name := n.stubName(f, target); name != "" {
		return name, 0, true
	}
	for i, s := range f.Sections {
		if target >= s.Addr && target-s.Addr < s.Size {
			if name, off, ok := symRef(n.syms[i], target); ok || i != sec {
				return name, off, ok
			}
			// A branch inside a section no symbol starts (__stub_helper):
			// llvm-objdump names the section's start after the section.
			return s.Name, target - s.Addr, true
		}
	}
	return "", 0, false
}
