package main

import (
	"cmp"
	"slices"
)

// checkRecordPlacement reports records whose instruction offset lies past
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
func checkRecordPlacement(tv *tableView, s *placementScratch) []finding {
	if !tv.recordsInFunctionOrder() {
		return checkPlacementUnordered(tv)
	}
	// Each function's records follow one another in the table: check
	// them one function at a time.
	var out []finding
	cur := -1
	for _, r := range tv.Table.Records() {
		rv := tv.recordOf(r)
		if rv.Func < 0 {
			continue
		}
		if rv.Func != cur {
			out = s.flush(tv, out)
			cur = rv.Func
		}
		s.recs = append(s.recs, rv)
	}
	return s.flush(tv, out)
}

// placementScratch holds one function's records while they are checked,
// reused from function to function.
type placementScratch struct {
	recs  []recordView
	keys  []placementKey
	dupOf []int // per record of the function: the earlier record with the same address and ID, or -1
}

// placementKey is a record's instruction offset and ID, and its position
// among its function's records.
type placementKey struct {
	off uint32
	id  uint64
	pos int
}

// flush checks the records of one function gathered in s.recs, appends
// the findings in record order and empties s.recs. Sorting the records by
// (offset, ID, position) puts each set of duplicates together, first
// record first.
func (s *placementScratch) flush(tv *tableView, out []finding) []finding {
	if len(s.recs) == 0 {
		return out
	}
	s.keys, s.dupOf = s.keys[:0], s.dupOf[:0]
	for i, rv := range s.recs {
		s.keys = append(s.keys, placementKey{rv.InstOffset, rv.R.ID(), i})
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
	for i, rv := range s.recs {
		out = checkOutsideFunction(tv, rv, out)
		if d := s.dupOf[i]; d >= 0 {
			out = append(out, tv.atRecord(rv, rv.R.Offset()+8, "duplicate-address",
				"same ID and address %#x as record %d of the same function", rv.Address, s.recs[d].R.Index()))
		}
	}
	s.recs = s.recs[:0]
	return out
}

// checkOutsideFunction reports a record whose instruction offset is past
// the end of its function, when the symbol table gives the function's
// size.
func checkOutsideFunction(tv *tableView, rv recordView, out []finding) []finding {
	fi := &tv.Funcs[rv.Func]
	if fi.Size > 0 && uint64(rv.InstOffset) > fi.Size {
		out = append(out, tv.atRecord(rv, rv.R.Offset()+8, "outside-function",
			"instruction offset %#x is past the end of the function (symbol size %#x)", rv.InstOffset, fi.Size))
	}
	return out
}

// checkPlacementUnordered is checkRecordPlacement for a table whose
// records are not grouped by function (no table LLVM writes): it remembers
// every record by function, offset and ID.
func checkPlacementUnordered(tv *tableView) []finding {
	var out []finding
	type key struct {
		fn  int
		off uint32
		id  uint64
	}
	seen := map[key]int{}
	for _, r := range tv.Table.Records() {
		rv := tv.recordOf(r)
		if rv.Func < 0 {
			continue
		}
		out = checkOutsideFunction(tv, rv, out)
		k := key{rv.Func, rv.InstOffset, r.ID()}
		if first, dup := seen[k]; dup {
			out = append(out, tv.atRecord(rv, r.Offset()+8, "duplicate-address",
				"same ID and address %#x as record %d of the same function", rv.Address, first))
			continue
		}
		seen[k] = r.Index()
	}
	return out
}

// checkConstants reports constants table entries no ConstantIndex location
// of the table refers to.
func checkConstants(tv *tableView) []finding {
	t := tv.Table
	if t.NumConstants() == 0 {
		return nil
	}
	used := make([]bool, t.NumConstants())
	for _, r := range t.Records() {
		for _, l := range r.Locations() {
			if i := l.ConstantIndex(); l.Kind == 5 && i < len(used) {
				used[i] = true
			}
		}
	}
	var out []finding
	for i, u := range used {
		if !u {
			c, _ := t.Constant(i)
			out = append(out, tv.at(t.ConstantOffset(i), "unused-constant", "constant #%d (%d) is never referenced", i, c))
		}
	}
	return out
}

// funcKey identifies a function's code across tables: its entry address
// and, in relocatable objects, its symbol (addresses there are
// section-relative).
type funcKey struct {
	slice  string
	symbol string
	entry  uint64
}

// funcSeen remembers the first function record seen for a key.
type funcSeen struct {
	table int
	label string
}

// checkDuplicateFunctions reports function records that describe the same
// code as an earlier one: the linker kept one copy of an inline (COMDAT)
// function but every object's stack map still describes its own copy, so a
// runtime sees two sets of records for one piece of code. Functions whose
// address is unrelocated (0, no symbol) are skipped.
func checkDuplicateFunctions(tv *tableView, seen map[funcKey]funcSeen) []finding {
	var out []finding
	for i := range tv.Funcs {
		fi := &tv.Funcs[i]
		if fi.Symbol == "" && fi.Address == 0 {
			continue
		}
		k := funcKey{tv.SD.Slice, fi.Symbol, fi.Entry}
		if first, dup := seen[k]; dup {
			out = append(out, tv.atFunc(i, fi.Offset, "duplicate-function",
				"function at %#x is also described by function %s of table %d (an inline function the linker kept once?)",
				fi.Entry, first.label, first.table))
			continue
		}
		seen[k] = funcSeen{tv.Table.Index(), tv.funcLabel(i)}
	}
	return out
}
