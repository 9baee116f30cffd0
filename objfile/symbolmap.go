package objfile

import (
	"cmp"
	"errors"
	"fmt"
	"maps"
	"slices"

	"github.com/stackmaps/stackmaps/stackmap"
	"github.com/stackmaps/stackmaps/unwind"
)

// SymbolMap maps an address to the function symbol that holds it: the
// symbols of one image sorted by address, one per address (a global
// symbol is preferred to a local one, then a sized one, then the first
// name in order). Lookups allocate nothing, but for the error of an
// ambiguous address.
//
// In a relocatable object every code section starts at address 0, so when
// the object has several code sections (-ffunction-sections; see
// Sectioned) an address alone is an offset in each of them: Lookup then
// refuses it (ErrAmbiguousAddress), and LookupInSection and LookupRecord,
// which take the section, answer.
type SymbolMap struct {
	syms      []stackmap.Symbol // by Value (by Section, then Value, when sectioned); one per address
	vals      []uint64          // vals[i] is syms[i].Value: what find searches, 8 bytes a symbol
	sectioned bool
	runs      []symRun // sectioned: each section's symbols, by section
}

// symRun is the symbols of one section in a sectioned map: syms[lo:hi].
type symRun struct {
	section, lo, hi int
}

// ErrNoSymbol is the error of a lookup no symbol answers.
var ErrNoSymbol = errors.New("no symbol holds the address")

// ErrAmbiguousAddress is the sentinel a SymbolMap's address-only lookup in
// a relocatable object with several code sections matches (the error is
// an *unwind.AmbiguousError naming the sections); it is
// unwind.ErrAmbiguousAddress, so one errors.Is serves unwind tables and
// symbols.
var ErrAmbiguousAddress = unwind.ErrAmbiguousAddress

// NewSymbolMap returns the map of syms. It copies syms and does not keep
// them. The map is sectioned (see Sectioned) when the symbols of two
// sections (Symbol.Section) span overlapping addresses, as the code
// sections of a relocatable object do; in a linked image each section
// has addresses of its own.
func NewSymbolMap(syms []stackmap.Symbol) *SymbolMap { return newSymbolMap(syms, false) }

// newSymbolMap is NewSymbolMap, sectioned also when sectioned is true.
func newSymbolMap(syms []stackmap.Symbol, sectioned bool) *SymbolMap {
	m := &SymbolMap{sectioned: sectioned || overlapping(syms)}
	// Sort the symbols' indexes (4 bytes, not a 56-byte symbol, moved at
	// each step), the index last so that the order is the stable one.
	order := make([]int32, len(syms))
	for i := range order {
		order[i] = int32(i)
	}
	slices.SortFunc(order, func(i, j int32) int {
		a, b := &syms[i], &syms[j]
		if m.sectioned {
			if c := cmp.Compare(a.Section, b.Section); c != 0 {
				return c
			}
		}
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
		if c := cmp.Compare(a.Name, b.Name); c != 0 {
			return c
		}
		return cmp.Compare(i, j)
	})
	m.syms = make([]stackmap.Symbol, len(syms))
	for k, i := range order {
		m.syms[k] = syms[i]
	}
	m.syms = slices.Clip(slices.CompactFunc(m.syms, func(a, b stackmap.Symbol) bool {
		return a.Value == b.Value && (!m.sectioned || a.Section == b.Section)
	}))
	m.vals = make([]uint64, len(m.syms))
	for i := range m.syms {
		m.vals[i] = m.syms[i].Value
	}
	if m.sectioned {
		for i := 0; i < len(m.syms); {
			j := i
			for j < len(m.syms) && m.syms[j].Section == m.syms[i].Section {
				j++
			}
			m.runs = append(m.runs, symRun{m.syms[i].Section, i, j})
			i = j
		}
	}
	return m
}

// overlapping reports whether the symbols of two sections span
// overlapping address ranges (from a section's lowest symbol to the end
// of its highest).
func overlapping(syms []stackmap.Symbol) bool {
	type span struct{ lo, hi uint64 }
	spans := map[int]span{}
	for _, s := range syms {
		hi := s.Value + max(s.Size, 1)
		if sp, ok := spans[s.Section]; ok {
			spans[s.Section] = span{min(sp.lo, s.Value), max(sp.hi, hi)}
		} else {
			spans[s.Section] = span{s.Value, hi}
		}
	}
	if len(spans) < 2 {
		return false
	}
	all := slices.SortedFunc(maps.Values(spans), func(a, b span) int { return cmp.Compare(a.lo, b.lo) })
	for i := 1; i < len(all); i++ {
		if all[i].lo < all[i-1].hi {
			return true
		}
	}
	return false
}

