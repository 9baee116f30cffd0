package procwalk

import (
	"debug/elf"

	"github.com/stackmaps/stackmaps/objfile"
	"github.com/stackmaps/stackmaps/regs"
	"github.com/stackmaps/stackmaps/stackmap"
)

// maxOPD bounds the .opd section read to name ELFv1 functions (a
// descriptor is 24 bytes: a million functions).
const maxOPD = 24 << 20

// symbolMap returns the map of f's functions by code address. On PowerPC64
// ELFv1 a function symbol's value is its descriptor in .opd, whose first
// doubleword is the code entry: the map then holds the entries, so that a
// pc is named by the function whose code holds it.
func symbolMap(f *objfile.File) (*objfile.SymbolMap, error) {
	ef := f.ELF()
	if f.Arch != regs.PPC64 || ef == nil {
		return f.SymbolMap()
	}
	opd := ef.ELF().Section(".opd")
	if opd == nil || opd.Type != elf.SHT_PROGBITS || opd.Size > maxOPD {
		return f.SymbolMap()
	}
	data, err := opd.Data()
	if err != nil {
		return f.SymbolMap()
	}
	syms, err := ef.Symbols()
	if err != nil {
		return nil, err
	}
	out := make([]stackmap.Symbol, 0, len(syms))
	for _, s := range syms {
		if s.Value >= opd.Addr && s.Value-opd.Addr <= uint64(len(data))-8 && len(data) >= 8 {
			s.Value = ef.ByteOrder.Uint64(data[s.Value-opd.Addr:])
			s.Size = 0 // the descriptor's size, not the code's
		}
		out = append(out, s)
	}
	return objfile.NewSymbolMap(out), nil
}
