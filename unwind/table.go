package unwind

import (
	"errors"
	"fmt"

	"github.com/stackmaps/stackmaps/cfi"
	"github.com/stackmaps/stackmaps/compactunwind"
	"github.com/stackmaps/stackmaps/regs"
	"github.com/stackmaps/stackmaps/stackmap"
	"github.com/stackmaps/stackmaps/winunwind"
)

// Kind names an unwind table.
type Kind uint8

// The tables a Row can come from.
const (
	// KindNone: no table (the zero value).
	KindNone Kind = iota
	// KindEHFrame: .eh_frame (Mach-O __TEXT,__eh_frame).
	KindEHFrame
	// KindDebugFrame: .debug_frame.
	KindDebugFrame
	// KindUnwindInfo: a Mach-O image's __TEXT,__unwind_info.
	KindUnwindInfo
	// KindCompactUnwind: a Mach-O object's __LD,__compact_unwind.
	KindCompactUnwind
	// KindPData: Windows x64 .pdata and the UNWIND_INFO records it names.
	KindPData
)

var kindNames = [...]string{"none", ".eh_frame", ".debug_frame", compactunwind.SectionUnwindInfo, compactunwind.SectionCompactUnwind, ".pdata"}

// String returns the section name: ".eh_frame", ".debug_frame" (their ELF
// names; Mach-O spells them __eh_frame, __debug_frame), "__unwind_info",
// "__compact_unwind", ".pdata", or "none".
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "invalid"
}

// SectionName returns the name a file of format f gives table k's
// section: String's, but __eh_frame in Mach-O
// (compactunwind.SectionEHFrame). No Mach-O __debug_frame is read, so
// KindDebugFrame is .debug_frame in every format.
func (k Kind) SectionName(f stackmap.Format) string {
	if k == KindEHFrame && f == stackmap.FormatMachO {
		return compactunwind.SectionEHFrame
	}
	return k.String()
}

// CodeReader reads an image's code at its (link-time) addresses: where an
// x86_64 STACK_IND compact entry reads a function's stack size. ReadAt
// follows io.ReaderAt, with off an address.
type CodeReader interface {
	ReadAt(p []byte, addr int64) (n int, err error)
}

// Sources are the unwind tables of one image, as its file holds them
// (relocated in a relocatable object, as stack map function addresses
// are). Every field is optional, but a Table needs at least one table.
type Sources struct {
	// Arch is the image's architecture; compact unwind encodings are
	// interpreted for it (regs.AArch64 or regs.X86_64).
	Arch regs.Arch
	// EHFrame is .eh_frame (with its .eh_frame_hdr in Hdr, when the image
	// has one); Data nil when there is none.
	EHFrame cfi.Config
	// DebugFrame is .debug_frame; Data nil when there is none. It is
	// asked after EHFrame.
	DebugFrame cfi.Config
	// UnwindInfo is a Mach-O image's __unwind_info, whose function
	// offsets count from TextAddr (the __TEXT segment's address).
	UnwindInfo *compactunwind.Info
	TextAddr   uint64
	// CompactUnwind is a Mach-O object's relocated __compact_unwind.
	CompactUnwind *compactunwind.Object
	// Code reads function code for x86_64 STACK_IND entries; without it
	// such a row's CFA is unknown (Row.Rules is nil).
	Code CodeReader
	// EHFrameSections and DebugFrameSections give, in a relocatable
	// object with several code sections, each FDE of EHFrame and
	// DebugFrame its code section (see RowInSection); nil otherwise.
	EHFrameSections, DebugFrameSections SectionOf
	// PData is the x64 unwind data of a PE image or COFF object, whose
	// RVAs count from PDataBase (an image's base; 0 in an object).
	// PDataSections gives, in an object with several code sections, the
	// RVA of each (by the index stackmap.Function.CodeSection has; see
	// RowInSection); nil otherwise.
	PData         *winunwind.Table
	PDataARM64    *winunwind.ARM64Table // an ARM64 image's or object's, instead of PData
	PDataBase     uint64
	PDataSections func(section int) (rva uint32, ok bool)
}

