package elfsection

import (
	"debug/elf"
	"fmt"

	"github.com/stackmaps/stackmaps/stackmap"
)

// dynamicRelocs reads the dynamic relocations of a file without section
// headers (DT_RELA/DT_RELASZ and DT_REL/DT_RELSZ through PT_DYNAMIC), as
// relocation sections over the dynamic symbol table, for applyAll.
// DT_RELR (packed relative relocations) needs nothing: its addends are
// implicit, the values already in the file.
func (x *file) dynamicRelocs() ([]*relocSection, error) {
	tags, _, ptr, err := x.dynamicTags()
	if err != nil || tags == nil {
		return nil, err
	}
	var out []*relocSection
	var syms []elf.Symbol
	loaded := false
	for _, t := range []struct {
		name      string
		addr, sz  uint64
		rela      bool
		hasTables bool
	}{
		{"DT_RELA", tags[dtRela], tags[dtRelasz], true, tags[dtRela] != 0},
		{"DT_REL", tags[dtRel], tags[dtRelsz], false, tags[dtRel] != 0},
	} {
		if !t.hasTables || t.sz == 0 {
			continue
		}
		size := relocSize(ptr == 8, t.rela)
		off, err := x.fileOffset(t.name, t.addr, t.sz)
		if err != nil {
			return nil, err
		}
		if t.sz%size != 0 {
			return nil, x.err(t.name, int64(off), fmt.Errorf("%w: %d bytes are not a multiple of the entry size %d", stackmap.ErrNotObject, t.sz, size))
		}
		data, err := x.readTable(t.name, off, t.sz/size, size, maxDynSyms)
		if err != nil {
			return nil, err
		}
		if !loaded {
			if syms, err = x.dynamicElfSymbols(); err != nil {
				return nil, err
			}
			loaded = true
		}
		rs := &relocSection{x: x, f: x.f, index: -1, sec: &elf.Section{SectionHeader: elf.SectionHeader{Name: t.name}},
			relocs: decodeRelocs(data, size, ptr == 8, t.rela, x.f.ByteOrder), syms: syms, loaded: true}
		out = append(out, rs)
	}
	return out, nil
}

// relocSize is the size of a REL or RELA entry.
func relocSize(is64, rela bool) uint64 {
	switch {
	case is64 && rela:
		return 24
	case is64:
		return 16
	case rela:
		return 12
	}
	return 8
}

// decodeRelocs decodes REL or RELA entries of size bytes.
func decodeRelocs(data []byte, size uint64, is64, rela bool, bo interface {
	Uint32([]byte) uint32
	Uint64([]byte) uint64
}) []reloc {
	out := make([]reloc, uint64(len(data))/size)
	for i := range out {
		b := data[uint64(i)*size:]
		r := reloc{index: i, rela: rela}
		if is64 {
			info := bo.Uint64(b[8:])
			r.off, r.sym, r.typ = bo.Uint64(b), uint32(info>>32), uint32(info)
			if rela {
				r.addend = int64(bo.Uint64(b[16:]))
			}
		} else {
			info := bo.Uint32(b[4:])
			r.off, r.sym, r.typ = uint64(bo.Uint32(b)), info>>8, info&0xff
			if rela {
				r.addend = int64(int32(bo.Uint32(b[8:])))
			}
		}
		out[i] = r
	}
	return out
}

// dynamicElfSymbols returns the dynamic symbol table as debug/elf's
// symbols, without the null entry 0 (as debug/elf returns them).
func (x *file) dynamicElfSymbols() ([]elf.Symbol, error) {
	syms, _, err := x.dynamicSymbols()
	if err != nil || len(syms) == 0 {
		return nil, err
	}
	out := make([]elf.Symbol, len(syms)-1)
	for i, s := range syms[1:] {
		out[i] = elf.Symbol{Name: s.name, Info: s.info, Section: elf.SectionIndex(s.shndx), Value: s.value, Size: s.size}
	}
	return out, nil
}
