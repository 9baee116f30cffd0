package main

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
func checkRecordPlacement(tv *tableView) []finding {
	var out []finding
	type key struct {
		fn  int
		off uint32
		id  uint64
	}
	seen := map[key]recordView{}
	for _, rv := range tv.Records {
		if rv.Func < 0 {
			continue
		}
		fi := tv.Funcs[rv.Func].F
		if fi.Size > 0 && uint64(rv.InstOffset) > fi.Size {
			out = append(out, tv.atRecord(rv, rv.R.Offset()+8, "outside-function",
				"instruction offset %#x is past the end of the function (symbol size %#x)", rv.InstOffset, fi.Size))
		}
		k := key{rv.Func, rv.InstOffset, rv.R.ID()}
		if first, dup := seen[k]; dup {
			out = append(out, tv.atRecord(rv, rv.R.Offset()+8, "duplicate-address",
				"same ID and address %#x as record %d of the same function", rv.Address, first.R.Index()))
			continue
		}
		seen[k] = rv
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
	for i, fv := range tv.Funcs {
		fi := fv.F
		if fi.Symbol == "" && fi.Address == 0 {
			continue
		}
		k := funcKey{tv.SD.Slice, fi.Symbol, fi.Entry}
		if first, dup := seen[k]; dup {
			out = append(out, tv.atFunc(i, fv.F.Offset, "duplicate-function",
				"function at %#x is also described by function %s of table %d (an inline function the linker kept once?)",
				fi.Entry, first.label, first.table))
			continue
		}
		seen[k] = funcSeen{tv.Table.Index(), tv.funcLabel(i)}
	}
	return out
}
