package unwind

import (
	"cmp"
	"errors"
	"slices"

	"github.com/stackmaps/stackmaps/cfi"
)

// FDE lookups by code section, for relocatable objects built with
// function sections (llc -function-sections, clang -ffunction-sections,
// rustc by default). Every function there sits at offset 0 of its own
// section, so every FDE's pc_begin relocates to a small offset and
// several FDEs cover the same pc: the FDE of a function is the one whose
// pc_begin relocation points into the function's section. Addresses in
// such an object are (code section, offset) pairs, as LLVM's tools print
// them; RowInSection takes the section.

// SectionOf gives the FDE at fdeOffset of a relocated DWARF section the
// index of the code section its pc_begin relocation points into, and
// false when the FDE has none (the locator's relocation pass knows:
// elfsection.EntrySections).
type SectionOf func(fdeOffset uint64) (section int, ok bool)

// bySection holds one DWARF section's FDEs grouped by code section, each
// group sorted by pc_begin.
type bySection struct {
	sec  *cfi.Section
	fdes map[int][]cfi.FDE
}

// newBySection groups sec's FDEs by the code section of tells them. It
// returns nil when they lie in fewer than two code sections (a lookup by
// pc alone is then unambiguous) or one does not decode (the plain lookup
// reports it).
func newBySection(sec *cfi.Section, of SectionOf) *bySection {
	if sec == nil || of == nil {
		return nil
	}
	b := &bySection{sec: sec, fdes: map[int][]cfi.FDE{}}
	for f, err := range sec.FDEs() {
		if err != nil {
			return nil
		}
		s, ok := of(f.Offset)
		if !ok {
			s = -1
		}
		b.fdes[s] = append(b.fdes[s], f)
	}
	if len(b.fdes) < 2 {
		return nil
	}
	for _, fs := range b.fdes {
		slices.SortFunc(fs, func(x, y cfi.FDE) int { return cmp.Compare(x.PCBegin, y.PCBegin) })
	}
	return b
}

// rowAt returns the row at pc of the FDE of code section s covering pc.
func (b *bySection) rowAt(s int, pc uint64, u *cfi.Unwinder) (*cfi.Row, *cfi.FDE, error) {
	fs := b.fdes[s]
	i, _ := slices.BinarySearchFunc(fs, pc+1, func(f cfi.FDE, t uint64) int { return cmp.Compare(f.PCBegin, t) })
	if i == 0 || !fs[i-1].Contains(pc) {
		return nil, nil, errNoFDEInSection
	}
	f := &fs[i-1]
	row, err := b.sec.FDERow(f, pc, u)
	return row, f, err
}

// errNoFDEInSection is what a section lookup that finds nothing returns:
// a value of a zero-size type, so that neither a miss nor the package's
// initialization allocates.
var errNoFDEInSection error = noFDEInSection{}

type noFDEInSection struct{}

func (noFDEInSection) Error() string { return "no FDE of the code section covers the address" }
func (noFDEInSection) Unwrap() error { return cfi.ErrNotFound }

// RowInSection returns the row at offset pc of code section section of a
// relocatable object (section: the index the locator gives it, as
// stackmap.Function.CodeSection does). In an object whose FDEs describe
// several code sections (Sources.EHFrameSections, DebugFrameSections) it
// takes only FDEs of that section; otherwise, or for a negative section,
// it is RowAt.
func (t *Table) RowInSection(section int, pc uint64, ctx *Context) (*Row, error) {
	if section >= 0 && t.pdataSections != nil {
		return t.pdataInSection(section, pc, ctx)
	}
	if section < 0 || (t.bySec[0] == nil && t.bySec[1] == nil) {
		return t.RowAt(pc, ctx)
	}
	r := t.resetRow(pc, ctx)
	for i, b := range t.bySec {
		var row *cfi.Row
		var f *cfi.FDE
		var err error
		switch {
		case b != nil:
			row, f, err = b.rowAt(section, pc, &ctx.u)
		case t.dwarf[i] != nil:
			if row, err = t.dwarf[i].RowAt(pc, &ctx.u); err == nil {
				f = ctx.u.FDE()
			}
		default:
			continue
		}
		if errors.Is(err, cfi.ErrNotFound) {
			continue
		}
		if err != nil {
			return nil, &Error{Table: t.dwarfKind[i], PC: pc, Err: err}
		}
		r.Table, r.Rules, r.FDEOffset, r.HasFDE, r.FunctionStart = t.dwarfKind[i], row, f.Offset, true, f.PCBegin
		return r, nil
	}
	return nil, &Error{Table: KindNone, PC: pc, What: "no FDE of the code section covers the address", Err: ErrNotFound}
}
