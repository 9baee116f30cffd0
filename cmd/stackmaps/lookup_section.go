package main

import (
	"io"

	"github.com/stackmaps/stackmaps/stackmap"
)

// lookup of SECTION:ADDR: the records of one code section of an object
// built with function sections (see address.go).

// sectionIndexes holds, for the SECTION:ADDR queries of one lookup, an
// index per code section (stackmap.IndexOptions.CodeSection) of each stack
// map section, built on first use: a query then asks the library's one
// policy (Index.At) of that section's records.
type sectionIndexes map[int][]*stackmap.Index

// of returns the indexes of code section c.
func (si sectionIndexes) of(in *dumpInput, c stackmap.CodeSection) []*stackmap.Index {
	if ixs, ok := si[c.Index]; ok {
		return ixs
	}
	var ixs []*stackmap.Index
	for i, sec := range in.Parsed {
		if in.Sections[i].NumCodeSections() > 0 {
			ixs = append(ixs, stackmap.NewIndexOptions(sec, stackmap.IndexOptions{CodeSection: c}))
		} else {
			ixs = append(ixs, stackmap.NewIndex(nil)) // answers nothing: keeps ixs[i] the index of in.Sections[i]
		}
	}
	si[c.Index] = ixs
	return ixs
}

// sectionIndex is an index of stack map section si (a position in
// in.Sections).
type sectionIndex struct {
	si int
	ix *stackmap.Index
}

// plain returns the indexes a plain address is looked up in: each stack
// map section's, or for a section whose index refuses plain addresses
// (Index.Sectioned: an object with several code sections, each at 0) one
// index per code section, so that the records of every section holding
// the address are found and shown with their sections.
func (si sectionIndexes) plain(in *dumpInput, ixs []*stackmap.Index) []sectionIndex {
	var out []sectionIndex
	for i, ix := range ixs {
		if !ix.Sectioned() {
			out = append(out, sectionIndex{i, ix})
			continue
		}
		for _, c := range in.Sections[i].CodeSections() {
			out = append(out, sectionIndex{i, si.of(in, c)[i]})
		}
	}
	return out
}

// lookupCode finds the records at q: lookupAll for a plain address, or
// over the indexes of q's code section for SECTION:ADDR. For a plain address in an object with several code sections
// whose hits lie in more than one, it notes on stderr that the address
// is ambiguous.
func lookupCode(in *dumpInput, ixs []*stackmap.Index, bySection sectionIndexes, views tableViews, q codeAddr, bias uint64, stderr io.Writer) (*lookupResult, error) {
	if !q.sectioned {
		hits := lookupAll(in, bySection.plain(in, ixs), views, q.pc, bias)
		if n := hitSections(hits); n > 1 {
			say(stderr, "stackmaps lookup: %s: %s matches records in %d code sections, all shown "+
				"(every function is at offset 0 of its own section): give SECTION:%s for one\n", in.File, q.text, n, q.text)
		}
		return hits, nil
	}
	c, err := resolveSection(in, q)
	if err != nil {
		return nil, err
	}
	var per []sectionIndex
	for si, ix := range bySection.of(in, c) {
		per = append(per, sectionIndex{si, ix})
	}
	return lookupAll(in, per, views, q.pc, bias), nil
}

// hitSections counts the distinct code sections of the hits' functions.
func hitSections(hits *lookupResult) int {
	seen := map[int]bool{}
	for h := range hits.Hits() {
		if h.rv.Func < 0 || h.rv.Func >= len(h.tv.Funcs) {
			continue
		}
		if c := h.tv.Funcs[h.rv.Func].CodeSection(); c.Known() {
			seen[c.Index] = true
		}
	}
	return len(seen)
}

// addrFinder answers the address queries of one input (lookup's and
// frame's): an index per stack map section, built once, and the per-section
// indexes and table models the queries need, each built on first use.
type addrFinder struct {
	in        *dumpInput
	ixs       []*stackmap.Index
	bySection sectionIndexes
	views     tableViews
	bias      uint64
	filter    *dumpFilter
	stderr    io.Writer
}

// newAddrFinder indexes every stack map section of in.
func newAddrFinder(in *dumpInput, bias uint64, filter *dumpFilter, stderr io.Writer) *addrFinder {
	f := &addrFinder{in: in, ixs: make([]*stackmap.Index, len(in.Parsed)), bySection: sectionIndexes{},
		views: tableViews{}, bias: bias, filter: filter, stderr: stderr}
	for i, sec := range in.Parsed {
		f.ixs[i] = stackmap.NewIndex(sec)
	}
	return f
}

// find returns the records at q (a SYMBOL+OFF query resolved first) that
// the filters keep, and q as resolved.
func (f *addrFinder) find(q codeAddr) (*lookupResult, codeAddr, error) {
	q, err := resolveSymbol(f.in, q, f.bias)
	if err != nil {
		return nil, q, err
	}
	found, err := lookupCode(f.in, f.ixs, f.bySection, f.views, q, f.bias, f.stderr)
	if err != nil {
		return nil, q, err
	}
	found.filter = f.filter
	return found, q, nil
}