// Table answers which unwind row holds at a code address of one image.
// It is immutable once built and safe for concurrent use, each goroutine
// with its own Context.
type Table struct {
	arch       regs.Arch
	dwarf      [2]cfi.Finder // .eh_frame, .debug_frame; nil when absent
	dwarfKind  [2]Kind
	bySec      [2]*bySection // FDEs by code section (function sections); nil when unambiguous
	indexErr   [2]error
	hdrErr     error
	eh         *cfi.Section // for DWARF-mode compact entries
	info       *compactunwind.Info
	textAddr   uint64
	object     *compactunwind.Object
	code       CodeReader
	raReg      uint16
	hasCompact bool
	// .pdata (Windows x64)
	pdata         *winunwind.Table
	pdataARM64    *winunwind.ARM64Table
	pdataBase     uint64
	pdataSections func(int) (uint32, bool)
}

// New builds a Table. A DWARF section is searched through its
// .eh_frame_hdr when that table is usable (see cfi.Section.HasHdr),
// otherwise through an index of its FDEs built now. A section whose FDEs
// do not all decode cannot be indexed: it is then scanned per lookup, so
// that the functions before its first malformed entry still have rows,
// and IndexErr reports why. The error is cfi.New's, for a configuration
// or an .eh_frame_hdr header that does not decode.
func New(src Sources) (*Table, error) {
	t := &Table{arch: src.Arch, info: src.UnwindInfo, textAddr: src.TextAddr, object: src.CompactUnwind, code: src.Code}
	t.hasCompact = t.info != nil || t.object != nil
	t.pdata, t.pdataARM64, t.pdataBase, t.pdataSections = src.PData, src.PDataARM64, src.PDataBase, src.PDataSections
	t.raReg = regs.RolesOf(src.Arch).ReturnAddress
	if src.Arch == regs.X86_64 {
		t.raReg = 16 // rip, the return address column
	}
	for i, c := range [2]struct {
		kind Kind
		cfg  cfi.Config
		of   SectionOf
	}{{KindEHFrame, src.EHFrame, src.EHFrameSections}, {KindDebugFrame, src.DebugFrame, src.DebugFrameSections}} {
		if c.cfg.Data == nil {
			continue
		}
		sec, err := cfi.New(c.cfg)
		if err != nil {
			return nil, fmt.Errorf("%v: %w", c.kind, err)
		}
		if c.kind == KindEHFrame {
			t.eh, t.hdrErr = sec, sec.HdrErr()
		}
		fd, err := sec.NewFinder()
		if err != nil {
			fd, t.indexErr[i] = sec, err
		}
		t.dwarf[i], t.dwarfKind[i] = fd, c.kind
		t.bySec[i] = newBySection(sec, c.of)
	}
	return t, nil
}

// Arch returns the architecture the table was built for.
func (t *Table) Arch() regs.Arch { return t.arch }

// Has reports whether the table holds a table of kind k.
func (t *Table) Has(k Kind) bool {
	switch k {
	case KindEHFrame:
		return t.dwarf[0] != nil
	case KindDebugFrame:
		return t.dwarf[1] != nil
	case KindUnwindInfo:
		return t.info != nil
	case KindCompactUnwind:
		return t.object != nil
	case KindPData:
		return t.pdata != nil || t.pdataARM64 != nil
	}
	return false
}

// IndexErr returns why the DWARF section of kind k (KindEHFrame or
// KindDebugFrame) could not be indexed and is scanned per lookup, or nil.
func (t *Table) IndexErr(k Kind) error {
	switch k {
	case KindEHFrame:
		return t.indexErr[0]
	case KindDebugFrame:
		return t.indexErr[1]
	}
	return nil
}

