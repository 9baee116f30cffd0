package lint

// funcKey identifies a function's code: its entry address and, in
// relocatable objects, its symbol (addresses there are section-relative).
type funcKey struct {
	symbol string
	entry  uint64
}

// checkDuplicateFunctions reports function records of one table that
// describe the same code as an earlier record of the same table. Across
// the tables of a linked binary the same function is normal: the linker
// keeps one copy of an inline (COMDAT) function and every object's table
// still describes its own copy, all at the kept address. Functions whose
// address is unrelocated (0, no symbol) are skipped.
func checkDuplicateFunctions(tv *tableView, out []Finding) []Finding {
	if len(tv.Funcs) < 2 {
		return out
	}
	seen := make(map[funcKey]int, len(tv.Funcs))
	for i := range tv.Funcs {
		fi := &tv.Funcs[i]
		if fi.Symbol() == "" && fi.Address() == 0 {
			continue
		}
		k := funcKey{fi.Symbol(), fi.Entry()}
		if first, dup := seen[k]; dup {
			out = append(out, tv.atFunc(i, fi.Offset(), RuleDuplicateFunction,
				"function at %#x is already described by function #%d of the same table", fi.Entry(), first))
			continue
		}
		seen[k] = i
	}
	return out
}
