package elfsection

import (
	"debug/elf"
	"fmt"

	"github.com/stackmaps/stackmaps/stackmap"
)

// reloc is one entry of a REL or RELA section, decoded.
type reloc struct {
	index  int    // position in its section
	off    uint64 // r_offset: a section offset in objects, an address in linked files
	sym    uint32 // symbol index (0: none)
	typ    uint32
	addend int64 // r_addend (RELA only)
	rela   bool
}

// relocSection is a relocation section with its entries and the symbol
// table they index.
type relocSection struct {
	x      *file
	f      *elf.File
	index  int // the section's index
	sec    *elf.Section
	relocs []reloc
	syms   []elf.Symbol // the linked symbol table, without its null entry 0
	loaded bool         // whether syms has been loaded
	funcs  map[funcKey]elf.Symbol
}

// funcKey locates a function symbol by section and value.
type funcKey struct {
	section elf.SectionIndex
	value   uint64
}

// bad returns an error about relocation section i as a whole: a
// *stackmap.RelocationError inside a *stackmap.FileError at the section's
// header.
func (x *file) bad(i int, detail string, args ...any) error {
	re := &stackmap.RelocationError{Section: x.f.Sections[i].Name, Index: -1, Detail: fmt.Sprintf(detail, args...)}
	return x.err(x.what(i), x.h.sectionHeader(i), re)
}

// readRelocs decodes SHT_REL or SHT_RELA section i.
func (x *file) readRelocs(i int) (*relocSection, error) {
	f := x.f
	rs := f.Sections[i]
	rela := rs.Type == elf.SHT_RELA
	size := 0
	switch {
	case f.Class == elf.ELFCLASS64 && rela:
		size = 24
	case f.Class == elf.ELFCLASS64:
		size = 16
	case rela:
		size = 12
	default:
		size = 8
	}
	if rs.Size%uint64(size) != 0 {
		return nil, x.bad(i, "size %d is not a multiple of the entry size %d", rs.Size, size)
	}
	data, err := x.data(i)
	if err != nil {
		return nil, err
	}
	if len(data)%size != 0 {
		return nil, x.bad(i, "size %d is not a multiple of the entry size %d", len(data), size)
	}
	out := &relocSection{x: x, f: f, index: i, sec: rs, relocs: make([]reloc, len(data)/size)}
	bo := f.ByteOrder
	for i := range out.relocs {
		b := data[i*size:]
		r := reloc{index: i, rela: rela}
		if f.Class == elf.ELFCLASS64 {
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
		out.relocs[i] = r
	}
	return out, nil
}

// linkedSymbols loads the symbol table relocation section i links to.
func (x *file) linkedSymbols(i int) ([]elf.Symbol, error) {
	f := x.f
	rs := f.Sections[i]
	if rs.Link == 0 {
		return nil, nil // no symbol table: every reloc must have symbol 0
	}
	if int(rs.Link) >= len(f.Sections) {
		return nil, x.bad(i, "sh_link %d names no section (the file has %d)", rs.Link, len(f.Sections))
	}
	switch st := f.Sections[rs.Link]; st.Type {
	case elf.SHT_SYMTAB, elf.SHT_DYNSYM:
		return x.symbols(st.Type)
	default:
		return nil, x.bad(i, "sh_link %d names %s, of type %v, not a symbol table", rs.Link, st.Name, st.Type)
	}
}

// symbol returns the symbol a relocation refers to; ok is false for
// symbol index 0.
func (rs *relocSection) symbol(r reloc) (sym elf.Symbol, ok bool, err error) {
	if r.sym == 0 {
		return elf.Symbol{}, false, nil
	}
	if !rs.loaded {
		syms, err := rs.x.linkedSymbols(rs.index)
		if err != nil {
			return elf.Symbol{}, false, err
		}
		rs.syms, rs.loaded = syms, true
	}
	if int(r.sym) > len(rs.syms) {
		return elf.Symbol{}, false, rs.fail(r, "symbol index %d outside the symbol table (%d entries)", r.sym, len(rs.syms)+1)
	}
	return rs.syms[r.sym-1], true, nil
}

// fail returns a *stackmap.RelocationError for relocation r.
func (rs *relocSection) fail(r reloc, detail string, args ...any) error {
	return &stackmap.RelocationError{Section: rs.sec.Name, Index: r.index, Offset: r.off, Type: r.typ,
		Name: typeName(rs.f.Machine, r.typ), Detail: fmt.Sprintf(detail, args...)}
}

// function returns the function symbol defined at value in section sec,
// preferring a global one, for relocations against a section symbol.
func (rs *relocSection) function(sec elf.SectionIndex, value uint64) (elf.Symbol, bool) {
	if rs.funcs == nil {
		rs.funcs = make(map[funcKey]elf.Symbol)
		for _, s := range rs.syms {
			if elf.ST_TYPE(s.Info) != elf.STT_FUNC || s.Section == elf.SHN_UNDEF {
				continue
			}
			k := funcKey{s.Section, s.Value}
			if old, ok := rs.funcs[k]; ok && (isGlobal(old) || !isGlobal(s)) {
				continue
			}
			rs.funcs[k] = s
		}
	}
	s, ok := rs.funcs[funcKey{sec, value}]
	return s, ok
}

// isGlobal reports whether a symbol is visible outside its object.
func isGlobal(s elf.Symbol) bool {
	b := elf.ST_BIND(s.Info)
	return b == elf.STB_GLOBAL || b == elf.STB_WEAK
}
