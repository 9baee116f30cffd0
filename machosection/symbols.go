package machosection

import (
	"debug/macho"
	"sort"

	"github.com/stackmaps/stackmaps/stackmap"
)

// Bits of a symbol's n_type and a section's flags.
const (
	nStab = 0xe0 // debugging (stab) entry
	nType = 0x0e // the type bits
	nSect = 0x0e // defined in section n_sect
	nExt  = 0x01 // external

	sectionPureInstructions = 0x80000000 // S_ATTR_PURE_INSTRUCTIONS
	sectionSomeInstructions = 0x00000400 // S_ATTR_SOME_INSTRUCTIONS
)

// functionSymbols returns the symbols defined in the file's code sections,
// (NewSectionData sorts them). Mach-O symbols have no size; Size
// is the distance to the next symbol of the same section. Assembler-local
// labels (non-external names starting with "l" or "L", such as ltmp0) are
// left out.
func functionSymbols(f *macho.File) []stackmap.Symbol {
	if f.Symtab == nil {
		return nil
	}
	type sym struct {
		stackmap.Symbol
		sect uint8
	}
	var syms []sym
	for _, s := range f.Symtab.Syms {
		if s.Type&nStab != 0 || s.Type&nType != nSect || s.Sect == 0 || int(s.Sect) > len(f.Sections) || s.Name == "" {
			continue
		}
		if f.Sections[s.Sect-1].Flags&(sectionPureInstructions|sectionSomeInstructions) == 0 {
			continue
		}
		ext := s.Type&nExt != 0
		if !ext && (s.Name[0] == 'l' || s.Name[0] == 'L') {
			continue
		}
		syms = append(syms, sym{stackmap.Symbol{Name: s.Name, Value: s.Value, Global: ext}, s.Sect})
	}
	// Sizes: up to the next higher address in the same section, or the
	// section's end.
	sort.Slice(syms, func(i, j int) bool {
		if syms[i].sect != syms[j].sect {
			return syms[i].sect < syms[j].sect
		}
		return syms[i].Value < syms[j].Value
	})
	for i := range syms {
		sect := f.Sections[syms[i].sect-1]
		end := sect.Addr + sect.Size
		for j := i + 1; j < len(syms) && syms[j].sect == syms[i].sect; j++ {
			if syms[j].Value > syms[i].Value {
				end = min(end, syms[j].Value)
				break
			}
		}
		if end > syms[i].Value {
			syms[i].Size = end - syms[i].Value
		}
	}
	out := make([]stackmap.Symbol, len(syms))
	for i := range syms {
		out[i] = syms[i].Symbol
	}
	return out
}
