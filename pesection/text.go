package pesection

import "github.com/stackmaps/stackmaps/stackmap"

// Section characteristics that mark code.
const (
	scnCntCode    = 0x00000020 // IMAGE_SCN_CNT_CODE
	scnMemExecute = 0x20000000 // IMAGE_SCN_MEM_EXECUTE
	scnUninitData = 0x00000080 // IMAGE_SCN_CNT_UNINITIALIZED_DATA
)

// TextRange is a stretch of a file's executable code (stackmap.CodeRange):
// a section, at ImageBase + VirtualAddress in an image and at 0 in an
// object, its Size the bytes in the file (VirtualSize when that is
// smaller: the raw data is padded to the file alignment).
type TextRange = stackmap.CodeRange

// TextRanges returns the sections that hold code (IMAGE_SCN_CNT_CODE or
// IMAGE_SCN_MEM_EXECUTE) with bytes in the file. Only ranges that lie
// within the file are returned.
func (f *File) TextRanges() []TextRange {
	var out []TextRange
	base := imageBase(f.f)
	for _, s := range f.f.Sections {
		if s.Characteristics&(scnCntCode|scnMemExecute) == 0 || s.Characteristics&scnUninitData != 0 || s.Size == 0 {
			continue
		}
		n := uint64(s.Size)
		if s.VirtualSize != 0 && uint64(s.VirtualSize) < n {
			n = uint64(s.VirtualSize)
		}
		if f.bf != nil && !f.bf.Has(uint64(s.Offset), n) {
			continue
		}
		r := TextRange{Name: s.Name, Size: n, Offset: int64(s.Offset), FileSize: n}
		if f.Format == stackmap.FormatPE {
			r.Addr = base + uint64(s.VirtualAddress)
		}
		out = append(out, r)
	}
	return out
}
