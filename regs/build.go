package regs

import "strconv"

// This file holds the helpers the per-architecture tables are built with.

// regN builds "prefix" + decimal i, at package initialisation only.
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

// nameMap indexes every canonical, size-specific and extra name of a table.
// The first register to claim a name keeps it, so lower numbers win (rN on
// PowerPC maps to N, not 1200+N).
func nameMap(t table, extra map[string]uint16) map[string]uint16 {
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
	for name, n := range extra {
		add(name, n)
	}
	return m
}

var (
	x86Names   = nameMap(x86Table, x86Extra)
	arm64Names = nameMap(arm64Table, arm64Extra)
	ppc64Names = nameMap(ppc64Table, nil)
	ppc32Names = nameMap(ppc32Table, nil)
	riscvNames = nameMap(riscvTable, riscvExtra)
	s390xNames = nameMap(s390xTable, nil)
)

// namesOf returns the name index of an architecture (nil if unknown).
func namesOf(a Arch) map[string]uint16 {
	switch a {
	case X86_64:
		return x86Names
	case AArch64:
		return arm64Names
	case PPC64, PPC64LE:
		return ppc64Names
	case PPC32:
		return ppc32Names
	case RISCV64:
		return riscvNames
	case S390X:
		return s390xNames
	}
	return nil
}
