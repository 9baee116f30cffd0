package elfsection

import (
	"debug/elf"
	"errors"
	"fmt"

	"github.com/stackmaps/stackmaps/stackmap"
)

// functionSymbols returns the file's function symbols from .symtab, or
// from .dynsym when the file is stripped: STT_FUNC and STT_GNU_IFUNC
// symbols defined in the file, and, on PowerPC64 ELFv1, every symbol
// defined in .opd (opd is its section index, 0 when there is none), whose
// values it also returns apart.
func functionSymbols(f *elf.File, opd elf.SectionIndex) (out []stackmap.Symbol, inOPD []uint64, err error) {
	syms, err := f.Symbols()
	if errors.Is(err, elf.ErrNoSymbols) {
		syms, err = f.DynamicSymbols()
		if errors.Is(err, elf.ErrNoSymbols) {
			return nil, nil, nil
		}
	}
	if err != nil {
		return nil, nil, fmt.Errorf("reading symbols: %w", err)
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
		out = append(out, stackmap.Symbol{Name: s.Name, Value: s.Value, Size: s.Size, Global: isGlobal(s)})
		if opd != 0 && s.Section == opd {
			inOPD = append(inOPD, s.Value)
		}
	}
	return out, inOPD, nil
}
