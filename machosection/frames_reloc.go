package machosection

import (
	"debug/macho"
	"fmt"
)

// relocateEHFrame applies the relocations of an object's __eh_frame to a
// copy of its bytes, with every section at its address in the object (as
// stack map function addresses are): the pc_begin fields, which the
// assembler writes as the difference "function - field" through a
// SUBTRACTOR + UNSIGNED pair (arm64 objects; x86_64 assemblers resolve it
// themselves). Other relocations (personality pointers through the GOT)
// are left alone. A file without such relocations keeps its bytes.
func relocateEHFrame(f *macho.File, data []byte) ([]byte, error) {
	s := f.Section(EHFrameSection)
	if s == nil || len(s.Relocs) == 0 {
		return data, nil
	}
	var subtractor, unsigned uint8
	switch f.Cpu {
	case macho.CpuArm64:
		subtractor, unsigned = 1, 0 // ARM64_RELOC_SUBTRACTOR, ARM64_RELOC_UNSIGNED
	case macho.CpuAmd64:
		subtractor, unsigned = 5, 0 // X86_64_RELOC_SUBTRACTOR, X86_64_RELOC_UNSIGNED
	default:
		return data, nil
	}
	out := append([]byte(nil), data...)
	order := f.ByteOrder
	for i := 0; i+1 < len(s.Relocs); i++ {
		sub, uns := s.Relocs[i], s.Relocs[i+1]
		if sub.Type != subtractor || uns.Type != unsigned || sub.Addr != uns.Addr || sub.Scattered || uns.Scattered {
			continue
		}
		i++
		a, ok1 := relocTarget(f, sub)
		b, ok2 := relocTarget(f, uns)
		size := 1 << sub.Len
		if !ok1 || !ok2 || (size != 4 && size != 8) || uint64(sub.Addr)+uint64(size) > uint64(len(out)) {
			return nil, fmt.Errorf("section __TEXT,%s: relocation %d at offset %#x: bad SUBTRACTOR/UNSIGNED pair", EHFrameSection, i-1, sub.Addr)
		}
		field := out[sub.Addr : int(sub.Addr)+size]
		if size == 4 {
			order.PutUint32(field, order.Uint32(field)+uint32(b-a))
		} else {
			order.PutUint64(field, order.Uint64(field)+b-a)
		}
	}
	return out, nil
}

// relocTarget returns the address a relocation's symbol or section has in
// the object.
func relocTarget(f *macho.File, r macho.Reloc) (uint64, bool) {
	if r.Extern {
		if f.Symtab == nil || int(r.Value) >= len(f.Symtab.Syms) {
			return 0, false
		}
		return f.Symtab.Syms[r.Value].Value, true
	}
	if r.Value == 0 || int(r.Value) > len(f.Sections) {
		return 0, false
	}
	return f.Sections[r.Value-1].Addr, true
}
