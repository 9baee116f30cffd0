package cfi

import (
	"cmp"
	"slices"
)

// Which FDE covers a pc. Linkers and compilers leave FDEs that no simple
// search handles: zero-length FDEs (pc_begin == pc_end: a function with
// no code, e.g. one that is only __builtin_unreachable) that start where
// the next function's FDE starts, several FDEs with the same pc_begin
// (identical code folding), and FDEs that overlap or nest, in any order in
// the section. Every search of this package (the .eh_frame_hdr binary
// search, the Index, the linear scan) answers by one rule:
//
//  1. A zero-length FDE covers no pc (libgcc's linear_search_fdes and
//     search tables test pc - pc_begin < pc_range; LLVM libunwind's
//     CFI_Parser::findFDE tests pcStart <= pc < pcEnd).
//  2. Of the FDEs that cover pc, the one that starts last wins: the
//     innermost of nested FDEs, the later of overlapping ones. That is
//     the FDE an .eh_frame_hdr search finds in both libgcc
//     (find_fde_tail) and LLVM libunwind (EHHeaderParser::findFDE): the
//     table entry with the greatest initial_location at or below pc,
//     used when it covers pc.
//  3. Of FDEs that cover pc and start at the same address, the first in
//     section order wins. That is LLVM libunwind's answer (when the
//     table entry does not cover pc, UnwindCursor falls back to a linear
//     scan of the section, which returns the first FDE covering pc) and
//     lld's (its .eh_frame_hdr keeps the first FDE of each address).
//     GNU ld sorts equal addresses by range instead, so a binary search
//     over its table can end on another of them; the rule does not follow
//     that.
//
// Where the unwinders differ the rule takes LLVM libunwind's side: when
// the table entry found does not cover pc (a zero-length FDE that hides
// the function's real one, which lld then leaves out of the table; the
// end of an inner FDE inside an outer one), libgcc's find_fde_tail gives
// up and LLVM libunwind scans the section; this package finds the FDE as
// the scan does, through an Index built on the first such miss.

// Index is a sorted table of the address ranges of every FDE of a section,
// for fast lookups where there is no usable .eh_frame_hdr (a .debug_frame,
// or a relocatable object). Building it decodes every FDE once and
// allocates one 24-byte entry per FDE (a few more where FDEs overlap);
// lookups allocate nothing.
type Index struct {
	s    *Section
	ents []indexEntry // disjoint, sorted by begin
	n    int          // FDEs indexed
}

// indexEntry says that FDE off answers for [begin, end): the FDE's whole
// range, or the part of it the rule above gives it where FDEs overlap.
type indexEntry struct {
	begin, end, off uint64
}

// NewIndex decodes every FDE of s and sorts their ranges. FDEs with an
// empty range are left out; where FDEs overlap, each address goes to the
// FDE the rule of this package picks (the one starting last; of those
// starting together, the first in the section), so that a lookup is one
// binary search.
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
	x.n = len(x.ents)
	x.ents = disjoint(x.ents)
	return x, nil
}

// disjoint sorts ents (in section order) and resolves overlaps by the rule
// above. Sorted by begin, then by offset from the last to the first, a
// later entry is always the one that wins where it is live: a sweep keeps
// the live entries on a stack (the top wins; ended ones are dropped when
// they come to the top) and emits a range each time the top changes.
func disjoint(ents []indexEntry) []indexEntry {
	slices.SortFunc(ents, func(a, b indexEntry) int {
		if c := cmp.Compare(a.begin, b.begin); c != 0 {
			return c
		}
		return cmp.Compare(b.off, a.off)
	})
	overlap := false
	for i := 1; i < len(ents); i++ {
		if ents[i].begin < ents[i-1].end {
			overlap = true
			break
		}
	}
	if !overlap {
		return ents // the usual case: nothing to resolve
	}
	out := make([]indexEntry, 0, len(ents)+len(ents)/8)
	var live []int // indexes into ents, the winner on top
	i, cur := 0, uint64(0)
	for i < len(ents) || len(live) > 0 {
		for len(live) > 0 && ents[live[len(live)-1]].end <= cur {
			live = live[:len(live)-1]
		}
		if len(live) == 0 {
			if i == len(ents) {
				break
			}
			cur = ents[i].begin
		}
		for i < len(ents) && ents[i].begin == cur {
			live = append(live, i)
			i++
		}
		top := ents[live[len(live)-1]]
		next := top.end
		if i < len(ents) && ents[i].begin < next {
			next = ents[i].begin
		}
		if n := len(out); n > 0 && out[n-1].off == top.off && out[n-1].end == cur {
			out[n-1].end = next
		} else {
			out = append(out, indexEntry{cur, next, top.off})
		}
		cur = next
	}
	return slices.Clip(out)
}

// errIndexNotFound is FindFDE's miss, allocated once: a miss is an answer
// (a table of compact unwind, or another module, may cover the address),
// and lookups allocate nothing.
var errIndexNotFound error = &Error{What: "FDE index search", Err: ErrNotFound}

// Len returns the number of FDEs indexed (those with a non-empty range).
func (x *Index) Len() int { return x.n }

// FindFDE returns the FDE covering pc (where FDEs overlap, the one the
// package's rule picks: see Section.FindFDE), or an error wrapping
// ErrNotFound.
func (x *Index) FindFDE(pc uint64) (FDE, error) {
	var f FDE
	err := x.findFDE(pc, nil, &f)
	return f, err
}

// findFDE is FindFDE into f, with u's CIE memo (u may be nil).
func (x *Index) findFDE(pc uint64, u *Unwinder, f *FDE) error {
	i, _ := slices.BinarySearchFunc(x.ents, pc, func(e indexEntry, pc uint64) int {
		if e.begin <= pc {
			return -1
		}
		return 1
	})
	if i == 0 || pc >= x.ents[i-1].end {
		*f = FDE{}
		return errIndexNotFound
	}
	return x.s.parseFDEAt(x.ents[i-1].off, u, f)
}

// RowAt is Section.RowAt with the FDE found through the index.
func (x *Index) RowAt(pc uint64, u *Unwinder) (*Row, error) {
	f := u.next()
	if err := x.findFDE(pc, u, f); err != nil {
		return nil, err
	}
	u.cur ^= 1
	return x.s.FDERow(f, pc, u)
}
