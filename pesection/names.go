package pesection

import (
	"debug/pe"
	"sort"
)

// peNames names call and branch targets in a COFF object or PE image
// (x86_64) as llvm-objdump -d does: "<f>" or "<f+0x10>" after the COFF
// symbols of the target's section, and in an object the symbol of the
// relocation at the instruction (IMAGE_REL_AMD64_REL32). An image's
// symbols are at the image base plus their section's address plus their
// value; an object's are at their value, an offset in their section.
type peNames struct {
	base   uint64      // image base (0 for an object)
	image  bool        // a PE image, not an object
	syms   [][]addrSym // symbols of each section (f.Sections order), sorted
	relocs map[int][]offReloc
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

// newPENames indexes f's symbols by section.
func newPENames(f *pe.File) *peNames {
	n := &peNames{syms: make([][]addrSym, len(f.Sections)), relocs: map[int][]offReloc{}}
	n.base, n.image = imageBase(f), f.OptionalHeader != nil
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
		// As llvm-objdump orders them: by address, then by name; of
		// several symbols at one address a target is named after the
		// last.
		sort.Slice(s, func(i, j int) bool {
			if s[i].addr != s[j].addr {
				return s[i].addr < s[j].addr
			}
			return s[i].name < s[j].name
		})
	}
	return n
}

// relocations returns an object section's relocations sorted by offset,
// naming the symbol each refers to (by its index among all symbol
// records, auxiliary ones included).
func (n *peNames) relocations(f *pe.File, sec int) []offReloc {
	if r, ok := n.relocs[sec]; ok {
		return r
	}
	var out []offReloc
	for _, r := range f.Sections[sec].Relocs {
		if int(r.SymbolTableIndex) >= len(f.COFFSymbols) {
			continue
		}
		name, err := f.COFFSymbols[r.SymbolTableIndex].FullName(f.StringTable)
		if err == nil && name != "" {
			out = append(out, offReloc{uint64(r.VirtualAddress), name})
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].off < out[j].off })
	n.relocs[sec] = out
	return out
}

// TargetName names target, the target of the branch or call instruction
// of length bytes at pc in code section sec (FunctionCode's index, -1
// when unknown), as llvm-objdump -d does. In an object pc and target are
// offsets in sec: a target is named after the symbol of the relocation
// inside the instruction, else after sec's symbols. In an image they are
// addresses, named after the symbols of the section holding target. A
// branch inside sec to where no symbol is at or before it is named after
// sec's start. It reports false when nothing names target. Once the
// tables are built (on the first call) it does not allocate.
//
// TargetName implements disasm.Namer.
func (c *Code) TargetName(sec int, pc, length, target uint64) (name string, off uint64, ok bool) {
	if c.names == nil {
		c.names = newPENames(c.f)
	}
	n, f := c.names, c.f
	if sec >= len(f.Sections) {
		sec = -1
	}
	if !n.image {
		if sec < 0 {
			return "", 0, false
		}
		rs := n.relocations(f, sec)
		i := sort.Search(len(rs), func(i int) bool { return rs[i].off >= pc })
		if i < len(rs) && rs[i].off < pc+length {
			return rs[i].name, 0, true
		}
		return n.inSection(f, sec, 0, sec, target)
	}
	for i, fs := range f.Sections {
		start := n.base + uint64(fs.VirtualAddress)
		if target >= start && target-start < uint64(fs.VirtualSize) {
			return n.inSection(f, i, start, sec, target)
		}
	}
	return "", 0, false
}

// inSection names target in section i (at address start) after its
// symbols or, when none is at or before target and the branch is inside
// the section (sec), as llvm-objdump does, after the section's start.
func (n *peNames) inSection(f *pe.File, i int, start uint64, sec int, target uint64) (string, uint64, bool) {
	syms := n.syms[i]
	j := sort.Search(len(syms), func(j int) bool { return syms[j].addr > target }) - 1
	if j >= 0 {
		return syms[j].name, target - syms[j].addr, true
	}
	if i != sec {
		return "", 0, false
	}
	return f.Sections[i].Name, target - start, true
}
