package elfsection

import (
	"debug/elf"
	"errors"
	"fmt"

	"github.com/stackmaps/stackmaps/stackmap"
)

// symbols returns the symbols of the file's first symbol table of type
// typ (SHT_SYMTAB or SHT_DYNSYM), as debug/elf reads them, after checking
// that the table and the string table it links to are in the file.
// elf.ErrNoSymbols (unwrapped) means the file has no such table.
func (x *file) symbols(typ elf.SectionType) ([]elf.Symbol, error) {
	f := x.f
	index := -1
	for i, s := range f.Sections {
		if s.Type == typ {
			index = i
			break
		}
	}
	if index < 0 {
		return nil, elf.ErrNoSymbols
	}
	st := f.Sections[index]
	if err := x.check(index); err != nil {
		return nil, err
	}
	if int(st.Link) >= len(f.Sections) {
		return nil, x.err(x.what(index), x.h.sectionHeader(index), fmt.Errorf("%w: sh_link %d names no section (the file has %d)", stackmap.ErrNotObject, st.Link, len(f.Sections)))
	}
	if err := x.check(int(st.Link)); err != nil {
		return nil, err
	}
	if typ == elf.SHT_DYNSYM {
		// debug/elf reads the GNU version tables with the dynamic
		// symbols.
		for _, vt := range []elf.SectionType{elf.SHT_GNU_VERSYM, elf.SHT_GNU_VERDEF, elf.SHT_GNU_VERNEED} {
			for i, s := range f.Sections {
				if s.Type == vt {
					if err := x.check(i); err != nil {
						return nil, err
					}
					break
				}
			}
		}
	}
	var syms []elf.Symbol
	var err error
	if typ == elf.SHT_DYNSYM {
		syms, err = f.DynamicSymbols()
	} else {
		syms, err = f.Symbols()
	}
	if err != nil {
		return nil, x.wrap(x.what(index), int64(st.Offset), err)
	}
	return syms, nil
}

// keep keeps the symbol table syms of type typ that markSymbols read, for
// functionSymbols (see file.kept).
func (x *file) keep(typ elf.SectionType, syms []elf.Symbol) {
	x.keptMu.Lock()
	x.kept = keptSymbols{typ, syms}
	x.keptMu.Unlock()
}

// keptOr returns the symbol table of type typ that markSymbols kept,
// dropping it, or else reads it (symbols).
func (x *file) keptOr(typ elf.SectionType) ([]elf.Symbol, error) {
	x.keptMu.Lock()
	k := x.kept
	if k.typ == typ && k.syms != nil {
		x.kept = keptSymbols{}
	}
	x.keptMu.Unlock()
	if k.typ == typ && k.syms != nil {
		return k.syms, nil
	}
	return x.symbols(typ)
}

// functionSymbols returns the file's function symbols from .symtab, or
// from .dynsym when the file is stripped: STT_FUNC and STT_GNU_IFUNC
// symbols defined in the file, and, on PowerPC64 ELFv1, every symbol
// defined in .opd (opd is its section index, 0 when there is none), whose
// indexes in out it also returns.
func (x *file) functionSymbols(opd elf.SectionIndex) (out []stackmap.Symbol, inOPD []int, err error) {
	syms, err := x.keptOr(elf.SHT_SYMTAB)
	if errors.Is(err, elf.ErrNoSymbols) {
		syms, err = x.keptOr(elf.SHT_DYNSYM)
		if errors.Is(err, elf.ErrNoSymbols) {
			return nil, nil, nil
		}
	}
	if err != nil {
		return nil, nil, err
	}
	for _, s := range syms {
		if s.Section == elf.SHN_UNDEF || s.Section >= elf.SHN_LORESERVE || s.Name == "" {
			continue
		}
		switch typ := elf.ST_TYPE(s.Info); {
		case typ == elf.STT_FUNC || typ == elf.STT_GNU_IFUNC:
		case opd != 0 && s.Section == opd && typ != elf.STT_SECTION:
		default:
			continue
		}
		if opd != 0 && s.Section == opd {
			inOPD = append(inOPD, len(out))
		}
		out = append(out, stackmap.Symbol{Name: s.Name, Value: s.Value, Size: s.Size, Global: isGlobal(s), Section: int(s.Section)})
	}
	return out, inOPD, nil
}

// opdValues returns the values of the symbols of syms that inOPD indexes.
func opdValues(syms []stackmap.Symbol, inOPD []int) []uint64 {
	out := make([]uint64, len(inOPD))
	for i, j := range inOPD {
		out[i] = syms[j].Value
	}
	return out
}

// codeSymbols returns the function symbols by code address: on PowerPC64
// ELFv1 a symbol defined in .opd gets the entry its descriptor holds (the
// descriptor's first doubleword, relocated), with no size (its size is the
// descriptor's, not the code's).
func (x *file) codeSymbols() ([]stackmap.Symbol, error) {
	if len(x.f.Sections) == 0 {
		return x.dynamicFunctions()
	}
	opd, opdIndex, err := x.opd()
	if err != nil {
		return nil, err
	}
	syms, inOPD, err := x.functionSymbols(elf.SectionIndex(opdIndex))
	if err != nil || opd == nil || len(inOPD) == 0 {
		return syms, err
	}
	if err := x.applyRelocations(opd); err != nil {
		return nil, err
	}
	entries := opd.entries(opdValues(syms, inOPD))
	for _, j := range inOPD {
		if e, ok := entries[syms[j].Value]; ok {
			syms[j].Value, syms[j].Size = e, 0
		}
	}
	return syms, nil
}
