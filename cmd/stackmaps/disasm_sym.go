package main

import (
	"debug/elf"
	"sort"
)

// elfNames names branch and call targets in --disasm as llvm-objdump
// does: "<sym>" or "<sym+0x10>" from the symbol table, "<name@plt>" for a
// PLT stub of a linked file, and in a relocatable object the symbol the
// relocation at the instruction refers to.
type elfNames struct {
	f     *elf.File
	funcs []elfFunc         // function symbols by address
	plt   map[uint64]string // PLT stub address -> "name@plt"
	relas map[*elf.Section][]elfRela
}

type elfFunc struct {
	addr, size uint64
	name       string
}

type elfRela struct {
	off  uint64
	name string
}

// names returns the file's naming tables, built the first time.
func (c *codeFile) names() *elfNames {
	if c.elfNames != nil {
		return c.elfNames
	}
	n := &elfNames{f: c.elf, plt: map[uint64]string{}, relas: map[*elf.Section][]elfRela{}}
	c.elfNames = n
	syms, _ := c.elf.Symbols()
	for _, s := range syms {
		if elf.ST_TYPE(s.Info) == elf.STT_FUNC && s.Section != elf.SHN_UNDEF && s.Name != "" {
			n.funcs = append(n.funcs, elfFunc{s.Value, s.Size, s.Name})
		}
	}
	sort.SliceStable(n.funcs, func(i, j int) bool { return n.funcs[i].addr < n.funcs[j].addr })
	if c.elf.Type != elf.ET_REL {
		n.readPLT(c.elf)
	}
	return n
}

// readPLT names the PLT stubs from .rela.plt: stub i of x86_64 is at
// .plt.sec + 16*i (with IBT) or .plt + 16*(i+1); of AArch64 at .plt + 32 +
// 16*i.
func (n *elfNames) readPLT(f *elf.File) {
	rela := f.Section(".rela.plt")
	if rela == nil || f.Class != elf.ELFCLASS64 {
		return
	}
	dyn, err := f.DynamicSymbols()
	if err != nil {
		return
	}
	data, err := rela.Data()
	if err != nil {
		return
	}
	var base uint64
	switch f.Machine {
	case elf.EM_X86_64:
		if s := f.Section(".plt.sec"); s != nil {
			base = s.Addr
		} else if s := f.Section(".plt"); s != nil {
			base = s.Addr + 16
		} else {
			return
		}
	case elf.EM_AARCH64:
		s := f.Section(".plt")
		if s == nil {
			return
		}
		base = s.Addr + 32
	default:
		return
	}
	for i := 0; (i+1)*24 <= len(data); i++ {
		info := f.ByteOrder.Uint64(data[i*24+8:])
		if sym := int(info >> 32); sym >= 1 && sym <= len(dyn) {
			n.plt[base+16*uint64(i)] = dyn[sym-1].Name + "@plt"
		}
	}
}

// relocations returns the relocations of a section of a relocatable file,
// sorted by offset, naming the symbol each refers to (the section's name
// for a section symbol).
func (n *elfNames) relocations(f *elf.File, sec *elf.Section) []elfRela {
	if r, ok := n.relas[sec]; ok {
		return r
	}
	var out []elfRela
	syms, _ := f.Symbols()
	for _, rs := range f.Sections {
		if rs.Type != elf.SHT_RELA || f.Class != elf.ELFCLASS64 || int(rs.Info) >= len(f.Sections) || f.Sections[rs.Info] != sec {
			continue
		}
		data, err := rs.Data()
		if err != nil {
			continue
		}
		for i := 0; (i+1)*24 <= len(data); i++ {
			off := f.ByteOrder.Uint64(data[i*24:])
			sym := int(f.ByteOrder.Uint64(data[i*24+8:]) >> 32)
			if sym < 1 || sym > len(syms) {
				continue
			}
			s := syms[sym-1]
			name := s.Name
			if elf.ST_TYPE(s.Info) == elf.STT_SECTION && int(s.Section) < len(f.Sections) {
				name = f.Sections[s.Section].Name
			}
			out = append(out, elfRela{off, name})
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].off < out[j].off })
	n.relas[sec] = out
	return out
}

// target implements targetNamer for ELF: in a relocatable object pc is
// the instruction's offset in sec.
func (n *elfNames) target(sec any, pc, length, target uint64) (targetRef, bool) {
	if n.f.Type == elf.ET_REL {
		s, _ := sec.(*elf.Section)
		if s == nil {
			return targetRef{}, false
		}
		rs := n.relocations(n.f, s)
		i := sort.Search(len(rs), func(i int) bool { return rs[i].off >= pc })
		if i < len(rs) && rs[i].off < pc+length {
			return targetRef{name: rs[i].name}, true
		}
		return targetRef{}, false
	}
	if s, ok := n.plt[target]; ok {
		return targetRef{name: s}, true
	}
	i := sort.Search(len(n.funcs), func(i int) bool { return n.funcs[i].addr > target }) - 1
	if i < 0 {
		return targetRef{}, false
	}
	if f := n.funcs[i]; target-f.addr < f.size || f.addr == target {
		return targetRef{f.name, target - f.addr}, true
	}
	return targetRef{}, false
}
