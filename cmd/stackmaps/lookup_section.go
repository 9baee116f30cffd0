package main

import (
	"cmp"
	"fmt"
	"io"
	"slices"

	"github.com/stackmaps/stackmaps/stackmap"
)

// lookup of SECTION:ADDR: the records of one code section of an object
// built with function sections (see address.go).

// sectionRecords holds the records of each code section by address, for
// the SECTION:ADDR queries of one lookup: built once (n log n in the
// records), then each query is a binary search.
type sectionRecords map[int][]sectionRecord

// sectionRecord is one record of a code section.
type sectionRecord struct {
	addr  uint64 // offset in the section
	end   uint64 // end of the function's code (its symbol's size); 0 when unknown
	si    int    // the stack map section (Mach-O slice) it is in
	r     stackmap.Record
	order int // position in the file, which breaks ties
}

// newSectionRecords collects the records of in whose function's code
// section is known.
func newSectionRecords(in *dumpInput) sectionRecords {
	out := make(sectionRecords)
	n := 0
	for si, sec := range in.Parsed {
		if in.Sections[si].NumCodeSections() == 0 {
			continue
		}
		for _, t := range sec.Tables() {
			for _, r := range t.Records() {
				n++
				f, ok := t.Function(r.Function())
				if !ok {
					continue
				}
				c := f.CodeSection()
				if !c.Known() {
					continue
				}
				sr := sectionRecord{addr: f.Entry() + uint64(r.InstructionOffset()), si: si, r: r, order: n}
				if size := f.Size(); size > 0 {
					sr.end = f.Entry() + size
				}
				out[c.Index] = append(out[c.Index], sr)
			}
		}
	}
	for _, rs := range out {
		slices.SortFunc(rs, func(a, b sectionRecord) int {
			return cmp.Or(cmp.Compare(a.addr, b.addr), cmp.Compare(a.order, b.order))
		})
	}
	return out
}

// lookup finds the records at offset pc of code section code: those at pc
// exactly, or else those at the greatest address before pc, provided pc
// is inside their function when its size is known.
func (sr sectionRecords) lookup(in *dumpInput, code int, pc uint64) []lookupHit {
	rs := sr[code]
	i, _ := slices.BinarySearchFunc(rs, pc+1, func(r sectionRecord, t uint64) int { return cmp.Compare(r.addr, t) })
	if i == 0 {
		return nil // no record at or before pc
	}
	at := rs[i-1].addr
	exact := at == pc
	var hits []lookupHit
	for j := i - 1; j >= 0 && rs[j].addr == at; j-- {
		if !exact && rs[j].end != 0 && pc >= rs[j].end {
			continue // past the function's end
		}
		tv := newTableView(in.Sections[rs[j].si], rs[j].r.Table())
		hits = append(hits, lookupHit{tv: tv, rv: recordViewOf(rs[j].r), exact: exact})
	}
	slices.Reverse(hits) // file order
	return hits
}

// lookupCode finds the records at q: lookupAll for a plain address, the
// records of q's code section for SECTION:ADDR (with sr built on first
// use). For a plain address in an object with several code sections
// whose hits lie in more than one, it notes on stderr that the address
// is ambiguous.
func lookupCode(in *dumpInput, ixs []*stackmap.Index, sr *sectionRecords, q codeAddr, bias uint64, stderr io.Writer) ([]lookupHit, error) {
	if !q.sectioned {
		hits := lookupAll(in, ixs, q.pc, bias)
		if n := hitSections(hits); n > 1 {
			fmt.Fprintf(stderr, "stackmaps lookup: %s: %s matches records in %d code sections, all shown "+
				"(every function is at offset 0 of its own section): give SECTION:%s for one\n", in.File, q.text, n, q.text)
		}
		return hits, nil
	}
	c, err := resolveSection(in, q)
	if err != nil {
		return nil, err
	}
	if q.pc < bias {
		return nil, nil
	}
	if *sr == nil {
		*sr = newSectionRecords(in)
	}
	return sr.lookup(in, c.Index, q.pc-bias), nil
}

// hitSections counts the distinct code sections of the hits' functions.
func hitSections(hits []lookupHit) int {
	var seen []int
	for _, h := range hits {
		if h.rv.Func < 0 || h.rv.Func >= len(h.tv.Funcs) {
			continue
		}
		if c := h.tv.Funcs[h.rv.Func].CodeSection(); c.Known() && !slices.Contains(seen, c.Index) {
			seen = append(seen, c.Index)
		}
	}
	return len(seen)
}
