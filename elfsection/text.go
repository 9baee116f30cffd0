package elfsection

import (
	"debug/elf"

	"github.com/stackmaps/stackmaps/stackmap"
)

// TextRange is a stretch of a file's executable code (stackmap.CodeRange):
// in a relocatable object a section (at Addr 0), in a linked file a
// PT_LOAD segment ("PT_LOAD"), whose FileSize may be less than its Size.
type TextRange = stackmap.CodeRange

// TextRanges returns the file's executable code: in a linked file its
// executable PT_LOAD segments (whether or not it has section headers), in
// a relocatable object its SHF_ALLOC|SHF_EXECINSTR sections with bytes in
// the file, each at address 0. Only ranges that lie within the file are
// returned (a damaged header's range is left out).
func (f *File) TextRanges() []TextRange {
	var out []TextRange
	ef := f.x.f
	in := func(off, n uint64) bool {
		if f.x.bf == nil {
			return true
		}
		return f.x.bf.Has(off, n)
	}
	if ef.Type == elf.ET_REL {
		for _, s := range ef.Sections {
			if s.Type != elf.SHT_PROGBITS || s.Flags&(elf.SHF_ALLOC|elf.SHF_EXECINSTR) != elf.SHF_ALLOC|elf.SHF_EXECINSTR || s.Size == 0 {
				continue
			}
			if s.Flags&elf.SHF_COMPRESSED != 0 || !in(s.Offset, s.Size) {
				continue
			}
			out = append(out, TextRange{Name: s.Name, Size: s.Size, Offset: int64(s.Offset), FileSize: s.Size})
		}
		return out
	}
	for _, p := range ef.Progs {
		if p.Type != elf.PT_LOAD || p.Flags&elf.PF_X == 0 || p.Memsz == 0 {
			continue
		}
		fs := min(p.Filesz, p.Memsz)
		if !in(p.Off, fs) {
			continue
		}
		out = append(out, TextRange{Name: "PT_LOAD", Addr: p.Vaddr, Size: p.Memsz, Offset: int64(p.Off), FileSize: fs})
	}
	return out
}
