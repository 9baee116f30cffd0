package faultmap

import (
	"github.com/stackmaps/stackmaps/stackmap"
)

// NewSection decodes the fault map section a locator found (elfsection,
// machosection or objfile: File.FaultMaps), applying what the file says
// about it: in relocatable objects the relocations that fill the
// functions' addresses (Address is then an offset in the function's code
// section, CodeSection names it, Symbol names the function), and in
// linked files the dynamic relocations of position-independent code and
// the function symbols that name the addresses.
//
// The Section reads sd.Data in place and keeps sd reachable: a section a
// locator memory-mapped stays mapped while the Section is in use (see
// objfile.File.Close).
func NewSection(sd *stackmap.SectionData) (*Section, error) {
	s, err := Parse(sd.Data, sd.ByteOrder)
	if err != nil {
		return nil, err
	}
	s.keep = sd
	macho := sd.Format == stackmap.FormatMachO
	var names map[uint64]string // address -> preferred symbol, built when needed
	s.reloc = make([]relocated, len(s.funcs))
	for i, off := range s.funcs {
		fn := &s.reloc[i]
		fn.addr = s.storedAddress(i)
		if fx, ok := sd.Fixup(off); ok {
			fn.addr, fn.name, fn.addend = fx.Value, fx.Symbol, fx.Addend
			fn.code = codeSection{index: fx.Code.Index, name: fx.Code.Name}
		}
		if fn.name == "" {
			if names == nil {
				names = symbolNames(sd)
			}
			if n, ok := names[fn.addr]; ok {
				fn.name, fn.addend = n, 0
			}
		}
		if macho && len(fn.name) > 1 && fn.name[0] == '_' {
			fn.name = fn.name[1:]
		}
	}
	return s, nil
}

// symbolNames maps each function symbol's value to its preferred name (the
// first at that value: Symbols puts global symbols first).
func symbolNames(sd *stackmap.SectionData) map[uint64]string {
	m := make(map[uint64]string)
	for _, sym := range sd.Symbols() {
		if _, ok := m[sym.Value]; !ok {
			m[sym.Value] = sym.Name
		}
	}
	return m
}
