package cfi

import (
	"cmp"
	"slices"
)

// Index is a sorted table of the address ranges of every FDE of a section,
// for fast lookups where there is no usable .eh_frame_hdr (a .debug_frame,
// or a relocatable object). Building it decodes every FDE once and
// allocates one 24-byte entry per FDE; lookups allocate nothing.
type Index struct {
	s    *Section
	ents []indexEntry
}

type indexEntry struct {
	begin, end, off uint64
}

// NewIndex decodes every FDE of s and sorts their ranges. FDEs with an
// empty range are left out.
func (s *Section) NewIndex() (*Index, error) {
	x := &Index{s: s}
	for f, err := range s.FDEs() {
		if err != nil {
			return nil, err
		}
		if f.PCEnd > f.PCBegin {
			x.ents = append(x.ents, indexEntry{f.PCBegin, f.PCEnd, f.Offset})
		}
	}
	slices.SortStableFunc(x.ents, func(a, b indexEntry) int { return cmp.Compare(a.begin, b.begin) })
	return x, nil
}

// errIndexNotFound is FindFDE's miss, allocated once: a miss is an answer
// (a table of compact unwind, or another module, may cover the address),
// and lookups allocate nothing.
var errIndexNotFound error = &Error{What: "FDE index search", Err: ErrNotFound}

// Len returns the number of FDEs indexed.
func (x *Index) Len() int { return len(x.ents) }

// FindFDE returns the FDE covering pc (with overlapping FDEs, the one that
// starts last at or before pc), or an error wrapping ErrNotFound.
func (x *Index) FindFDE(pc uint64) (FDE, error) {
	i, _ := slices.BinarySearchFunc(x.ents, pc, func(e indexEntry, pc uint64) int {
		if e.begin <= pc {
			return -1
		}
		return 1
	})
	if i == 0 || pc >= x.ents[i-1].end {
		return FDE{}, errIndexNotFound
	}
	return x.s.ParseFDE(x.ents[i-1].off)
}

// RowAt is Section.RowAt with the FDE found through the index.
func (x *Index) RowAt(pc uint64, u *Unwinder) (*Row, error) {
	f, err := x.FindFDE(pc)
	if err != nil {
		return nil, err
	}
	u.fde = f
	return x.s.FDERow(&u.fde, pc, u)
}