// Len returns the number of symbols in the map.
func (m *SymbolMap) Len() int { return len(m.syms) }

// At returns symbol i, in address order (in a sectioned map, by section
// and then by address).
func (m *SymbolMap) At(i int) stackmap.Symbol { return m.syms[i] }

// Sectioned reports whether the map's symbols lie in several code
// sections of a relocatable object, each starting at 0: an address alone
// is then ambiguous.
func (m *SymbolMap) Sectioned() bool { return m.sectioned }

// Lookup returns the symbol that holds addr and addr's offset from its
// start. A symbol with a size holds the addresses below its end; one
// without (Size 0) holds those up to the next symbol's. When no symbol
// holds addr the error is ErrNoSymbol. A sectioned map (see Sectioned)
// refuses every address with an *unwind.AmbiguousError
// (ErrAmbiguousAddress) that names the sections whose symbols hold it, if
// any: ask LookupInSection or LookupRecord. (Even where no symbol holds
// the address, another code section may be meant whose function the map
// cannot name by address: 64-bit PowerPC ELFv1 objects define their
// function symbols in .opd, not in the code.)
func (m *SymbolMap) Lookup(addr uint64) (name string, off uint64, err error) {
	if !m.sectioned {
		return m.find(0, len(m.syms), addr)
	}
	var secs []int
	for _, r := range m.runs {
		if _, _, err := m.find(r.lo, r.hi, addr); err == nil {
			secs = append(secs, r.section)
		}
	}
	return "", 0, &unwind.AmbiguousError{Addr: addr, What: "symbols", Sections: secs}
}

// LookupInSection is Lookup of the offset addr in code section section
// (its number in the file, as stackmap.CodeSection.Index) of a relocatable
// object. In a map that is not sectioned (a linked image, whose addresses
// are unambiguous, or an object with one code section) it is Lookup.
func (m *SymbolMap) LookupInSection(section int, addr uint64) (name string, off uint64, err error) {
	if !m.sectioned {
		return m.find(0, len(m.syms), addr)
	}
	i, ok := slices.BinarySearchFunc(m.runs, section, func(r symRun, s int) int { return cmp.Compare(r.section, s) })
	if !ok {
		return "", 0, ErrNoSymbol
	}
	return m.find(m.runs[i].lo, m.runs[i].hi, addr)
}

// LookupRecord returns the symbol of the function a stack map record is
// in and the record's offset from the symbol's start: the one call a tool
// needs for a record, in a linked image or a relocatable object with
// function sections alike. The name is the function's own symbol as the
// stack map section's relocations or the image's symbols give it
// (stackmap.Function.Symbol, raw: Mach-O names keep their underscore);
// when they do not name one, the map is asked at the record's address in
// the function's code section (LookupInSection). A record whose table
// does not say which function it is in (a version 1 table with several
// functions) has no address: ErrNoSymbol.
func (m *SymbolMap) LookupRecord(r stackmap.Record) (name string, off uint64, err error) {
	addr, ok := r.Address()
	if !ok {
		return "", 0, ErrNoSymbol
	}
	var f stackmap.Function
	if t := r.Table(); t != nil {
		f, _ = t.Function(r.Function())
	}
	c := f.CodeSection()
	if name := f.Symbol(); name != "" && name != c.Name && addr >= f.Entry() {
		return name, addr - f.Entry(), nil
	}
	if c.Known() {
		return m.LookupInSection(c.Index, addr)
	}
	return m.Lookup(addr)
}

// find looks addr up in syms[lo:hi], sorted by Value with one symbol per
// Value: a binary search over the values alone (vals), which stay in cache
// where the symbols (56 bytes each) would not.
func (m *SymbolMap) find(lo, hi int, addr uint64) (string, uint64, error) {
	vals := m.vals[lo:hi]
	i, n := 0, len(vals)
	for n > 0 {
		half := n >> 1
		if vals[i+half] <= addr {
			i += half + 1
			n -= half + 1
		} else {
			n = half
		}
	}
	if i == 0 {
		return "", 0, ErrNoSymbol
	}
	s := &m.syms[lo+i-1]
	off := addr - s.Value
	if s.Size != 0 && off >= s.Size {
		return "", 0, ErrNoSymbol
	}
	return s.Name, off, nil
}

