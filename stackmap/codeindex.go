package stackmap

import "iter"

// CodeIndex answers addresses in one stack map section of a file however
// they are asked: with a code section (IndexOptions.CodeSection), or
// plain, where in a relocatable object whose functions lie in several
// code sections (each at address 0: Index.Sectioned) a plain address is
// an offset in each of them. It holds the plain index and builds a code
// section's on first use; it is not safe for concurrent use.
type CodeIndex struct {
	sd    *SectionData
	sec   *Section
	plain *Index
	per   map[int]*Index
}

// NewCodeIndex indexes sec; the code sections are those of the
// SectionData it was parsed from (none for bare bytes).
func NewCodeIndex(sec *Section) *CodeIndex {
	x := &CodeIndex{sec: sec, plain: NewIndex(sec)}
	if sec != nil && len(sec.tables) > 0 {
		x.sd = sec.tables[0].sd
	}
	return x
}

// Plain returns the index of plain addresses: NewIndex's, Sectioned when
// they are ambiguous.
func (x *CodeIndex) Plain() *Index { return x.plain }

// In returns the index of code section c's records. A section whose
// functions name no code section (a linked file, bare bytes) has none:
// the index returned then answers nothing.
func (x *CodeIndex) In(c CodeSection) *Index {
	if ix, ok := x.per[c.Index]; ok {
		return ix
	}
	var ix *Index
	if x.sd != nil && x.sd.NumCodeSections() > 0 {
		ix = NewIndexOptions(x.sec, IndexOptions{CodeSection: c})
	} else {
		ix = NewIndex(nil)
	}
	if x.per == nil {
		x.per = map[int]*Index{}
	}
	x.per[c.Index] = ix
	return ix
}

// At answers a plain address by Index.At's policy in every code section
// that holds it: the plain index's match (with the zero CodeSection) when
// plain addresses are not ambiguous; otherwise each code section's match,
// only the exact ones if any section has one (a statepoint's return
// address in one section beats a patchpoint's preceding record in
// another). Each answer names its section, so that no record is taken for
// another section's.
func (x *CodeIndex) At(pc, bias uint64) iter.Seq2[CodeSection, Match] {
	return func(yield func(CodeSection, Match) bool) {
		if !x.plain.Sectioned() || x.sd == nil {
			if m, ok := x.plain.At(pc, bias); ok && m.Len() > 0 {
				yield(CodeSection{}, m)
			}
			return
		}
		exact := false
		for _, c := range x.sd.CodeSections() {
			if m, ok := x.In(c).At(pc, bias); ok && m.Len() > 0 && m.Exact() {
				exact = true
				break
			}
		}
		for _, c := range x.sd.CodeSections() {
			m, ok := x.In(c).At(pc, bias)
			if !ok || m.Len() == 0 || exact && !m.Exact() {
				continue
			}
			if !yield(c, m) {
				return
			}
		}
	}
}
