package machosection

import "github.com/stackmaps/stackmaps/stackmap"

// TextRange is a stretch of a file's executable code (stackmap.CodeRange):
// a section, named "segment,section", its bytes all in the file (or the
// slice of a universal file).
type TextRange = stackmap.CodeRange

// TextRanges returns the file's sections that hold instructions
// (S_ATTR_PURE_INSTRUCTIONS or S_ATTR_SOME_INSTRUCTIONS: __TEXT,__text,
// __TEXT,__stubs and the like) with bytes in the file. Only ranges that
// lie within the file are returned.
func (f *File) TextRanges() []TextRange {
	var out []TextRange
	for _, s := range f.x.f.Sections {
		if s.Flags&(sectionPureInstructions|sectionSomeInstructions) == 0 || s.Size == 0 || s.Offset == 0 {
			continue
		}
		if typ := s.Flags & 0xff; typ == 0x1 || typ == 0xc { // S_ZEROFILL, S_GB_ZEROFILL
			continue
		}
		if f.x.bf != nil && !f.x.bf.Has(uint64(s.Offset), s.Size) {
			continue
		}
		out = append(out, TextRange{Name: s.Seg + "," + s.Name, Addr: s.Addr, Size: s.Size, Offset: int64(s.Offset), FileSize: s.Size})
	}
	return out
}
