package pesection

import (
	"debug/pe"
	"encoding/binary"
	"fmt"
	"sort"

	"github.com/stackmaps/stackmaps/stackmap"
)

// Relocation types that can apply to the stack map section.
const (
	relAMD64Absolute = 0x0000 // IMAGE_REL_AMD64_ABSOLUTE: nothing
	relAMD64Addr64   = 0x0001 // IMAGE_REL_AMD64_ADDR64
	relAMD64Addr32   = 0x0002 // IMAGE_REL_AMD64_ADDR32
	relARM64Absolute = 0x0000 // IMAGE_REL_ARM64_ABSOLUTE
	relARM64Addr32   = 0x0001 // IMAGE_REL_ARM64_ADDR32
	relARM64Addr64   = 0x000e // IMAGE_REL_ARM64_ADDR64
)

// fieldSize returns the width of the field a relocation type writes, 0
// for a type that writes nothing, -1 for one this package does not apply.
func fieldSize(machine uint16, typ uint16) int {
	switch machine {
	case pe.IMAGE_FILE_MACHINE_AMD64:
		switch typ {
		case relAMD64Absolute:
			return 0
		case relAMD64Addr64:
			return 8
		case relAMD64Addr32:
			return 4
		}
	case pe.IMAGE_FILE_MACHINE_ARM64:
		switch typ {
		case relARM64Absolute:
			return 0
		case relARM64Addr64:
			return 8
		case relARM64Addr32:
			return 4
		}
	}
	return -1
}

// fixups turns the COFF relocations of the stack map section into fixups.
// COFF relocations keep their addend in the field: the value is the
// symbol's value plus what the field holds. A relocation against a
// section symbol (LLVM uses one for some local functions) is named after
// the function symbol at that offset.
func fixups(f *pe.File, s *pe.Section, data []byte, syms *symbols) ([]stackmap.Fixup, error) {
	if len(s.Relocs) == 0 {
		return nil, nil
	}
	name := SectionName + " relocations"
	out := make([]stackmap.Fixup, 0, len(s.Relocs))
	for i, r := range s.Relocs {
		fail := func(detail string, args ...any) error {
			return &stackmap.RelocationError{Section: name, Index: i, Offset: uint64(r.VirtualAddress), Type: uint32(r.Type), Detail: fmt.Sprintf(detail, args...)}
		}
		size := fieldSize(f.Machine, r.Type)
		switch {
		case size == 0:
			continue
		case size < 0:
			return nil, fail("relocation type 0x%x does not apply to %s on machine 0x%x", r.Type, SectionName, f.Machine)
		}
		if uint64(r.VirtualAddress) > uint64(len(data)) || len(data)-int(r.VirtualAddress) < size {
			return nil, fail("%d-byte field is outside the section (%d bytes)", size, len(data))
		}
		off := int(r.VirtualAddress)
		var addend uint64
		if size == 8 {
			addend = uint64(int64(binary.LittleEndian.Uint64(data[off:])))
		} else {
			addend = uint64(int64(int32(binary.LittleEndian.Uint32(data[off:]))))
		}
		if int(r.SymbolTableIndex) >= len(f.COFFSymbols) {
			return nil, fail("symbol index %d outside the symbol table (%d records)", r.SymbolTableIndex, len(f.COFFSymbols))
		}
		si := int(r.SymbolTableIndex)
		sym := &f.COFFSymbols[si]
		fx := stackmap.Fixup{Offset: off, Size: size, Addend: int64(addend), Symbol: syms.names[si]}
		if sym.SectionNumber > 0 {
			fx.Value = syms.value(si) + addend
			fx.Code = codeSection(f, sym.SectionNumber)
			if !syms.isFunction(si) {
				if fn := syms.functionAt(sym.SectionNumber, fx.Value); fn >= 0 {
					fx.Symbol, fx.Addend = syms.names[fn], 0
				}
			}
		} else {
			fx.Value = addend // undefined or absolute: no value known here
		}
		if size == 4 {
			fx.Value = uint64(uint32(fx.Value))
		}
		out = append(out, fx)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Offset < out[j].Offset })
	return out, nil
}

// codeSection returns the code section with COFF section number n (from
// 1), or the zero CodeSection for a section that holds no code. With
// function sections (clang -ffunction-sections) each function has a
// section of its own, all named .text, and values are offsets in them.
func codeSection(f *pe.File, n int16) stackmap.CodeSection {
	if n <= 0 || int(n) > len(f.Sections) {
		return stackmap.CodeSection{}
	}
	s := f.Sections[n-1]
	if s.Characteristics&(pe.IMAGE_SCN_CNT_CODE|pe.IMAGE_SCN_MEM_EXECUTE) == 0 {
		return stackmap.CodeSection{}
	}
	return stackmap.CodeSection{Index: int(n), Name: s.Name}
}
