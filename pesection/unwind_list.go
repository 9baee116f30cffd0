package pesection

import (
	"cmp"
	"encoding/binary"
	"slices"

	"github.com/stackmaps/stackmaps/stackmap"
	"github.com/stackmaps/stackmaps/winunwind"
)

// PDataRecord is one RUNTIME_FUNCTION as its .pdata section holds it, with
// what names its fields, for a listing such as llvm-readobj --unwind.
type PDataRecord struct {
	// Section is the .pdata section's name and Offset the entry's offset
	// in it.
	Section string
	Offset  uint32
	// Begin, End and UnwindInfo name the entry's three fields.
	Begin, End, UnwindInfo PDataField
	// Function is the entry in the RVAs of X64Unwind.Table (relocated in
	// an object), for Table.ParseInfo.
	Function winunwind.RuntimeFunction
	// Handler names the language handler field of its UNWIND_INFO
	// (FlagEHandler, FlagUHandler), Chained the three fields of the
	// parent entry (FlagChainInfo); their Offset is the field's offset in
	// its section in an object, its address in an image.
	Handler PDataField
	Chained [3]PDataField
}

// PDataField names a field: in an object, the symbol its relocation points
// at (resolved to the function or other symbol the target falls in, as
// llvm-readobj does) and the displacement from it, and Offset the field's
// offset in its section; in an image, the symbol defined at the address,
// if any, and the address (also in Offset).
type PDataField struct {
	Symbol string // "" when none
	Value  uint64
	Offset uint64
	// Target is the address the field points at: in an object, the
	// offset in the target's section.
	Target uint64
}

// PDataRecords lists the entries of the file's .pdata sections in file
// order (x is what X64Unwind returned for the file). Entries whose
// UNWIND_INFO does not decode have no Handler or Chained.
func (f *File) PDataRecords(x *X64Unwind) []PDataRecord {
	n := newNamer(f, x)
	var out []PDataRecord
	for _, ps := range x.pdata {
		name := ".pdata"
		if ps.number > 0 {
			name = f.f.Sections[ps.number-1].Name
		}
		for i := range len(ps.relocated) / winunwind.RuntimeFunctionSize {
			off := uint32(i * winunwind.RuntimeFunctionSize)
			r := PDataRecord{Section: name, Offset: off}
			rel := ps.relocated[off:]
			r.Function = winunwind.RuntimeFunction{Begin: binary.LittleEndian.Uint32(rel), End: binary.LittleEndian.Uint32(rel[4:]), UnwindInfo: binary.LittleEndian.Uint32(rel[8:])}
			for k, fd := range []*PDataField{&r.Begin, &r.End, &r.UnwindInfo} {
				*fd = n.field(ps.number, off+uint32(4*k), binary.LittleEndian.Uint32(ps.raw[off+uint32(4*k):]), k == 1)
			}
			if in, err := x.Table.ParseInfo(r.Function.UnwindInfo); err == nil {
				tail := in.RVA + 4 + 2*uint32((int(in.CountOfCodes)+1)&^1)
				switch {
				case in.Flags&winunwind.FlagChainInfo != 0:
					for k := range r.Chained {
						r.Chained[k] = n.fieldAt(tail+uint32(4*k), k == 1)
					}
				case in.Flags&(winunwind.FlagEHandler|winunwind.FlagUHandler) != 0:
					r.Handler = n.fieldAt(tail, false)
				}
			}
			out = append(out, r)
		}
	}
	return out
}

// namer names fields as llvm-readobj does.
type namer struct {
	f     *File
	x     *X64Unwind
	syms  *symbols
	image bool
	base  uint64
	at    map[uint64]string       // image: the first symbol at each address
	bySec map[int16][]namedSymbol // object: symbols by section, sorted
	rel   map[int]map[uint32]int  // object: section -> field offset -> symbol
	raw   map[int][]byte          // object: unrelocated section bytes
	spans []span                  // object: sections by RVA in the layout
}

type namedSymbol struct {
	value     uint32
	index     int
	isSection bool
}

func newNamer(f *File, x *X64Unwind) *namer {
	n := &namer{f: f, x: x, syms: newSymbols(f.f), image: f.Format == stackmap.FormatPE, base: x.Base}
	cs := f.f.COFFSymbols
	if n.image {
		n.at = map[uint64]string{}
		for i := 0; i < len(cs); i++ {
			if cs[i].SectionNumber > 0 && n.syms.names[i] != "" {
				if _, ok := n.at[n.syms.value(i)]; !ok {
					n.at[n.syms.value(i)] = n.syms.names[i]
				}
			}
			i += int(cs[i].NumberOfAuxSymbols)
		}
		return n
	}
	n.bySec, n.rel, n.raw = map[int16][]namedSymbol{}, map[int]map[uint32]int{}, map[int][]byte{}
	for i := 0; i < len(cs); i++ {
		c := &cs[i]
		if c.SectionNumber > 0 && n.syms.names[i] != "" {
			isSection := c.StorageClass == classStatic && c.NumberOfAuxSymbols > 0 && c.Value == 0
			n.bySec[c.SectionNumber] = append(n.bySec[c.SectionNumber], namedSymbol{c.Value, i, isSection})
		}
		i += int(c.NumberOfAuxSymbols)
	}
	for _, ns := range n.bySec {
		// By value; at one value a section symbol first and then the
		// others, the first in the table last: the last of a run names.
		slices.SortStableFunc(ns, func(a, b namedSymbol) int {
			if c := cmp.Compare(a.value, b.value); c != 0 {
				return c
			}
			switch {
			case a.isSection && !b.isSection:
				return -1
			case !a.isSection && b.isSection:
				return 1
			}
			return cmp.Compare(b.index, a.index)
		})
	}
	n.spans = make([]span, 0, len(x.layoutRVA))
	for i, s := range f.f.Sections {
		if rva, ok := x.layoutRVA[i+1]; ok {
			n.spans = append(n.spans, span{rva, rva + max(s.Size, 1), i + 1})
		}
	}
	slices.SortFunc(n.spans, func(a, b span) int { return cmp.Compare(a.start, b.start) })
	return n
}