// SymbolMap returns the map of the image's function symbols by code
// address (ELF .symtab, or .dynsym when stripped, with PowerPC64 ELFv1
// descriptors mapped to their entries: elfsection.File.CodeSymbols;
// Mach-O symbols of code sections, names raw with their leading
// underscore; COFF function symbols). It is built on the first call. A
// universal file has one per slice (see Slices). The map of a relocatable
// object with several code sections (ELF, COFF: each at 0) is sectioned
// (see SymbolMap.Sectioned).
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
	f.syms = newSymbolMap(syms, f.codeOverlaps())
	f.code = f.CodeRanges()
	return f.syms, nil
}

// codeOverlaps reports whether two code ranges of the file share
// addresses: the code sections of a relocatable object (ELF, COFF), each
// at 0. Its symbols then need their sections even when they do not
// overlap themselves (64-bit PowerPC ELFv1 objects define their function
// symbols in .opd alone).
func (f *File) codeOverlaps() bool {
	rs := f.CodeRanges()
	slices.SortFunc(rs, func(a, b CodeRange) int { return cmp.Compare(a.Addr, b.Addr) })
	for i := 1; i < len(rs); i++ {
		if rs[i].Addr < rs[i-1].Addr+max(rs[i-1].Size, 1) {
			return true
		}
	}
	return false
}

// FunctionSymbol returns the function symbol of the image that holds the
// link-time address pc, and pc's offset in it, as addr2line -f names a
// function. An address in none of the image's code (CodeRanges) is refused
// with an error matching ErrNoCode however near a symbol it is: the last
// symbol, which may have no size, would otherwise hold every address above
// it (a libc address in a backtrace is no part of _fini). No symbol
// holding it is ErrNoSymbol; in a relocatable object with several code
// sections the address alone is refused as SymbolMap.Lookup refuses it
// (ErrAmbiguousAddress: SymbolMap.LookupInSection takes the section). A
// universal file has no symbols of its own: ask its slice (Image).
func (f *File) FunctionSymbol(pc uint64) (name string, off uint64, err error) {
	syms, err := f.SymbolMap()
	if err != nil {
		return "", 0, err
	}
	if syms.Sectioned() {
		return syms.Lookup(pc)
	}
	if !slices.ContainsFunc(f.code, func(r CodeRange) bool { return pc >= r.Addr && pc-r.Addr < r.Size }) {
		return "", 0, fmt.Errorf("%#x: %w", pc, ErrNoCode)
	}
	return syms.Lookup(pc)
}

// FunctionAddress returns the address of the image's function symbol
// named name, as the file spells it or as C does
// (stackmap.Format.DisplayName: "foo" names Mach-O's "_foo"); the lowest
// such address when several symbols match. It is ErrNoSymbol when no
// function symbol has the name. In a relocatable object with several code
// sections a symbol's value is an offset in its own section, not an
// address: the question is refused (ErrAmbiguousAddress); stackmap's
// Function.CodeSection says the section of a function with stack maps.
func (f *File) FunctionAddress(name string) (uint64, error) {
	syms, err := f.SymbolMap()
	if err != nil {
		return 0, err
	}
	if syms.Sectioned() {
		return 0, fmt.Errorf("symbol %q: %w: the object's code sections each start at 0", name, ErrAmbiguousAddress)
	}
	if f.byName == nil {
		// Built on the first question, in address order so that the
		// lowest address of a name is kept: a lookup of many SYMBOL+OFF
		// addresses costs one pass over the symbols, not one a question.
		f.byName = make(map[string]uint64, len(syms.syms))
		for _, s := range syms.syms {
			for _, n := range [2]string{s.Name, f.Format.DisplayName(s.Name)} {
				if _, ok := f.byName[n]; !ok {
					f.byName[n] = s.Value
				}
			}
		}
	}
	if v, ok := f.byName[name]; ok {
		return v, nil
	}
	return 0, fmt.Errorf("symbol %q: %w", name, ErrNoSymbol)
}
