package compactunwind

import (
	"encoding/binary"
	"strconv"
)

// Version is the only __unwind_info version there is.
const Version = 1

// Sizes of the fixed structures of __unwind_info.
const (
	headerSize     = 28 // 7 uint32
	indexEntrySize = 12 // functionOffset, secondLevelPagesSectionOffset, lsdaIndexArraySectionOffset
	lsdaEntrySize  = 8  // functionOffset, lsdaOffset
)

// Second-level page kinds.
const (
	PageRegular    = 2 // UNWIND_SECOND_LEVEL_REGULAR: (function offset, encoding) pairs
	PageCompressed = 3 // UNWIND_SECOND_LEVEL_COMPRESSED: 24-bit offset + 8-bit encoding index
)

var le = binary.LittleEndian

// Header is the fixed header of an __unwind_info section: where its
// arrays are (section offsets) and how many entries each has.
type Header struct {
	Version                 uint32
	CommonEncodingsOffset   uint32
	CommonEncodingsCount    uint32
	PersonalitiesOffset     uint32
	PersonalitiesCount      uint32
	IndexOffset, IndexCount uint32 // the first-level index, its last entry a sentinel
}

// Info is a decoded __unwind_info section: a view over its bytes, which
// must not change while it is used. Every Mach-O target with compact
// unwind is little-endian, and so is the section.
type Info struct {
	data   []byte
	hdr    Header
	npages int // first-level entries with a page: IndexCount-1 (the last is the sentinel)
	// lsdaOff, lsdaCount: the LSDA array, from the first index entry's
	// lsdaIndexArraySectionOffset to the sentinel's.
	lsdaOff, lsdaCount uint32
}

// Entry is one function's compact unwind entry.
type Entry struct {
	FunctionOffset uint32   // from the __TEXT segment's address
	Encoding       Encoding // 0: no unwind information
	// Length is the distance to the next entry's function (or to the end of
	// the range the index covers): the entry covers FunctionOffset up to
	// FunctionOffset+Length.
	Length uint32
}

// IndexEntry is one entry of the first-level index.
type IndexEntry struct {
	FunctionOffset uint32 // the first function of the page
	PageOffset     uint32 // section offset of the second-level page; 0 in the sentinel
	LSDAOffset     uint32 // section offset of the page's first LSDA entry
}

// LSDA is one entry of the LSDA array: a function with a language-specific
// data area and where it is, both as offsets from the __TEXT segment.
type LSDA struct {
	FunctionOffset uint32
	LSDAOffset     uint32
}

