package unwind

import (
	"cmp"
	"errors"
	"slices"

	"github.com/stackmaps/stackmaps/cfi"
	"github.com/stackmaps/stackmaps/stackmap"
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
// group sorted by pc_begin and, among equal ones, from the last in the
// section to the first: searching back from the last FDE starting at or
// before pc, the first that covers pc is the one package cfi's rule picks
// (the FDE starting last; of those starting together, the first in the
// section). Zero-length FDEs cover nothing and are left out.
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
		if f.PCEnd == f.PCBegin {
			continue
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
		slices.SortFunc(fs, func(x, y cfi.FDE) int {
			if c := cmp.Compare(x.PCBegin, y.PCBegin); c != 0 {
				return c
			}
			return cmp.Compare(y.Offset, x.Offset)
		})
	}
	return b
}

// find returns the index in fs of the FDE covering pc, or -1.
func find(fs []cfi.FDE, pc uint64) int {
	i, _ := slices.BinarySearchFunc(fs, pc+1, func(f cfi.FDE, t uint64) int { return cmp.Compare(f.PCBegin, t) })
	for j := i - 1; j >= 0; j-- {
		if fs[j].Contains(pc) {
			return j
		}
	}
	return -1
}

// rowAt returns the row at pc of the FDE of code section s covering pc.
func (b *bySection) rowAt(s int, pc uint64, u *cfi.Unwinder) (*cfi.Row, *cfi.FDE, error) {
	fs := b.fdes[s]
	j := find(fs, pc)
	if j < 0 {
		return nil, nil, errNoFDEInSection
	}
	f := &fs[j]
	row, err := b.sec.FDERow(f, pc, u)
	return row, f, err
}

// covering returns the code sections with an FDE covering pc, sorted.
func (b *bySection) covering(pc uint64) []int {
	var out []int
	for s, fs := range b.fdes {
		if find(fs, pc) >= 0 {
			out = append(out, s)
		}
	}
	slices.Sort(out)
	return out
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
// it is RowAt (which refuses an address of an object with several code
// sections: ErrAmbiguousAddress).
func (t *Table) RowInSection(section int, pc uint64, ctx *Context) (*Row, error) {
	if section >= 0 && t.pdataSections != nil {
		return t.pdataInSection(section, pc, ctx)
	}
	if section < 0 || !t.Sectioned() {
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
		r.Table, r.Rules, r.FDEOffset, r.HasFDE, r.FunctionStart, r.SignalFrame = t.dwarfKind[i], row, f.Offset, true, f.PCBegin, f.CIE.SignalFrame
		return r, nil
	}
	return nil, &Error{Table: KindNone, PC: pc, What: "no FDE of the code section covers the address", Err: ErrNotFound}
}

// Sectioned reports whether the table's FDEs (or .pdata entries) describe several code
// sections of a relocatable object (function sections): an address alone
// is then ambiguous, and RowAt refuses it with ErrAmbiguousAddress where
// an FDE covers it; RowInSection and RowForRecord take the section.
func (t *Table) Sectioned() bool {
	return t.bySec[0] != nil || t.bySec[1] != nil || t.pdataSections != nil
}

// RowForRecord returns the row of the frame a stack map record describes,
// at the record's address in its function's code section: the one call a
// tool needs for a record, in a linked image or in a relocatable object
// with function sections alike. A statepoint's address is the return
// address of its call, looked up as unwinders look up a return address
// (LookupPC: the call instruction, address-1); a stackmap or patchpoint
// record's address is the start of its instruction sequence, not yet
// executed, so its row is the one at the address itself (which holds the
// effect of the prologue instruction just before it). A record whose
// table does not say which function it is in (a version 1 table with
// several functions) has no address: an error wrapping ErrNotFound.
func (t *Table) RowForRecord(r stackmap.Record, ctx *Context) (*Row, error) {
	addr, ok := r.Address()
	if !ok {
		return nil, errNoRecordAddress
	}
	_, isCall := r.AsStatepoint()
	pc := LookupPC(addr, isCall)
	if tb := r.Table(); tb != nil {
		if f, ok := tb.Function(r.Function()); ok {
			if c := f.CodeSection(); c.Known() {
				return t.RowInSection(c.Index, pc, ctx)
			}
		}
	}
	return t.RowAt(pc, ctx)
}

// errNoRecordAddress is RowForRecord's answer for a record with no
// address, allocated once.
var errNoRecordAddress error = &Error{Table: KindNone, What: "the record has no address (its table does not say which function it is in)", Err: ErrNotFound}
