package compactunwind

import (
	"iter"
	"strconv"
)

// page is a second-level page as its headers give it: checked by
// checkPage when the Info is parsed, read without checks after.
type page struct {
	kind       uint32
	off        uint32 // section offset of the page
	base, end  uint32 // the function offsets of its index entry and the next
	entries    uint32 // section offset of the entry array
	count      uint32
	encodings  uint32 // compressed: section offset of the page's own encodings
	nencodings uint32
}

// Sizes of the page headers and entries.
const (
	regularHeaderSize    = 8  // kind, entryPageOffset u16, entryCount u16
	compressedHeaderSize = 12 // + encodingsPageOffset u16, encodingsCount u16
	regularEntrySize     = 8  // functionOffset, encoding
	compressedEntrySize  = 4  // encoding index << 24 | offset from the page's base
)

// readPage reads the headers of the page of index entry i (i < npages).
func (in *Info) readPage(i int) page {
	ie := in.Index(i)
	p := page{off: ie.PageOffset, base: ie.FunctionOffset, end: in.Index(i + 1).FunctionOffset}
	b := in.data[p.off:]
	p.kind = le.Uint32(b)
	p.entries = p.off + uint32(le.Uint16(b[4:]))
	p.count = uint32(le.Uint16(b[6:]))
	if p.kind == PageCompressed {
		p.encodings = p.off + uint32(le.Uint16(b[8:]))
		p.nencodings = uint32(le.Uint16(b[10:]))
	}
	return p
}

// checkPage checks the page of index entry i: its kind, that its arrays
// are inside the section, that every compressed entry's encoding index
// names an encoding and its offset fits, and that the entries are sorted.
func (in *Info) checkPage(i int, ie IndexEntry, next uint32) error {
	what := "second-level page " + strconv.Itoa(i)
	n := len(in.data)
	if !need(n, uint64(ie.PageOffset), 4) {
		return infoErr(uint64(in.hdr.IndexOffset)+uint64(i)*indexEntrySize+4, "first-level index entry "+strconv.Itoa(i), "page offset %#x is outside the section (%#x bytes)", ie.PageOffset, n)
	}
	kind := le.Uint32(in.data[ie.PageOffset:])
	hsize, esize := uint64(regularHeaderSize), uint64(regularEntrySize)
	switch kind {
	case PageRegular:
	case PageCompressed:
		hsize, esize = compressedHeaderSize, compressedEntrySize
	default:
		return infoErr(uint64(ie.PageOffset), what, "kind %d is neither regular (%d) nor compressed (%d)", kind, PageRegular, PageCompressed)
	}
	if !need(n, uint64(ie.PageOffset), hsize) {
		return infoErr(uint64(ie.PageOffset), what, "%d-byte header runs past the section's end (%#x bytes)", hsize, n)
	}
	p := in.readPage(i)
	if !need(n, uint64(p.entries), uint64(p.count)*esize) {
		return infoErr(uint64(p.off)+4, what, "%d entries at %#x run past the section's end (%#x bytes)", p.count, p.entries, n)
	}
	if !need(n, uint64(p.encodings), uint64(p.nencodings)*4) {
		return infoErr(uint64(p.off)+8, what, "%d encodings at %#x run past the section's end (%#x bytes)", p.nencodings, p.encodings, n)
	}
	var prev uint32
	for j := uint32(0); j < p.count; j++ {
		eoff := uint64(p.entries) + uint64(j)*esize
		var fn uint32
		if kind == PageCompressed {
			v := le.Uint32(in.data[eoff:])
			idx := v >> 24
			if idx >= in.hdr.CommonEncodingsCount+p.nencodings {
				return infoErr(eoff, what, "entry %d: encoding index %d, but there are %d common and %d page encodings", j, idx, in.hdr.CommonEncodingsCount, p.nencodings)
			}
			fn = p.base + v&0xffffff
			if fn < p.base {
				return infoErr(eoff, what, "entry %d: offset %#x from base %#x overflows 32 bits", j, v&0xffffff, p.base)
			}
		} else {
			fn = le.Uint32(in.data[eoff:])
		}
		if fn < prev {
			return infoErr(eoff, what, "entry %d: function offset %#x is below the previous entry's %#x", j, fn, prev)
		}
		prev = fn
	}
	return nil
}

// entry returns entry j of page p (j < p.count).
func (in *Info) entry(p *page, j uint32) (uint32, Encoding) {
	if p.kind == PageCompressed {
		v := le.Uint32(in.data[p.entries+4*j:])
		idx := v >> 24
		if idx < in.hdr.CommonEncodingsCount {
			return p.base + v&0xffffff, in.CommonEncoding(int(idx))
		}
		return p.base + v&0xffffff, Encoding(le.Uint32(in.data[p.encodings+4*(idx-in.hdr.CommonEncodingsCount):]))
	}
	b := in.data[p.entries+regularEntrySize*j:]
	return le.Uint32(b), Encoding(le.Uint32(b[4:]))
}

// fullEntry returns entry j of page p with its length.
func (in *Info) fullEntry(p *page, j uint32) Entry {
	fn, enc := in.entry(p, j)
	end := p.end
	if j+1 < p.count {
		end, _ = in.entry(p, j+1)
	}
	var n uint32
	if end > fn {
		n = end - fn
	}
	return Entry{FunctionOffset: fn, Encoding: enc, Length: n}
}

// PageKind returns the kind (PageRegular or PageCompressed) of the
// second-level page of first-level index entry i (i < NumIndex()-1).
func (in *Info) PageKind(i int) uint32 { return in.readPage(i).kind }

// NumEntries returns the number of function entries in all pages.
func (in *Info) NumEntries() int {
	n := 0
	for i := 0; i < in.npages; i++ {
		n += int(in.readPage(i).count)
	}
	return n
}

// Entries iterates over every function entry, page by page, in order,
// with the index of its page.
func (in *Info) Entries() iter.Seq2[int, Entry] {
	return func(yield func(page int, e Entry) bool) {
		for i := 0; i < in.npages; i++ {
			p := in.readPage(i)
			for j := uint32(0); j < p.count; j++ {
				if !yield(i, in.fullEntry(&p, j)) {
					return
				}
			}
		}
	}
}

// Lookup returns the entry covering function offset off (from the __TEXT
// segment's address): the last entry at or before off, in the page whose
// range holds off. It is false for an offset outside every page or before
// its page's first entry. An entry with encoding 0 says the function has no
// unwind information. Lookup allocates nothing.
func (in *Info) Lookup(off uint32) (Entry, bool) {
	if in.npages == 0 || off < in.Index(0).FunctionOffset || off >= in.Index(in.npages).FunctionOffset {
		return Entry{}, false
	}
	// The last page whose base is <= off.
	lo, hi := 0, in.npages
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if in.Index(m).FunctionOffset <= off {
			lo = m + 1
		} else {
			hi = m
		}
	}
	p := in.readPage(lo - 1)
	// The last entry whose function offset is <= off.
	elo, ehi := uint32(0), p.count
	for elo < ehi {
		m := (elo + ehi) >> 1
		if fn, _ := in.entry(&p, m); fn <= off {
			elo = m + 1
		} else {
			ehi = m
		}
	}
	if elo == 0 {
		return Entry{}, false
	}
	return in.fullEntry(&p, elo-1), true
}
