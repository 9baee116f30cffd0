package objfile

import (
	"cmp"
	"slices"

	"github.com/stackmaps/stackmaps/stackmap"
)

// SymbolMap maps an address to the function symbol that holds it: the
// symbols of one image sorted by address, one per address (a global
// symbol is preferred to a local one, then a sized one, then the first
// name in order). Lookup allocates nothing.
//
// In a relocatable object every code section starts at address 0, so an
// address is ambiguous when the object has several code sections
// (-ffunction-sections); the map then holds the symbols of all of them and
// Lookup answers with one.
type SymbolMap struct {
	syms []stackmap.Symbol // sorted by Value, one per Value
}

// NewSymbolMap returns the map of syms. It copies syms and does not keep
// them.
func NewSymbolMap(syms []stackmap.Symbol) *SymbolMap {
	s := slices.Clone(syms)
	slices.SortStableFunc(s, func(a, b stackmap.Symbol) int {
		if c := cmp.Compare(a.Value, b.Value); c != 0 {
			return c
		}
		if a.Global != b.Global {
			if a.Global {
				return -1
			}
			return 1
		}
		if (a.Size != 0) != (b.Size != 0) {
			if a.Size != 0 {
				return -1
			}
			return 1
		}
		return cmp.Compare(a.Name, b.Name)
	})
	s = slices.CompactFunc(s, func(a, b stackmap.Symbol) bool { return a.Value == b.Value })
	return &SymbolMap{syms: slices.Clip(s)}
}

// Len returns the number of symbols in the map.
func (m *SymbolMap) Len() int { return len(m.syms) }

// At returns symbol i, in address order.
func (m *SymbolMap) At(i int) stackmap.Symbol { return m.syms[i] }

// Lookup returns the symbol that holds addr and addr's offset from its
// start. A symbol with a size holds the addresses below its end; one
// without (Size 0) holds those up to the next symbol's. ok is false when
// no symbol holds addr.
func (m *SymbolMap) Lookup(addr uint64) (name string, off uint64, ok bool) {
	lo, hi := 0, len(m.syms)
	for lo < hi {
		mid := int(uint(lo+hi) >> 1)
		if m.syms[mid].Value <= addr {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	if lo == 0 {
		return "", 0, false
	}
	s := &m.syms[lo-1]
	off = addr - s.Value
	if s.Size != 0 && off >= s.Size {
		return "", 0, false
	}
	return s.Name, off, true
}

// SymbolMap returns the map of the image's function symbols by code
// address (ELF .symtab, or .dynsym when stripped, with PowerPC64 ELFv1
// descriptors mapped to their entries: elfsection.File.CodeSymbols;
// Mach-O symbols of code sections, names raw with their leading
// underscore; COFF function symbols). It is built on the first call. A universal file has one per slice (see Slices).
func (f *File) SymbolMap() (*SymbolMap, error) {
	if f.syms != nil || f.symErr != nil {
		return f.syms, f.symErr
	}
	if f.Universal {
		f.symErr = errUniversal
		return nil, f.symErr
	}
	var syms []stackmap.Symbol
	syms, f.symErr = f.img.symbols()
	if f.symErr != nil {
		return nil, f.symErr
	}
	f.syms = NewSymbolMap(syms)
	return f.syms, nil
}