// field names the 4-byte field at offset off of section number sec (0:
// an image), which holds raw; rangeEnd says the field ends a range (an
// EndAddress): in an object its symbol is then the one for the byte
// before the target.
func (n *namer) field(sec int, off, raw uint32, rangeEnd bool) PDataField {
	if n.image {
		v := n.base + uint64(raw)
		return PDataField{Symbol: n.at[v], Value: v, Offset: v, Target: v}
	}
	fd := PDataField{Value: uint64(raw), Offset: uint64(off)}
	rels, ok := n.rel[sec]
	if !ok {
		rels = map[uint32]int{}
		for _, r := range n.f.f.Sections[sec-1].Relocs {
			if int(r.SymbolTableIndex) < len(n.syms.names) {
				rels[r.VirtualAddress] = int(r.SymbolTableIndex)
			}
		}
		n.rel[sec] = rels
	}
	si, ok := rels[off]
	if !ok {
		return fd
	}
	sym := &n.f.f.COFFSymbols[si]
	fd.Symbol = n.syms.names[si]
	ns := n.bySec[sym.SectionNumber]
	if sym.SectionNumber <= 0 || len(ns) == 0 {
		return fd
	}
	target := uint64(sym.Value) + uint64(raw)
	fd.Target = target
	find := target
	if rangeEnd && find > 0 {
		find--
	}
	// The last symbol whose value is at most find.
	k, _ := slices.BinarySearchFunc(ns, find+1, func(s namedSymbol, v uint64) int { return cmp.Compare(uint64(s.value), v) })
	if k > 0 {
		best := ns[k-1]
		fd.Symbol, fd.Value = n.syms.names[best.index], target-uint64(best.value)
	}
	return fd
}

// fieldAt names the field at rva of the table's layout.
func (n *namer) fieldAt(rva uint32, rangeEnd bool) PDataField {
	if n.image {
		b := n.x.Table.Bytes(rva, 4)
		if b == nil {
			return PDataField{}
		}
		return n.field(0, 0, binary.LittleEndian.Uint32(b), rangeEnd)
	}
	sp, ok := find(n.spans, rva)
	if !ok {
		return PDataField{}
	}
	raw, ok := n.raw[sp.number]
	if !ok {
		d, err := n.f.sectionData(n.f.f.Sections[sp.number-1])
		if err != nil {
			d = nil
		}
		raw, n.raw[sp.number] = d, d
	}
	off := rva - sp.start
	if uint64(off)+4 > uint64(len(raw)) {
		return PDataField{}
	}
	return n.field(sp.number, off, binary.LittleEndian.Uint32(raw[off:]), rangeEnd)
}

// ARM64PDataRecord is one ARM64 .pdata entry as its section holds it, its
// fields named as llvm-readobj names them.
type ARM64PDataRecord struct {
	// Function names the function field; UnwindData the .xdata field of
	// an unpacked entry.
	Function, UnwindData PDataField
	// Entry is the entry in the RVAs of ARM64Unwind.Table (relocated in
	// an object).
	Entry winunwind.ARM64Function
}

// ARM64PDataRecords lists the entries of an ARM64 file's .pdata sections
// in file order (x is what ARM64Unwind returned for the file).
func (f *File) ARM64PDataRecords(x *ARM64Unwind) []ARM64PDataRecord {
	n := newNamer(f, &X64Unwind{Base: x.Base, layoutRVA: x.layoutRVA})
	var out []ARM64PDataRecord
	for _, ps := range x.pdata {
		for i := range len(ps.relocated) / winunwind.ARM64RuntimeFunctionSize {
			off := uint32(i * winunwind.ARM64RuntimeFunctionSize)
			rel := ps.relocated[off:]
			r := ARM64PDataRecord{Entry: winunwind.ARM64Function{Begin: binary.LittleEndian.Uint32(rel), UnwindData: binary.LittleEndian.Uint32(rel[4:])}}
			r.Function = n.field(ps.number, off, binary.LittleEndian.Uint32(ps.raw[off:]), false)
			if !r.Entry.Packed() {
				r.UnwindData = n.field(ps.number, off+4, binary.LittleEndian.Uint32(ps.raw[off+4:]), false)
			}
			out = append(out, r)
		}
	}
	return out
}
