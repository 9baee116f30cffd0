package cfi

import (
	"fmt"
	"sync"

	"github.com/stackmaps/stackmaps/internal/endian"
)

// hdrTable is the binary search table of .eh_frame_hdr:
//
//	u8 version (1), u8 eh_frame_ptr_enc, u8 fde_count_enc, u8 table_enc,
//	eh_frame_ptr, fde_count, then fde_count (initial_location, fde_address)
//	pairs sorted by initial_location.
type hdrTable struct {
	usable    bool
	ehFrame   uint64 // eh_frame_ptr
	count     uint64
	tableOff  int // offset of the first pair in Hdr
	entrySize int // size of one value (a pair is two)
	enc       uint8
	bases     bases
	// datarel4: the table's encoding is DW_EH_PE_datarel|sdata4, as every
	// linker writes it: loc reads a value without the general decoder (a
	// binary search reads a dozen of them a lookup), in the section's
	// order (Section.ord).
	datarel4 bool
}

// parse checks the header. A header without a table (fde_count omitted, or
// a table encoding that is not fixed-size) is accepted but not usable for a
// binary search.
func (h *hdrTable) parse(cfg *Config) error {
	r := reader{b: cfg.Hdr, end: len(cfg.Hdr), ord: endian.Of(cfg.Order)}
	h.bases = bases{addr: cfg.HdrAddr, text: cfg.TextBase, data: cfg.HdrAddr}
	version, err := r.u8(".eh_frame_hdr version")
	if err != nil {
		return err
	}
	if version != 1 {
		return errAt(0, ".eh_frame_hdr version", ErrVersion)
	}
	var encs [3]uint8
	for i, what := range [3]string{".eh_frame_hdr eh_frame_ptr_enc", ".eh_frame_hdr fde_count_enc", ".eh_frame_hdr table_enc"} {
		if encs[i], err = r.u8(what); err != nil {
			return err
		}
		if !validEncoding(encs[i]) {
			return errAt(uint64(r.pos-1), what, ErrEncoding)
		}
	}
	if encs[0] == PEOmit {
		return errAt(1, ".eh_frame_hdr eh_frame_ptr_enc (omitted)", ErrEncoding)
	}
	if h.ehFrame, _, err = r.readPointer(encs[0], cfg.PtrSize, &h.bases, ".eh_frame_hdr eh_frame_ptr"); err != nil {
		return err
	}
	if h.ehFrame != cfg.Addr {
		return errAt(4, ".eh_frame_hdr eh_frame_ptr (differs from Config.Addr)", ErrConfig)
	}
	if encs[1] == PEOmit || encs[2] == PEOmit {
		return nil
	}
	if h.count, _, err = r.readPointer(encs[1], cfg.PtrSize, &h.bases, ".eh_frame_hdr fde_count"); err != nil {
		return err
	}
	h.enc = encs[2]
	h.entrySize = encodedSize(h.enc, cfg.PtrSize)
	if h.entrySize <= 0 || h.enc&0x70 == PEAligned || h.enc&PEIndirect != 0 {
		return nil // not searchable; FindFDE scans
	}
	h.tableOff = r.pos
	if h.count > uint64(r.left())/uint64(2*h.entrySize) {
		return errAt(uint64(r.pos), ".eh_frame_hdr table (fde_count larger than the section)", ErrTruncated)
	}
	h.datarel4 = h.enc == PEDataRel|PESData4
	h.usable = true
	return nil
}

// checkOrder verifies once, in one pass, that the table is sorted by
// initial_location (as the binary search needs) and that every entry
// decodes. An unsorted table is not used: the error wraps ErrHdrOrder and
// names the first entry out of order.
func (h *hdrTable) checkOrder(s *Section) error {
	var prev uint64
	for i := range h.count {
		loc, err := h.loc(s, i)
		if err != nil {
			return err
		}
		if i > 0 && loc < prev {
			return errAt(uint64(h.tableOff)+i*uint64(2*h.entrySize),
				fmt.Sprintf(".eh_frame_hdr table entry %d (initial_location %#x after %#x)", i, loc, prev), ErrHdrOrder)
		}
		prev = loc
	}
	return nil
}

// entry decodes pair i of the table.
func (h *hdrTable) entry(s *Section, i uint64) (loc, fde uint64, err error) {
	pos := h.tableOff + int(i)*2*h.entrySize
	if h.datarel4 {
		return h.datarel(s, pos), h.datarel(s, pos+4), nil
	}
	r := reader{b: s.cfg.Hdr, pos: pos, end: pos + 2*h.entrySize, ord: s.ord}
	if loc, _, err = r.readPointer(h.enc, s.cfg.PtrSize, &h.bases, ".eh_frame_hdr initial_location"); err != nil {
		return 0, 0, err
	}
	if fde, _, err = r.readPointer(h.enc, s.cfg.PtrSize, &h.bases, ".eh_frame_hdr fde_address"); err != nil {
		return 0, 0, err
	}
	return loc, fde, nil
}

