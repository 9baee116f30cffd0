package regs

import "strconv"

// This file holds the helpers the per-architecture tables are built with.

// regN builds "prefix" + decimal i, when a table is built.
func regN(prefix string, i int) string { return prefix + strconv.Itoa(i) }

// sized returns views with the given name for each listed size.
func sized(v [numViews]string, name string, sizes ...int) [numViews]string {
	for _, s := range sizes {
		if i := viewIndex(s); i >= 0 {
			v[i] = name
		}
	}
	return v
}

// plain is a register whose name does not depend on the value size.
func plain(num int, name string, c Class) Register {
	return Register{Num: uint16(num), Name: name, Class: c}
}

// withViews is a register with size-specific names.
func withViews(num int, name string, c Class, v [numViews]string) Register {
	return Register{Num: uint16(num), Name: name, Class: c, views: v}
}

// sortTable sorts a table by number (insertion sort: tables are small and
// built once) and returns it.
func sortTable(t table) table {
	for i := 1; i < len(t); i++ {
		for j := i; j > 0 && t[j].Num < t[j-1].Num; j-- {
			t[j], t[j-1] = t[j-1], t[j]
		}
	}
	return t
}

// alias is an extra name of a register (an assembler spelling or ABI name
// that is neither canonical nor size-specific).
type alias struct {
	name string
	num  uint16
}

// nameMap indexes every canonical, size-specific and extra name of a table.
// The first register to claim a name keeps it, so lower numbers win (rN on
// PowerPC maps to N, not 1200+N).
func nameMap(t table, extra []alias) map[string]uint16 {
	m := make(map[string]uint16, 4*len(t))
	add := func(name string, n uint16) {
		if _, dup := m[name]; name != "" && !dup {
			m[name] = n
		}
	}
	for _, r := range t {
		add(r.Name, r.Num)
	}
	for _, r := range t {
		for _, v := range r.views {
			add(v, r.Num)
		}
	}
	for _, e := range extra {
		add(e.name, e.num)
	}
	return m
}
