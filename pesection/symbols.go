package pesection

import (
	"debug/pe"
	"sort"

	"github.com/stackmaps/stackmaps/stackmap"
)

// COFF symbol fields.
const (
	typeFunction      = 0x20 // complex type "function" (IMAGE_SYM_DTYPE_FUNCTION << 4)
	classExternal     = 2    // IMAGE_SYM_CLASS_EXTERNAL
	classWeakExternal = 105  // IMAGE_SYM_CLASS_WEAK_EXTERNAL
	classStatic       = 3    // IMAGE_SYM_CLASS_STATIC (section symbols among others)
)

// symbols is a COFF symbol table with names resolved.
type symbols struct {
	f     *pe.File
	names []string // by raw index (auxiliary records included, named "")
	base  uint64   // image base (0 in objects)
	at    map[funcKey]int
}

func newSymbols(f *pe.File) *symbols {
	s := &symbols{f: f, names: make([]string, len(f.COFFSymbols))}
	for i := 0; i < len(f.COFFSymbols); i++ {
		sym := &f.COFFSymbols[i]
		if name, err := sym.FullName(f.StringTable); err == nil {
			s.names[i] = name
		}
		i += int(sym.NumberOfAuxSymbols) // auxiliary records are not symbols
	}
	s.base = imageBase(f)
	return s
}

// isFunction reports whether symbol i is a function defined in the file.
func (s *symbols) isFunction(i int) bool {
	sym := &s.f.COFFSymbols[i]
	return sym.Type&0xf0 == typeFunction && sym.SectionNumber > 0 && int(sym.SectionNumber) <= len(s.f.Sections) && s.names[i] != ""
}

// value returns a defined symbol's value: its section offset in objects,
// its address in images.
func (s *symbols) value(i int) uint64 {
	sym := &s.f.COFFSymbols[i]
	v := uint64(sym.Value)
	if s.base != 0 && sym.SectionNumber > 0 && int(sym.SectionNumber) <= len(s.f.Sections) {
		v += s.base + uint64(s.f.Sections[sym.SectionNumber-1].VirtualAddress)
	}
	return v
}

// funcKey places a function symbol: section number and value.
type funcKey struct {
	sect  int16
	value uint64
}

// functionAt returns the index of the function symbol defined at value in
// section number sect, preferring an external one, or -1. The first call
// indexes the symbol table, so that resolving every relocation is linear.
func (s *symbols) functionAt(sect int16, value uint64) int {
	if s.at == nil {
		s.at = map[funcKey]int{}
		for i := 0; i < len(s.f.COFFSymbols); i++ {
			sym := &s.f.COFFSymbols[i]
			if s.isFunction(i) {
				k := funcKey{sym.SectionNumber, s.value(i)}
				if best, ok := s.at[k]; !ok || (!s.global(best) && s.global(i)) {
					s.at[k] = i
				}
			}
			i += int(sym.NumberOfAuxSymbols)
		}
	}
	if i, ok := s.at[funcKey{sect, value}]; ok {
		return i
	}
	return -1
}

func (s *symbols) global(i int) bool {
	c := s.f.COFFSymbols[i].StorageClass
	return c == classExternal || c == classWeakExternal
}

// functions returns the function symbols (NewSectionData sorts them):
// those of the COFF symbol table and, in an image, the functions its
// export table names. They have no size; Size is the distance to the next
// function in the same section, or to the section's end.
func (s *symbols) functions() []stackmap.Symbol {
	type fn struct {
		stackmap.Symbol
		sect int16
	}
	var fns []fn
	for i := 0; i < len(s.f.COFFSymbols); i++ {
		sym := &s.f.COFFSymbols[i]
		if s.isFunction(i) {
			fns = append(fns, fn{stackmap.Symbol{Name: s.names[i], Value: s.value(i), Global: s.global(i)}, sym.SectionNumber})
		}
		i += int(sym.NumberOfAuxSymbols)
	}
	// An image names its exported functions in its export table too: the
	// only names of a DLL linked without a symbol table. A COFF symbol at
	// the same address wins.
	if s.base != 0 {
		named := map[uint64]bool{}
		for _, f := range fns {
			named[f.Value] = true
		}
		for _, e := range exports(s.f) {
			v := s.base + uint64(e.rva)
			if !named[v] {
				named[v] = true
				fns = append(fns, fn{stackmap.Symbol{Name: e.name, Value: v, Global: true}, e.sect})
			}
		}
	}
	sort.Slice(fns, func(i, j int) bool {
		if fns[i].sect != fns[j].sect {
			return fns[i].sect < fns[j].sect
		}
		return fns[i].Value < fns[j].Value
	})
	out := make([]stackmap.Symbol, len(fns))
	for i := range fns {
		sec := s.f.Sections[fns[i].sect-1]
		length := uint64(sec.Size)
		if sec.VirtualSize != 0 {
			length = uint64(sec.VirtualSize)
		}
		end := s.sectionStart(fns[i].sect) + length
		for j := i + 1; j < len(fns) && fns[j].sect == fns[i].sect; j++ {
			if fns[j].Value > fns[i].Value {
				end = min(end, fns[j].Value)
				break
			}
		}
		if end > fns[i].Value {
			fns[i].Size = end - fns[i].Value
		}
		out[i] = fns[i].Symbol
		out[i].Section = int(fns[i].sect)
	}
	return out
}

// sectionStart returns the value a symbol at the start of section number
// sect has.
func (s *symbols) sectionStart(sect int16) uint64 {
	if s.base == 0 {
		return 0
	}
	return s.base + uint64(s.f.Sections[sect-1].VirtualAddress)
}