// loc decodes the initial_location of pair i (below h.count: parse
// checked that the table lies inside the section).
func (h *hdrTable) loc(s *Section, i uint64) (uint64, error) {
	pos := h.tableOff + int(i)*2*h.entrySize
	if h.datarel4 {
		return h.datarel(s, pos), nil
	}
	r := reader{b: s.cfg.Hdr, pos: pos, end: pos + h.entrySize, ord: s.ord}
	v, _, err := r.readPointer(h.enc, s.cfg.PtrSize, &h.bases, ".eh_frame_hdr initial_location")
	return v, err
}

// datarel reads the datarel|sdata4 value at pos of the table (a whole
// pair of the table lies there: see loc).
func (h *hdrTable) datarel(s *Section, pos int) uint64 {
	return h.bases.data + uint64(int64(int32(s.ord.U32(s.cfg.Hdr, pos))))
}

// searchDatarel is find's binary search in a datarel|sdata4 table: the
// number of entries whose initial_location is at most pc.
func (h *hdrTable) searchDatarel(s *Section, pc uint64) uint64 {
	tab := s.cfg.Hdr[h.tableOff : h.tableOff+int(h.count)*8]
	lo, hi := 0, int(h.count)
	for lo < hi {
		mid := int(uint(lo+hi) >> 1)
		if h.bases.data+uint64(int64(int32(s.ord.U32(tab, mid*8)))) <= pc {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	return uint64(lo)
}

// find binary-searches the last entry whose initial_location is <= pc and
// decodes its FDE: the FDE of the package's rule (see Index) when it
// covers pc and no other entry starts at the same address. Otherwise (pc
// before the first entry, an FDE that ends before pc, such as a
// zero-length one hiding the real FDE of the function that lld left out
// of the table, or duplicate entries) the FDE comes from s's fallback
// Index, built on the first such lookup, as LLVM libunwind falls back to
// a scan of the section.
func (h *hdrTable) find(s *Section, pc uint64, u *Unwinder, f *FDE) (err error) {
	lo, hi := uint64(0), h.count // invariant: entries [0,lo) have loc <= pc
	if h.datarel4 {
		lo = h.searchDatarel(s, pc)
	}
	for lo < hi && !h.datarel4 {
		mid := lo + (hi-lo)/2
		loc, err := h.loc(s, mid)
		if err != nil {
			*f = FDE{}
			return err
		}
		if loc <= pc {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	if lo == 0 {
		*f, err = s.fallbackFind(pc, uint64(h.tableOff), ".eh_frame_hdr search", u)
		return err
	}
	loc, addr, err := h.entry(s, lo-1)
	if err != nil {
		*f = FDE{}
		return err
	}
	off := addr - s.cfg.Addr
	if addr < s.cfg.Addr || off >= uint64(len(s.cfg.Data)) {
		*f = FDE{}
		return errAt(uint64(h.tableOff)+(lo-1)*uint64(2*h.entrySize), ".eh_frame_hdr fde_address (outside .eh_frame)", ErrLength)
	}
	if err := s.parseFDEAt(off, u, f); err != nil {
		*f = FDE{}
		return err
	}
	if !f.Contains(pc) {
		*f, err = s.fallbackFind(pc, off, "FDE search (nearest FDE ends before the address)", u)
		return err
	}
	if lo >= 2 {
		if prev, err := h.loc(s, lo-2); err == nil && prev == loc {
			*f, err = s.fallbackFind(pc, 0, "", u) // several FDEs start here: the first in the section wins
			return err
		}
	}
	return nil
}

// fallback is the Index a Section with an .eh_frame_hdr table builds when
// the table alone cannot answer (see hdrTable.find).
type fallback struct {
	once sync.Once
	x    *Index
	err  error
}

// fallbackFind answers pc through the fallback Index, built on first use.
// When the section's FDEs do not all decode (no Index can be built), it
// returns the table's own miss (at off, doing what), or, with what empty
// (duplicate entries), the linear scan's answer.
func (s *Section) fallbackFind(pc, off uint64, what string, u *Unwinder) (FDE, error) {
	fb := s.fb
	if fb != nil {
		fb.once.Do(func() { fb.x, fb.err = s.NewIndex() })
	}
	if fb == nil || fb.err != nil {
		if what != "" {
			return FDE{}, errAt(off, what, ErrNotFound)
		}
		return s.scanFDE(pc)
	}
	var f FDE
	err := fb.x.findFDE(pc, u, &f)
	return f, err
}
