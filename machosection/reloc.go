package machosection

import (
	"debug/macho"
	"fmt"
	"sort"
	"strings"

	"github.com/stackmaps/stackmaps/stackmap"
)

// Relocation types (r_type) that can apply to the stack map section. Both
// x86_64 (X86_64_RELOC_UNSIGNED) and arm64 (ARM64_RELOC_UNSIGNED) number
// the absolute relocation 0.
const relocUnsigned = 0

// fixups turns the relocations of the stack map section s (an object's)
// into fixups (sectionFixups, named after the stack map section). Mach-O relocations keep their addend in the field; an
// extern one adds its symbol's value, a section one (r_extern 0) holds
// the target address already and is named after the function symbol
// there.
func fixups(f *macho.File, s *macho.Section, data []byte) ([]stackmap.Fixup, error) {
	return sectionFixups(f, s, data, SegmentName+","+SectionName)
}

// sectionFixups turns the absolute relocations of an object's section s
// (named sect in errors), whose bytes are data, into fixups: the values
// they give its address fields, as if every section were at its address
// in the object.
func sectionFixups(f *macho.File, s *macho.Section, data []byte, sect string) ([]stackmap.Fixup, error) {
	if len(s.Relocs) == 0 {
		return nil, nil
	}
	name := sect + " relocations"
	var syms []macho.Symbol
	if f.Symtab != nil {
		syms = f.Symtab.Syms
	}
	var byAddr map[uint64]string
	out := make([]stackmap.Fixup, 0, len(s.Relocs))
	for i, r := range s.Relocs {
		fail := func(detail string, args ...any) error {
			return &stackmap.RelocationError{Section: name, Index: i, Offset: uint64(r.Addr), Type: uint32(r.Type), Detail: fmt.Sprintf(detail, args...)}
		}
		if r.Scattered {
			return nil, fail("scattered relocations do not apply to 64-bit stack maps")
		}
		if r.Type != relocUnsigned || r.Pcrel {
			return nil, fail("only absolute (UNSIGNED, not pc-relative) relocations apply to %s", sect[strings.LastIndexByte(sect, ',')+1:])
		}
		if r.Len != 2 && r.Len != 3 {
			return nil, fail("field length 2^%d is not 4 or 8 bytes", r.Len)
		}
		size := 1 << r.Len
		if uint64(r.Addr) > uint64(len(data)) || len(data)-int(r.Addr) < size {
			return nil, fail("%d-byte field is outside the section (%d bytes)", size, len(data))
		}
		off := int(r.Addr)
		var addend uint64
		if size == 8 {
			addend = f.ByteOrder.Uint64(data[off:])
		} else {
			addend = uint64(f.ByteOrder.Uint32(data[off:]))
		}
		fx := stackmap.Fixup{Offset: off, Size: size, Value: addend, Addend: int64(addend)}
		if r.Extern {
			if int(r.Value) >= len(syms) {
				return nil, fail("symbol index %d outside the symbol table (%d entries)", r.Value, len(syms))
			}
			sym := syms[r.Value]
			if sym.Type&nType == nSect {
				fx.Value += sym.Value
			}
			fx.Symbol = sym.Name
		} else {
			if r.Value == 0 || int(r.Value) > len(f.Sections) {
				return nil, fail("section ordinal %d names no section (the file has %d)", r.Value, len(f.Sections))
			}
			if byAddr == nil {
				byAddr = make(map[uint64]string)
				for _, fs := range functionSymbols(f) {
					if _, ok := byAddr[fs.Value]; !ok {
						byAddr[fs.Value] = fs.Name
					}
				}
			}
			if n, ok := byAddr[addend]; ok {
				fx.Symbol, fx.Addend = n, 0
			}
		}
		if size == 4 {
			fx.Value = uint64(uint32(fx.Value))
		}
		out = append(out, fx)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Offset < out[j].Offset })
	return out, nil
}
