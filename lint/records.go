package lint

import (
	"cmp"
	"slices"

	"github.com/stackmaps/stackmaps/stackmap"
)

// placementSweep reports records whose instruction offset lies past
// the end of their function (when the symbol table gives its size) and
// records of one function that share both address and ID.
//
// Records with different IDs at one address are normal: a stackmap call
// with no shadow bytes emits no code, so consecutive stackmap calls (or a
// stackmap just after a statepoint's call) share an address. Two records
// with the same ID at the same address describe one point twice, and a
// runtime looking records up by address and ID cannot tell them apart.
//
// A record may sit exactly at the function's end: a statepoint's record is
// at the return address of its call, and a call to a function that does
// not return can be the last instruction.
//
// The records of each function follow one another in every table LLVM
// writes, so the sweep checks them one function at a time; a table whose
// records are not grouped that way is checked with a map instead.
type placementSweep struct {
	tv      *tableView
	ordered bool // the records seen so far are grouped by function
	cur     int  // the function whose records are gathered in recs
	recs    []stackmap.Record
	keys    []placementKey
	dupOf   []int // per record of recs: the earlier record with the same address and ID, or -1
	out     []Finding
}

// start begins the sweep of a table.
func (s *placementSweep) start(tv *tableView) {
	s.tv, s.ordered, s.cur = tv, true, -1
	s.recs, s.out = s.recs[:0], nil
}

// add takes the table's next record.
func (s *placementSweep) add(r stackmap.Record) {
	if !s.ordered {
		return
	}
	fn := r.Function()
	switch {
	case fn < 0:
		return
	case fn < s.cur:
		s.ordered = false
		return
	case fn != s.cur:
		s.flush()
		s.cur = fn
	}
	s.recs = append(s.recs, r)
}

// finish appends the table's findings to out.
func (s *placementSweep) finish(out []Finding, on *ruleSet) []Finding {
	var fs []Finding
	if !s.ordered {
		fs = checkPlacementUnordered(s.tv)
	} else {
		s.flush()
		fs = s.out
	}
	// Each rule's findings in section order, outside-function first.
	for _, rule := range [...]string{RuleOutsideFunction, RuleDuplicateAddress} {
		if !on.on(rule) {
			continue
		}
		for _, f := range fs {
			if f.Rule == rule {
				out = append(out, f)
			}
		}
	}
	return out
}

// placementKey is a record's instruction offset and ID, and its position
// among its function's records.
type placementKey struct {
	off uint32
	id  uint64
	pos int
}

// flush checks the records of one function gathered in s.recs, appends
// the findings to s.out in record order and empties s.recs. Sorting the
// records by (offset, ID, position) puts each set of duplicates together,
// first record first.
func (s *placementSweep) flush() {
	if len(s.recs) == 0 {
		return
	}
	tv, out := s.tv, s.out
	s.keys, s.dupOf = s.keys[:0], s.dupOf[:0]
	for i, r := range s.recs {
		s.keys = append(s.keys, placementKey{r.InstructionOffset(), r.ID(), i})
		s.dupOf = append(s.dupOf, -1)
	}
	slices.SortFunc(s.keys, func(a, b placementKey) int {
		if c := cmp.Compare(a.off, b.off); c != 0 {
			return c
		}
		if c := cmp.Compare(a.id, b.id); c != 0 {
			return c
		}
		return cmp.Compare(a.pos, b.pos)
	})
	first := 0
	for i := 1; i < len(s.keys); i++ {
		if k, p := s.keys[i], s.keys[i-1]; k.off == p.off && k.id == p.id {
			s.dupOf[k.pos] = s.keys[first].pos
		} else {
			first = i
		}
	}
	for i, r := range s.recs {
		out = checkOutsideFunction(tv, r, out)
		if d := s.dupOf[i]; d >= 0 {
			addr, _ := r.Address()
			out = append(out, tv.atRecord(r, r.InstructionOffsetOffset(), "duplicate-address",
				"same ID and address %#x as record %d of the same function", addr, s.recs[d].Index()))
		}
	}
	s.recs, s.out = s.recs[:0], out
}

// checkOutsideFunction reports a record whose instruction offset is past
// the end of its function, when the symbol table gives the function's
// size.
func checkOutsideFunction(tv *tableView, r stackmap.Record, out []Finding) []Finding {
	fi := &tv.Funcs[r.Function()]
	if off := r.InstructionOffset(); fi.Size() > 0 && uint64(off) > fi.Size() {
		out = append(out, tv.atRecord(r, r.InstructionOffsetOffset(), "outside-function",
			"instruction offset %#x is past the end of the function (symbol size %#x)", off, fi.Size()))
	}
	return out
}

// checkPlacementUnordered is the placement check for a table whose
// records are not grouped by function (no table LLVM writes): it remembers
// every record by function, offset and ID.
func checkPlacementUnordered(tv *tableView) []Finding {
	var out []Finding
	type key struct {
		fn  int
		off uint32
		id  uint64
	}
	seen := map[key]int{}
	for _, r := range tv.Table.Records() {
		addr, ok := r.Address()
		if !ok {
			continue
		}
		out = checkOutsideFunction(tv, r, out)
		k := key{r.Function(), r.InstructionOffset(), r.ID()}
		if first, dup := seen[k]; dup {
			out = append(out, tv.atRecord(r, r.InstructionOffsetOffset(), "duplicate-address",
				"same ID and address %#x as record %d of the same function", addr, first))
			continue
		}
		seen[k] = r.Index()
	}
	return out
}

// constantUse finds constants table entries no ConstantIndex location of
// the table refers to.
type constantUse struct {
	used []bool
}

// start begins a table.
func (c *constantUse) start(t *stackmap.Table) {
	c.used = c.used[:0]
	for range t.NumConstants() {
		c.used = append(c.used, false)
	}
}

// mark notes the constants a record refers to.
func (c *constantUse) mark(r stackmap.Record) {
	if len(c.used) == 0 {
		return
	}
	for _, l := range r.Locations() {
		if i := l.ConstantIndex(); l.Kind == stackmap.ConstantIndex && i < len(c.used) {
			c.used[i] = true
		}
	}
}

// report appends a finding for each constant no record referred to.
func (c *constantUse) report(tv *tableView, out []Finding) []Finding {
	t := tv.Table
	for i, u := range c.used {
		if !u {
			v, _ := t.Constant(i)
			out = append(out, tv.at(t.ConstantOffset(i), "unused-constant", "constant #%d (%d) is never referenced", i, v))
		}
	}
	return out
}
