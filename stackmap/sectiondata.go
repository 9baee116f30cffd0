package stackmap

import (
	"encoding/binary"
	"sort"

	"github.com/stackmaps/stackmaps/regs"
)

// SectionData is a stack map section found in a file: what the locators
// (packages elfsection, machosection and pesection) return, whichever the
// file format, so that callers need not care where the bytes came from.
//
// Data is never modified. What relocations and symbol tables say about it
// is kept beside it (Fixups, Symbols, Entries) and applied by FunctionInfo
// and InstructionOffset.
type SectionData struct {
	Format    string           // "elf", "macho", "pe" or "raw"
	Arch      regs.Arch        // target architecture (regs.ArchUnknown for raw bytes)
	ByteOrder binary.ByteOrder // the target's byte order, which the section is in
	Name      string           // section name, e.g. ".llvm_stackmaps" or "__LLVM_STACKMAPS,__llvm_stackmaps"
	Addr      uint64           // the section's address (0 in relocatable objects)
	Offset    int64            // file offset of the section's first byte
	Data      []byte           // the section's bytes
	Slice     string           // Mach-O universal files: the slice's architecture; otherwise ""

	// Fixups are the values relocations give to fields of the section,
	// sorted by Offset. Locators fill them in from static relocations
	// (relocatable objects) and dynamic ones (PIE, shared libraries).
	Fixups []Fixup
	// Symbols are the file's function symbols, sorted by Value; used to
	// name functions in linked files, where no relocation names them.
	Symbols []Symbol
	// Entries maps a function address to its code entry where the two
	// differ: on 64-bit PowerPC ELFv1, a function's address is that of its
	// descriptor in .opd. Nil elsewhere.
	Entries map[uint64]uint64

	// release unmaps Data when the locator memory-mapped it (see Close).
	release func() error
}

// Fixup is the value a relocation gives to one field of the section.
type Fixup struct {
	Offset int    // section offset of the field
	Size   int    // 4 or 8 bytes
	Value  uint64 // the field's value once relocated
	Symbol string // raw name of the symbol the relocation refers to ("" for RELATIVE)
	Addend int64  // the relocation's addend
}

// Symbol is a function symbol of the file.
type Symbol struct {
	Name   string // raw name, as in the symbol table (Mach-O names keep their leading underscore)
	Value  uint64 // address (or, in relocatable objects, section-relative value)
	Size   uint64 // size in bytes, 0 when unknown
	Global bool   // global or weak binding (external in Mach-O and COFF)
}

// FunctionInfo is what a function record means once relocations and
// symbols are applied.
type FunctionInfo struct {
	Address uint64 // the value the record's address field holds once relocated
	Entry   uint64 // the code address: Address, except for PowerPC ELFv1 descriptors
	Symbol  string // raw symbol name, "" when unknown
	Addend  int64  // the relocation's addend to Symbol (0 when no relocation applies or the symbol comes from the symbol table)
	Size    uint64 // the symbol's size, 0 when unknown
}

// Parse decodes the section's bytes; see the package-level Parse.
func (s *SectionData) Parse() (*Section, error) { return Parse(s.Data, s.ByteOrder) }

// fixup returns the fixup of the field at section offset off.
func (s *SectionData) fixup(off int) (Fixup, bool) {
	i := sort.Search(len(s.Fixups), func(i int) bool { return s.Fixups[i].Offset >= off })
	if i < len(s.Fixups) && s.Fixups[i].Offset == off {
		return s.Fixups[i], true
	}
	return Fixup{}, false
}

// symbolAt returns the preferred symbol whose value is addr: when several
// share it, the first in SortSymbols order (global before local). With name
// set, only a symbol of that name matches.
func (s *SectionData) symbolAt(addr uint64, name string) (Symbol, bool) {
	i := sort.Search(len(s.Symbols), func(i int) bool { return s.Symbols[i].Value >= addr })
	for ; i < len(s.Symbols) && s.Symbols[i].Value == addr; i++ {
		if name == "" || s.Symbols[i].Name == name {
			return s.Symbols[i], true
		}
	}
	return Symbol{}, false
}

// SortSymbols sorts symbols the way SectionData.Symbols must be: by Value;
// at one value, global symbols first, then by name. FunctionInfo names a
// function after the first symbol at its address.
func SortSymbols(syms []Symbol) {
	sort.SliceStable(syms, func(i, j int) bool {
		a, b := syms[i], syms[j]
		if a.Value != b.Value {
			return a.Value < b.Value
		}
		if a.Global != b.Global {
			return a.Global
		}
		return a.Name < b.Name
	})
}

// FunctionInfo applies the section's fixups, entries and symbols to a
// function record of one of its tables.
//
// The symbol is the one the relocation of the address field names, when
// there is one (relocatable objects, absolute dynamic relocations);
// otherwise the preferred symbol (see SortSymbols) at the code entry, or
// failing that at the address (a PowerPC ELFv1 descriptor symbol).
func (s *SectionData) FunctionInfo(f Function) FunctionInfo {
	fi := FunctionInfo{Address: f.Address}
	if fx, ok := s.fixup(f.Offset); ok {
		fi.Address, fi.Symbol, fi.Addend = fx.Value, fx.Symbol, fx.Addend
	}
	fi.Entry = fi.Address
	if e, ok := s.Entries[fi.Address]; ok {
		fi.Entry = e
	}
	// In relocatable objects values are section-relative, so symbols of
	// different sections can share one: when the relocation names the
	// symbol, look it up by name too.
	sym, ok := s.symbolAt(fi.Entry, fi.Symbol)
	if !ok {
		sym, ok = s.symbolAt(fi.Address, fi.Symbol)
	}
	if ok {
		if fi.Symbol == "" {
			fi.Addend = 0 // a RELATIVE relocation's addend is the address itself
		}
		fi.Symbol, fi.Size = sym.Name, sym.Size
	}
	return fi
}

// SetRelease records the function Close calls to release Data, for
// locators that memory-map the section. Callers of the locators do not
// need it.
func (s *SectionData) SetRelease(release func() error) { s.release = release }

// Close releases the memory the section's bytes live in when the locator
// memory-mapped them (the locators' Open functions do where the platform
// allows). After Close, Data is nil, and Sections, Tables and Records
// decoded from it must not be used: their bytes are gone. Close is safe to
// call more than once and on a SectionData that maps nothing.
func (s *SectionData) Close() error {
	release := s.release
	s.release, s.Data = nil, nil
	if release == nil {
		return nil
	}
	return release()
}

// InstructionOffset returns a record's instruction offset once relocations
// are applied (RISC-V objects built with linker relaxation compute some with
// an R_RISCV_ADD32/R_RISCV_SUB32 pair over a stored 0).
func (s *SectionData) InstructionOffset(r Record) uint32 {
	if fx, ok := s.fixup(r.Offset() + 8); ok && fx.Size == 4 {
		return uint32(fx.Value)
	}
	return r.InstructionOffset()
}
