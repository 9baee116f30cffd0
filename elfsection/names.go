package elfsection

import (
	"debug/elf"
	"sort"
)

// elfNames names call and branch targets as llvm-objdump -d does:
// "<sym>" or "<sym+0x10>" from the symbol table, "<name@plt>" for a PLT
// stub of a linked file, and in a relocatable object the symbol the
// relocation at the instruction refers to.
type elfNames struct {
	funcs []elfFunc            // function symbols by address
	plt   map[uint64]string    // PLT stub address -> "name@plt"
	relas map[int][]sectionRef // code section index -> its relocations, built on first use
}

type elfFunc struct {
	addr, size uint64
	name       string
}

// sectionRef is a relocation's offset in its section and the name of what
// it refers to.
type sectionRef struct {
	off  uint64
	name string
}

// targetNames returns the file's naming tables, built the first time.
func (c *Code) targetNames() *elfNames {
	if c.names != nil {
		return c.names
	}
	n := &elfNames{plt: map[uint64]string{}, relas: map[int][]sectionRef{}}
	c.names = n
	for _, s := range c.symbols() {
		if elf.ST_TYPE(s.Info) == elf.STT_FUNC && s.Section != elf.SHN_UNDEF && s.Name != "" {
			n.funcs = append(n.funcs, elfFunc{s.Value, s.Size, s.Name})
		}
	}
	sort.SliceStable(n.funcs, func(i, j int) bool { return n.funcs[i].addr < n.funcs[j].addr })
	if c.x.f.Type != elf.ET_REL {
		c.readPLT(n)
	}
	return n
}

// readPLT names the PLT stubs from .rela.plt: stub i of x86_64 is at
// .plt.sec + 16*i (with IBT) or .plt + 16*(i+1); of AArch64 at .plt + 32 +
// 16*i.
func (c *Code) readPLT(n *elfNames) {
	f := c.x.f
	rela := c.sectionNamed(".rela.plt")
	if rela < 0 || f.Class != elf.ELFCLASS64 {
		return
	}
	dyn, err := c.x.symbols(elf.SHT_DYNSYM)
	if err != nil {
		return
	}
	data, err := c.x.data(rela)
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

// relocations returns the relocations of section sec of a relocatable
// file, sorted by offset, naming the symbol each refers to (the section's
// name for a section symbol).
func (c *Code) relocations(n *elfNames, sec int) []sectionRef {
	if r, ok := n.relas[sec]; ok {
		return r
	}
	f := c.x.f
	var out []sectionRef
	syms := c.symbols()
	for i, rs := range f.Sections {
		if rs.Type != elf.SHT_RELA || f.Class != elf.ELFCLASS64 || int(rs.Info) != sec {
			continue
		}
		data, err := c.x.data(i)
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
			out = append(out, sectionRef{off, name})
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].off < out[j].off })
	n.relas[sec] = out
	return out
}

// TargetName names target, the target of the branch or call instruction
// of length bytes at pc in code section sec (FunctionCode's index, -1
// when unknown), as llvm-objdump -d does: in a relocatable object after
// the symbol of the relocation inside the instruction (pc is then its
// offset in sec); in a linked file "name@plt" for a PLT stub, else after
// the function symbol whose extent holds target (or that starts at it),
// with the offset from it. It reports false when nothing names target.
// Once the tables are built (on the first call) it does not allocate.
//
// TargetName implements disasm.Namer.
func (c *Code) TargetName(sec int, pc, length, target uint64) (name string, off uint64, ok bool) {
	n := c.targetNames()
	if c.x.f.Type == elf.ET_REL {
		if sec < 0 || sec >= len(c.x.f.Sections) {
			return "", 0, false
		}
		rs := c.relocations(n, sec)
		i := sort.Search(len(rs), func(i int) bool { return rs[i].off >= pc })
		if i < len(rs) && rs[i].off < pc+length {
			return rs[i].name, 0, true
		}
		return "", 0, false
	}
	if s, ok := n.plt[target]; ok {
		return s, 0, true
	}
	i := sort.Search(len(n.funcs), func(i int) bool { return n.funcs[i].addr > target }) - 1
	if i < 0 {
		return "", 0, false
	}
	if f := n.funcs[i]; target-f.addr < f.size || f.addr == target {
		return f.name, target - f.addr, true
	}
	return "", 0, false
}
