package cfi

import (
	"encoding/binary"
	"math"

	"github.com/stackmaps/stackmaps/internal/endian"
)

// Kind tells which of the two call frame sections a Section holds.
type Kind uint8

const (
	// EHFrame is .eh_frame: CIE id 0, FDE CIE pointers relative to the
	// pointer field, pointers in DW_EH_PE encodings, zero terminator.
	EHFrame Kind = iota
	// DebugFrame is .debug_frame: CIE id all ones, FDE CIE pointers are
	// section offsets, pointers are absolute target addresses.
	DebugFrame
)

// String returns ".eh_frame" or ".debug_frame".
func (k Kind) String() string {
	if k == DebugFrame {
		return ".debug_frame"
	}
	return ".eh_frame"
}

// Config describes a section to decode. Only Data, Order and PtrSize are
// required.
type Config struct {
	// Kind is EHFrame or DebugFrame.
	Kind Kind
	// Data is the section's bytes; it is not copied and must not change
	// while the Section is in use.
	Data []byte
	// Addr is the section's address (sh_addr, or where it is loaded):
	// the base of PC-relative pointers.
	Addr uint64
	// Order is the target byte order.
	Order binary.ByteOrder
	// PtrSize is the target pointer size, 4 or 8: the size of absptr
	// values (and of .debug_frame addresses of CIE versions below 4).
	PtrSize int
	// TextBase and DataBase resolve DW_EH_PE_textrel and
	// DW_EH_PE_datarel pointers in .eh_frame (DataBase is usually the GOT
	// address on x86). Zero when unknown.
	TextBase, DataBase uint64
	// Hdr is the optional .eh_frame_hdr section, with its address HdrAddr;
	// used by FindFDE for a binary search. Ignored for DebugFrame.
	Hdr     []byte
	HdrAddr uint64
}

// Section is a decoded view of a call frame section. It holds no copies of
// the bytes; methods are safe for concurrent use (each goroutine needs its
// own Unwinder).
type Section struct {
	cfg    Config
	bases  bases
	hdr    hdrTable
	hdrErr error        // why the .eh_frame_hdr table is not used, if it is not
	fb     *fallback    // with a usable table: the Index for what the table cannot answer
	ord    endian.Order // cfg.Order's (reader.ord)
}

// New checks the configuration and, when Config.Hdr is set, the
// .eh_frame_hdr header. Entries are decoded lazily, on use.
func New(cfg Config) (*Section, error) {
	if cfg.Order == nil {
		return nil, errAt(0, "Config.Order", ErrConfig)
	}
	if cfg.PtrSize != 4 && cfg.PtrSize != 8 {
		return nil, errAt(0, "Config.PtrSize", ErrConfig)
	}
	if cfg.Kind != EHFrame && cfg.Kind != DebugFrame {
		return nil, errAt(0, "Config.Kind", ErrConfig)
	}
	s := &Section{cfg: cfg, ord: endian.Of(cfg.Order)}
	s.bases = bases{addr: cfg.Addr, text: cfg.TextBase, data: cfg.DataBase}
	if cfg.Kind == EHFrame && cfg.Hdr != nil {
		if err := s.hdr.parse(&cfg); err != nil {
			return nil, err
		}
		if s.hdr.usable {
			if err := s.hdr.checkOrder(s); err != nil {
				s.hdr.usable, s.hdrErr = false, err
			} else {
				s.fb = &fallback{}
			}
		}
	}
	return s, nil
}

// HdrErr says why the .eh_frame_hdr table given in Config.Hdr is not used
// for searches (HasHdr false): an error wrapping ErrHdrOrder when it is
// not sorted by initial_location (a binary search would miss FDEs), or
// the error of an entry that does not decode. Nil when the table is used,
// or has no searchable table at all. New checks the order once, in one
// pass over the table; NewFinder then builds an Index instead.
func (s *Section) HdrErr() error { return s.hdrErr }

// Kind returns the section kind.
func (s *Section) Kind() Kind { return s.cfg.Kind }

// Addr returns the section address.
func (s *Section) Addr() uint64 { return s.cfg.Addr }

// Data returns the section bytes.
func (s *Section) Data() []byte { return s.cfg.Data }

// Order returns the byte order.
func (s *Section) Order() binary.ByteOrder { return s.cfg.Order }

// PtrSize returns the pointer size.
func (s *Section) PtrSize() int { return s.cfg.PtrSize }

// HasHdr reports whether FindFDE can binary-search a .eh_frame_hdr table:
// one that decodes and is sorted (see HdrErr).
func (s *Section) HasHdr() bool { return s.hdr.usable }

func (s *Section) reader(pos, end int) reader {
	return reader{b: s.cfg.Data, pos: pos, end: end, ord: s.ord}
}

// entry is the common header of a CIE or FDE.
type entry struct {
	off    int    // offset of the length field
	idPos  int    // offset of the CIE id / CIE pointer field
	body   int    // offset just after the id field
	end    int    // offset just after the entry
	is64   bool   // 64-bit DWARF format
	isCIE  bool   // a CIE, not an FDE
	cieOff uint64 // FDE: section offset of its CIE
	term   bool   // the .eh_frame zero terminator
}

// readEntry decodes the entry header at off.
func (s *Section) readEntry(off int) (entry, error) {
	e := entry{off: off}
	r := s.reader(off, len(s.cfg.Data))
	l32, err := r.u32("entry length")
	if err != nil {
		return e, err
	}
	length := uint64(l32)
	if l32 == 0xffffffff {
		e.is64 = true
		if length, err = r.u64("entry 64-bit length"); err != nil {
			return e, err
		}
	} else if l32 >= 0xfffffff0 {
		return e, errAt(uint64(off), "entry length (reserved value)", ErrLength)
	}
	if length == 0 {
		e.end = r.pos
		e.term = true
		return e, nil
	}
	if length > uint64(r.left()) {
		return e, errAt(uint64(off), "entry length (past the end of the section)", ErrLength)
	}
	e.end = r.pos + int(length)
	r.end = e.end
	e.idPos = r.pos
	idSize := 4
	if e.is64 && s.cfg.Kind == DebugFrame {
		idSize = 8
	}
	id, err := r.uN(idSize, "CIE id / CIE pointer")
	if err != nil {
		return e, err
	}
	e.body = r.pos
	if s.cfg.Kind == EHFrame {
		if id == 0 {
			e.isCIE = true
		} else {
			if id > uint64(e.idPos) {
				return e, errAt(uint64(e.idPos), "FDE CIE pointer (before the section start)", ErrCIEPointer)
			}
			e.cieOff = uint64(e.idPos) - id
		}
	} else {
		if (idSize == 4 && id == 0xffffffff) || id == math.MaxUint64 {
			e.isCIE = true
		} else {
			e.cieOff = id
		}
	}
	return e, nil
}