// HdrErr says why the .eh_frame_hdr search table given in
// Sources.EHFrame is not used (cfi.Section.HdrErr: not sorted, wrapping
// cfi.ErrHdrOrder, or an entry that does not decode); the FDEs are then
// found through an index built by New. Nil when the table is used or
// there is none.
func (t *Table) HdrErr() error { return t.hdrErr }

// LookupPC returns the address whose unwind row holds for a frame at pc.
// A return address (returnAddress true: every frame but the innermost,
// and the innermost one too when the walk began at a call) is the address
// after a call instruction, so the row is the call's: pc-1. The pc of an
// interrupted instruction (a signal or preemption frame) is looked up as
// it is. This is the one place the rule is written.
func LookupPC(pc uint64, returnAddress bool) uint64 {
	if returnAddress && pc > 0 {
		return pc - 1
	}
	return pc
}

// RowForReturnAddress returns the row of a frame suspended in a call that
// returns to ra: RowAt(LookupPC(ra, true), ctx). Like RowAt it refuses an
// address of a relocatable object with several code sections
// (ErrAmbiguousAddress); RowForRecord and RowInSection take the section.
func (t *Table) RowForReturnAddress(ra uint64, ctx *Context) (*Row, error) {
	return t.RowAt(LookupPC(ra, true), ctx)
}

// resetRow clears ctx's row for a lookup of pc. Field by field: zeroing
// the whole Row (its compact Rule is 400 bytes) on every lookup of a walk
// would cost more than the rest.
func (t *Table) resetRow(pc uint64, ctx *Context) *Row {
	r := &ctx.row
	r.PC, r.Table, r.Rules, r.HasFDE, r.FDEOffset, r.FunctionStart, r.Encoding, r.SignalFrame, r.Windows = pc, KindNone, nil, false, 0, 0, 0, false, nil
	if r.Compact {
		r.Compact, r.Rule = false, compactunwind.Rule{}
	}
	return r
}

// RowAt returns the row that holds at the code address pc (a link-time
// address of the image). The tables are asked in order: .eh_frame,
// .debug_frame, then compact unwind (an FDE that covers pc wins over a
// compact entry, as the linker keeps both only for functions compact
// unwind cannot describe). No table covering pc is an error wrapping
// ErrNotFound; a table that does not decode is an *Error. The Row points
// into ctx and is valid until ctx is used again. RowAt allocates nothing.
//
// In a relocatable object whose FDEs describe several code sections (see
// Sectioned) pc is an offset in each of them: where an FDE covers it,
// RowAt refuses with an *AmbiguousError (matching ErrAmbiguousAddress)
// that names the sections whose FDEs cover it, rather than answer with
// one of them; RowInSection and RowForRecord take the section.
func (t *Table) RowAt(pc uint64, ctx *Context) (*Row, error) {
	r := t.resetRow(pc, ctx)
	for i, fd := range t.dwarf {
		if fd == nil {
			continue
		}
		if b := t.bySec[i]; b != nil {
			if secs := b.covering(pc); len(secs) > 0 {
				return nil, &AmbiguousError{Addr: pc, What: t.dwarfKind[i].String() + " FDEs", Sections: secs}
			}
			continue
		}
		row, err := fd.RowAt(pc, &ctx.u)
		if err != nil {
			if errors.Is(err, cfi.ErrNotFound) {
				continue
			}
			return nil, &Error{Table: t.dwarfKind[i], PC: pc, Err: err}
		}
		f := ctx.u.FDE()
		r.Table, r.Rules, r.FDEOffset, r.HasFDE, r.FunctionStart, r.SignalFrame = t.dwarfKind[i], row, f.Offset, true, f.PCBegin, f.CIE.SignalFrame
		return r, nil
	}
	if t.pdata != nil || t.pdataARM64 != nil {
		return t.pdataAt(pc, ctx)
	}
	if t.hasCompact {
		return t.compactRow(pc, ctx)
	}
	return nil, &Error{Table: KindNone, PC: pc, What: "no table covers the address", Err: ErrNotFound}
}
