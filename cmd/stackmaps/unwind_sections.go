package main

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/stackmaps/stackmaps/cfi"
	"github.com/stackmaps/stackmaps/elfsection"
	"github.com/stackmaps/stackmaps/stackmap"
)

// FDEs by code section. In an object built with function sections every
// FDE's pc_begin relocates to an offset in its function's own section,
// all of them near 0, so "the FDE covering pc" has several answers. The
// FDE of a record is the one whose pc_begin relocation points into the
// section of the record's function (elfsection.EntrySections gives each
// FDE its section): the finder below is keyed by (section, pc).

// sectionFinder finds the FDE covering a pc of one code section.
type sectionFinder struct {
	sec   *cfi.Section
	fdes  map[int][]cfi.FDE // by code section number; each sorted by PCBegin
	count int               // distinct code sections
}

// newSectionFinder indexes the FDEs of sec by the code section es gives
// them. It returns nil when the FDEs describe fewer than two code
// sections (a plain cfi.Finder answers then) or one does not decode (the
// plain finder reports it).
func newSectionFinder(sec *cfi.Section, es elfsection.EntrySections) *sectionFinder {
	if sec == nil || es.NumSections() < 2 {
		return nil
	}
	sf := &sectionFinder{sec: sec, fdes: make(map[int][]cfi.FDE, es.NumSections())}
	for f, err := range sec.FDEs() {
		if err != nil {
			return nil
		}
		c, _ := es.Section(f.Offset) // FDEs of no known section go under 0
		sf.fdes[c.Index] = append(sf.fdes[c.Index], f)
	}
	for _, fs := range sf.fdes {
		slices.SortFunc(fs, func(a, b cfi.FDE) int { return cmp.Compare(a.PCBegin, b.PCBegin) })
	}
	sf.count = len(sf.fdes)
	return sf
}

// rowAt returns the row at pc of the FDE of code section code that covers
// pc, and that FDE's offset; the error wraps cfi.ErrNotFound when none
// does. The row points into u.
func (sf *sectionFinder) rowAt(code stackmap.CodeSection, pc uint64, u *cfi.Unwinder) (*cfi.Row, uint64, error) {
	fs := sf.fdes[code.Index]
	i, _ := slices.BinarySearchFunc(fs, pc+1, func(f cfi.FDE, t uint64) int { return cmp.Compare(f.PCBegin, t) })
	if i == 0 || !fs[i-1].Contains(pc) {
		return nil, 0, fmt.Errorf("no FDE of section %s covers %#x: %w", code.Name, pc, cfi.ErrNotFound)
	}
	f := &fs[i-1]
	row, err := sf.sec.FDERow(f, pc, u)
	return row, f.Offset, err
}

// setCodeSections gives the source's .eh_frame and .debug_frame tables
// their FDEs' code sections (relocated ELF objects).
func (s *unwindSource) setCodeSections(eh, debug elfsection.EntrySections) {
	for i := range s.tables {
		ft := &s.tables[i]
		es := eh
		if ft.name == ".debug_frame" {
			es = debug
		}
		ft.code = newSectionFinder(ft.sec, es)
	}
}

// rowAt returns the table's row at pc for a record of code section code,
// and the offset of the FDE it comes from: by (section, pc) when the
// table's FDEs lie in several code sections and code is known, otherwise
// by pc alone.
func (ft *frameTable) rowAt(code stackmap.CodeSection, pc uint64, u *cfi.Unwinder) (*cfi.Row, uint64, error) {
	if ft.code != nil && code.Known() {
		return ft.code.rowAt(code, pc, u)
	}
	row, err := ft.find.RowAt(pc, u)
	if err != nil {
		return nil, 0, err
	}
	return row, u.FDE().Offset, nil
}

// recordCodeSection returns the code section of a record's function (the
// zero CodeSection when unknown).
func recordCodeSection(rv recordView) stackmap.CodeSection {
	t := rv.R.Table()
	if t == nil || rv.Func < 0 {
		return stackmap.CodeSection{}
	}
	f, ok := t.Function(rv.Func)
	if !ok {
		return stackmap.CodeSection{}
	}
	return f.CodeSection()
}
