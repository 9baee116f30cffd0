package pesection

import "github.com/stackmaps/stackmaps/stackmap"

// Section characteristics that mark code.
const (
	scnCntCode    = 0x00000020 // IMAGE_SCN_CNT_CODE
	scnMemExecute = 0x20000000 // IMAGE_SCN_MEM_EXECUTE
	scnUninitData = 0x00000080 // IMAGE_SCN_CNT_UNINITIALIZED_DATA
)

// TextRange is a stretch of a file's executable code: where it is in
// memory and where its bytes are in the file.
type TextRange struct {
	// Name is the section's name.
	Name string
	// Addr is the address of the first byte: ImageBase + VirtualAddress
	// in an image, 0 in an object (every section at 0).
	Addr uint64
	// Size is the number of bytes in the file (VirtualSize when that is
	// smaller: the raw data is padded to the file alignment).
	Size uint64
	// Offset is the file offset of the first byte.
	Offset int64
}

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
		r := TextRange{Name: s.Name, Size: n, Offset: int64(s.Offset)}
		if f.Format == stackmap.FormatPE {
			r.Addr = base + uint64(s.VirtualAddress)
		}
		out = append(out, r)
	}
	return out
}
