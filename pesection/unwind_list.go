package pesection

import (
	"cmp"
	"debug/pe"
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
}

// PDataField names a field of a RUNTIME_FUNCTION: in an object, the
// symbol its relocation points at and the field's stored value (the
// displacement from that symbol); in an image, the symbol defined at the
// address, if any, and the address.
type PDataField struct {
	Symbol string // "" when none
	Value  uint64
}

// PDataRecords lists the entries of the file's .pdata sections in file
// order (x is what X64Unwind returned for the file).
func (f *File) PDataRecords(x *X64Unwind) []PDataRecord {
	var out []PDataRecord
	syms := newSymbols(f.f)
	image := f.Format == stackmap.FormatPE
	var at map[uint64]string
	if image {
		at = map[uint64]string{}
		for i := 0; i < len(f.f.COFFSymbols); i++ {
			sym := &f.f.COFFSymbols[i]
			if sym.SectionNumber > 0 && syms.names[i] != "" {
				if _, ok := at[syms.value(i)]; !ok {
					at[syms.value(i)] = syms.names[i]
				}
			}
			i += int(sym.NumberOfAuxSymbols)
		}
	}
	for _, ps := range x.pdata {
		name := ".pdata"
		var relocs map[uint32]PDataField
		if ps.number > 0 {
			s := f.f.Sections[ps.number-1]
			name = s.Name
			relocs = relocTargets(f.f, s, syms, ps.raw)
		}
		n := len(ps.relocated) / winunwind.RuntimeFunctionSize
		for i := range n {
			off := uint32(i * winunwind.RuntimeFunctionSize)
			r := PDataRecord{Section: name, Offset: off}
			rel := ps.relocated[off:]
			r.Function = winunwind.RuntimeFunction{Begin: binary.LittleEndian.Uint32(rel), End: binary.LittleEndian.Uint32(rel[4:]), UnwindInfo: binary.LittleEndian.Uint32(rel[8:])}
			for k, fd := range []*PDataField{&r.Begin, &r.End, &r.UnwindInfo} {
				v := binary.LittleEndian.Uint32(ps.raw[off+uint32(4*k):])
				if image {
					fd.Value = x.Base + uint64(v)
					fd.Symbol = at[fd.Value]
				} else if rf, ok := relocs[off+uint32(4*k)]; ok {
					*fd = rf
				} else {
					fd.Value = uint64(v)
				}
			}
			out = append(out, r)
		}
	}
	return out
}

// relocTargets names what each relocation of section s points at, by the
// offset of its field, as llvm-readobj does: the symbol of the target's
// section with the greatest value not above the target (the symbol's
// value plus the field's addend), a function rather than the section's
// own symbol, and the distance from it. A field at an offset that is 4
// mod 12 (a RUNTIME_FUNCTION's EndAddress) ends a range: its symbol is the
// one for the byte before the target. The symbols are sorted once, so
// that the cost is O((symbols + relocations) log symbols).
func relocTargets(f *pe.File, s *pe.Section, syms *symbols, raw []byte) map[uint32]PDataField {
	type named struct {
		value     uint32
		index     int
		isSection bool
	}
	bySection := map[int16][]named{}
	for i := 0; i < len(f.COFFSymbols); i++ {
		c := &f.COFFSymbols[i]
		if c.SectionNumber > 0 && syms.names[i] != "" {
			isSection := c.StorageClass == classStatic && c.NumberOfAuxSymbols > 0 && c.Value == 0
			bySection[c.SectionNumber] = append(bySection[c.SectionNumber], named{c.Value, i, isSection})
		}
		i += int(c.NumberOfAuxSymbols)
	}
	for _, ns := range bySection {
		// By value; at one value a section symbol first, so that the last
		// of a run is the one to name.
		slices.SortStableFunc(ns, func(a, b named) int {
			if c := cmp.Compare(a.value, b.value); c != 0 {
				return c
			}
			switch {
			case a.isSection && !b.isSection:
				return -1
			case !a.isSection && b.isSection:
				return 1
			}
			return cmp.Compare(b.index, a.index) // the first in the table last
		})
	}
	out := map[uint32]PDataField{}
	for _, r := range s.Relocs {
		si := int(r.SymbolTableIndex)
		if si >= len(syms.names) || uint64(r.VirtualAddress)+4 > uint64(len(raw)) {
			continue
		}
		sym := &f.COFFSymbols[si]
		addend := binary.LittleEndian.Uint32(raw[r.VirtualAddress:])
		fd := PDataField{Symbol: syms.names[si], Value: uint64(addend)}
		if ns := bySection[sym.SectionNumber]; sym.SectionNumber > 0 && len(ns) > 0 {
			target := uint64(sym.Value) + uint64(addend)
			find := target
			if r.VirtualAddress%winunwind.RuntimeFunctionSize == 4 && find > 0 {
				find--
			}
			// The last symbol whose value is at most find.
			k, _ := slices.BinarySearchFunc(ns, find+1, func(n named, v uint64) int { return cmp.Compare(uint64(n.value), v) })
			if k > 0 {
				best := ns[k-1]
				fd = PDataField{Symbol: syms.names[best.index], Value: target - uint64(best.value)}
			}
		}
		out[r.VirtualAddress] = fd
	}
	return out
}
