package main

import (
	"io"
	"iter"

	"github.com/stackmaps/stackmaps/stackmap"
)

// Finding the records at an address, for lookup and frame: the indexes
// of each stack map section (and, for SECTION:ADDR, of one code section of
// an object built with function sections: see address.go), and what they
// found. cmd_lookup.go prints it.

// lookupCode finds the records at q in every stack map section of in: a
// plain address as stackmap.CodeIndex.At answers it (in every code section
// that holds it, when the address alone is ambiguous), SECTION:ADDR in that
// code section's index. For a plain address whose hits lie in more than
// one code section, it notes on stderr that the address is ambiguous.
func lookupCode(in *dumpInput, cix []*stackmap.CodeIndex, views tableViews, q codeAddr, bias uint64, stderr io.Writer) (*lookupResult, error) {
	var ms []sectionMatch
	if !q.sectioned {
		for si, x := range cix {
			for _, m := range x.At(q.pc, bias) {
				ms = append(ms, sectionMatch{si: si, m: m})
			}
		}
		hits := lookupAll(in, views, ms)
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
	for si, x := range cix {
		if m, ok := x.In(c).At(q.pc, bias); ok && m.Len() > 0 {
			ms = append(ms, sectionMatch{si: si, m: m})
		}
	}
	return lookupAll(in, views, ms), nil
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
	in     *dumpInput
	cix    []*stackmap.CodeIndex
	views  tableViews
	bias   uint64
	filter *dumpFilter
	stderr io.Writer
	images []symbolImage // whose symbols name the addresses (symbolImages)
}

// newAddrFinder indexes every stack map section of in.
func newAddrFinder(in *dumpInput, bias uint64, filter *dumpFilter, stderr io.Writer) *addrFinder {
	f := &addrFinder{in: in, cix: make([]*stackmap.CodeIndex, len(in.Parsed)),
		views: tableViews{}, bias: bias, filter: filter, stderr: stderr, images: in.symbolImages()}
	for i, sec := range in.Parsed {
		f.cix[i] = stackmap.NewCodeIndex(sec)
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
	found, err := lookupCode(f.in, f.cix, f.views, q, f.bias, f.stderr)
	if err != nil {
		return nil, q, err
	}
	found.filter = f.filter
	return found, q, nil
}

// lookupHit is one record found at a looked-up address.
type lookupHit struct {
	tv    *tableView
	rv    recordView
	exact bool
}

// sectionMatch is the match of one section's index (one universal slice).
type sectionMatch struct {
	si int
	m  stackmap.Match
}

// lookupResult is what a lookup of one address found: the matches of the
// sections that have records there, read one record at a time as they
// are printed, so that memory does not grow with their number.
type lookupResult struct {
	in      *dumpInput
	views   tableViews
	matches []sectionMatch
	n       int         // records in all
	filter  *dumpFilter // --function, --id: the records shown
}

// Len returns the number of records found (that the filters keep).
func (lr *lookupResult) Len() int {
	if !lr.filter.active() {
		return lr.n
	}
	n := 0
	for range lr.Hits() {
		n++
	}
	return n
}

// Hits iterates over the records found, with each table's model.
func (lr *lookupResult) Hits() iter.Seq[lookupHit] {
	return func(yield func(lookupHit) bool) {
		for _, sm := range lr.matches {
			for _, r := range sm.m.Records() {
				h := lookupHit{tv: lr.views.of(lr.in.Sections[sm.si], r.Table()), rv: recordViewOf(r), exact: sm.m.Exact()}
				if lr.filter.active() && !lr.filter.keepRecord(h.tv, h.rv) {
					continue
				}
				if !yield(h) {
					return
				}
			}
		}
	}
}

// First returns the first record found; ok is false when there is none.
func (lr *lookupResult) First() (lookupHit, bool) {
	for h := range lr.Hits() {
		return h, true
	}
	return lookupHit{}, false
}

// lookupAll gathers the matches of every stack map section (one per
// universal slice) for printing: the exact ones of every section that has
// some, or else the preceding ones, as each index's policy (Index.At)
// answers within it. Each table's model is built once, in views, however
// many records and addresses match in it: the cost stays linear in the
// output.
func lookupAll(in *dumpInput, views tableViews, ms []sectionMatch) *lookupResult {
	exact := false
	for _, sm := range ms {
		exact = exact || sm.m.Exact() && sm.m.Len() > 0
	}
	lr := &lookupResult{in: in, views: views}
	for _, sm := range ms {
		if sm.m.Exact() == exact {
			lr.matches = append(lr.matches, sm)
			lr.n += sm.m.Len()
		}
	}
	return lr
}

// tableViews holds the model of each table a lookup met, built once.
type tableViews map[*stackmap.Table]*tableView

// of returns the model of table t of section sd.
func (vs tableViews) of(sd *stackmap.SectionData, t *stackmap.Table) *tableView {
	if tv, ok := vs[t]; ok {
		return tv
	}
	tv := &tableView{SD: sd, Table: t}
	for _, f := range t.Functions() {
		tv.Funcs = append(tv.Funcs, f)
	}
	vs[t] = tv
	return tv
}