// Parse decodes an __unwind_info section, checking every offset, count and
// page against the bytes there, and that the entries are sorted (lookups
// binary-search them).
func Parse(data []byte) (*Info, error) {
	if len(data) < headerSize {
		return nil, infoErr(0, "header", "%d bytes, need %d", len(data), headerSize)
	}
	in := &Info{data: data}
	h := &in.hdr
	h.Version = le.Uint32(data)
	if h.Version != Version {
		return nil, infoErr(0, "header", "version %d, only %d is known", h.Version, Version)
	}
	h.CommonEncodingsOffset, h.CommonEncodingsCount = le.Uint32(data[4:]), le.Uint32(data[8:])
	h.PersonalitiesOffset, h.PersonalitiesCount = le.Uint32(data[12:]), le.Uint32(data[16:])
	h.IndexOffset, h.IndexCount = le.Uint32(data[20:]), le.Uint32(data[24:])
	for _, a := range [...]struct {
		what     string
		hoff     uint64
		off, n   uint32
		elemSize uint64
	}{
		{"common encodings array", 4, h.CommonEncodingsOffset, h.CommonEncodingsCount, 4},
		{"personality array", 12, h.PersonalitiesOffset, h.PersonalitiesCount, 4},
		{"first-level index", 20, h.IndexOffset, h.IndexCount, indexEntrySize},
	} {
		if !need(len(data), uint64(a.off), uint64(a.n)*a.elemSize) {
			return nil, infoErr(a.hoff, "header", "%s of %d entries at %#x runs past the section's end (%#x bytes)", a.what, a.n, a.off, len(data))
		}
	}
	if h.IndexCount == 0 {
		return in, nil
	}
	in.npages = int(h.IndexCount) - 1
	var prev uint32
	for i := 0; i < int(h.IndexCount); i++ {
		ie := in.Index(i)
		off := uint64(h.IndexOffset) + uint64(i)*indexEntrySize
		if ie.FunctionOffset < prev {
			return nil, infoErr(off, "first-level index entry "+strconv.Itoa(i), "function offset %#x is below the previous entry's %#x", ie.FunctionOffset, prev)
		}
		prev = ie.FunctionOffset
		if i < in.npages {
			next := in.Index(i + 1).FunctionOffset
			if err := in.checkPage(i, ie, next); err != nil {
				return nil, err
			}
		}
	}
	first, last := in.Index(0).LSDAOffset, in.Index(in.npages).LSDAOffset
	if last < first || (last-first)%lsdaEntrySize != 0 || !need(len(data), uint64(first), uint64(last-first)) {
		return nil, infoErr(uint64(h.IndexOffset)+8, "first-level index", "LSDA array from %#x to %#x is not a whole number of 8-byte entries inside the section (%#x bytes)", first, last, len(data))
	}
	in.lsdaOff, in.lsdaCount = first, (last-first)/lsdaEntrySize
	for i := 1; i < int(in.lsdaCount); i++ {
		if in.LSDA(i).FunctionOffset < in.LSDA(i-1).FunctionOffset {
			return nil, infoErr(uint64(first)+uint64(i)*lsdaEntrySize, "LSDA entry "+strconv.Itoa(i), "function offset %#x is below the previous entry's", in.LSDA(i).FunctionOffset)
		}
	}
	return in, nil
}

// Header returns the section's header.
func (in *Info) Header() Header { return in.hdr }

// NumIndex returns the number of first-level index entries, the sentinel
// included.
func (in *Info) NumIndex() int { return int(in.hdr.IndexCount) }

// Index returns first-level index entry i (0 <= i < NumIndex()).
func (in *Info) Index(i int) IndexEntry {
	b := in.data[in.hdr.IndexOffset+uint32(i)*indexEntrySize:]
	return IndexEntry{FunctionOffset: le.Uint32(b), PageOffset: le.Uint32(b[4:]), LSDAOffset: le.Uint32(b[8:])}
}

// NumCommonEncodings returns the number of common encodings.
func (in *Info) NumCommonEncodings() int { return int(in.hdr.CommonEncodingsCount) }

// CommonEncoding returns common encoding i (0 <= i < NumCommonEncodings()).
func (in *Info) CommonEncoding(i int) Encoding {
	return Encoding(le.Uint32(in.data[in.hdr.CommonEncodingsOffset+uint32(i)*4:]))
}

// NumPersonalities returns the number of personality functions.
func (in *Info) NumPersonalities() int { return int(in.hdr.PersonalitiesCount) }

// Personality returns personality i (0 <= i < NumPersonalities()): the
// offset from __TEXT of the pointer (in the GOT) to the personality
// function. An encoding's PersonalityIndex n names personality n-1.
func (in *Info) Personality(i int) uint32 {
	return le.Uint32(in.data[in.hdr.PersonalitiesOffset+uint32(i)*4:])
}

// NumLSDAs returns the number of entries of the LSDA array.
func (in *Info) NumLSDAs() int { return int(in.lsdaCount) }

// LSDA returns entry i of the LSDA array (0 <= i < NumLSDAs()).
func (in *Info) LSDA(i int) LSDA {
	b := in.data[in.lsdaOff+uint32(i)*lsdaEntrySize:]
	return LSDA{FunctionOffset: le.Uint32(b), LSDAOffset: le.Uint32(b[4:])}
}

// FindLSDA returns the LSDA of the function at fn (a function offset from
// __TEXT), if the LSDA array has one.
func (in *Info) FindLSDA(fn uint32) (LSDA, bool) {
	lo, hi := 0, int(in.lsdaCount)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if in.LSDA(m).FunctionOffset < fn {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo < int(in.lsdaCount) && in.LSDA(lo).FunctionOffset == fn {
		return in.LSDA(lo), true
	}
	return LSDA{}, false
}
