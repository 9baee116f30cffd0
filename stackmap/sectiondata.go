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
	Name  string // raw name, as in the symbol table (Mach-O names keep their leading underscore)
	Value uint64 // address (or, in relocatable objects, section-relative value)
	Size  uint64 // size in bytes, 0 when unknown
}

// FunctionInfo is what a function record means once relocations and
// symbols are applied.
type FunctionInfo struct {
	Address uint64 // the value the record's address field holds once relocated
	Entry   uint64 // the code address: Address, except for PowerPC ELFv1 descriptors
	Symbol  string // raw symbol name, "" when unknown
	Addend  int64  // the relocation's addend (0 when no relocation applies)
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

// symbolAt returns the symbol whose value is addr.
func (s *SectionData) symbolAt(addr uint64) (Symbol, bool) {
	i := sort.Search(len(s.Symbols), func(i int) bool { return s.Symbols[i].Value >= addr })
	if i < len(s.Symbols) && s.Symbols[i].Value == addr {
		return s.Symbols[i], true
	}
	return Symbol{}, false
}

// FunctionInfo applies the section's fixups, entries and symbols to a
// function record of one of its tables.
func (s *SectionData) FunctionInfo(f Function) FunctionInfo {
	fi := FunctionInfo{Address: f.Address}
	if fx, ok := s.fixup(f.Offset); ok {
		fi.Address, fi.Symbol, fi.Addend = fx.Value, fx.Symbol, fx.Addend
	}
	fi.Entry = fi.Address
	if e, ok := s.Entries[fi.Address]; ok {
		fi.Entry = e
	}
	if sym, ok := s.symbolAt(fi.Entry); ok {
		if fi.Symbol == "" {
			fi.Symbol = sym.Name
		}
		fi.Size = sym.Size
	} else if sym, ok := s.symbolAt(fi.Address); ok {
		if fi.Symbol == "" {
			fi.Symbol = sym.Name
		}
		fi.Size = sym.Size
	}
	return fi
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
