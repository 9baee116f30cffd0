package regs

import "sync"

// lazyArch holds one architecture's register table, its dense number
// index and its name index, built on first use: importing the package
// costs nothing at initialization, and a program that names x86_64
// registers never builds the others.
// Package-level lazyArch values are statically initialized (function
// pointers and zero sync.Once values), so init allocates nothing.
type lazyArch struct {
	tableOnce sync.Once
	namesOnce sync.Once
	build     func() table   // builds the table, sorted by number
	extra     func() []alias // extra names for Lookup; nil for none
	t         table
	dense     []int16 // by DWARF number: position in t, or -1
	names     map[string]uint16
}

// table returns the architecture's table, building it the first time.
func (l *lazyArch) table() table {
	l.tableOnce.Do(l.buildTable)
	return l.t
}

// nameIndex returns the architecture's name index, building it (and the
// table) the first time.
func (l *lazyArch) nameIndex() map[string]uint16 {
	l.namesOnce.Do(l.buildNames)
	return l.names
}

// buildTable builds the table and its dense index: the numbers of every
// architecture are small (at most 1231, PowerPC's 1200+N), so a number
// finds its register with one bounds check and one load, which matters to
// tools that name millions of locations.
func (l *lazyArch) buildTable() {
	l.t = l.build()
	if len(l.t) == 0 {
		return
	}
	l.dense = make([]int16, int(l.t[len(l.t)-1].Num)+1)
	for i := range l.dense {
		l.dense[i] = -1
	}
	for i := range l.t {
		l.dense[l.t[i].Num] = int16(i)
	}
}

// find returns the register numbered n, or nil when the table does not
// know it. It does not allocate.
func (l *lazyArch) find(n uint16) *Register {
	l.tableOnce.Do(l.buildTable)
	if int(n) < len(l.dense) {
		if i := l.dense[n]; i >= 0 {
			return &l.t[i]
		}
	}
	return nil
}

func (l *lazyArch) buildNames() {
	var extra []alias
	if l.extra != nil {
		extra = l.extra()
	}
	l.names = nameMap(l.table(), extra)
}

var (
	x86Lazy   = lazyArch{build: buildX86, extra: x86Extra}
	arm64Lazy = lazyArch{build: buildARM64, extra: arm64Extra}
	ppc64Lazy = lazyArch{build: buildPPC64}
	ppc32Lazy = lazyArch{build: buildPPC32}
	riscvLazy = lazyArch{build: buildRISCV, extra: riscvExtra}
	s390xLazy = lazyArch{build: buildS390X}
)

// lazyOf returns the lazily built data of an architecture (nil if unknown).
func lazyOf(a Arch) *lazyArch {
	switch a {
	case X86_64:
		return &x86Lazy
	case AArch64:
		return &arm64Lazy
	case PPC64, PPC64LE:
		return &ppc64Lazy
	case PPC32:
		return &ppc32Lazy
	case RISCV64:
		return &riscvLazy
	case S390X:
		return &s390xLazy
	}
	return nil
}

// tableOf returns the register table of an architecture (nil if unknown).
func tableOf(a Arch) table {
	if l := lazyOf(a); l != nil {
		return l.table()
	}
	return nil
}

// findReg returns the register numbered n on architecture a, or nil when
// a's table does not know it (or a is unknown). It does not allocate.
func findReg(a Arch, n uint16) *Register {
	if l := lazyOf(a); l != nil {
		return l.find(n)
	}
	return nil
}

// namesOf returns the name index of an architecture (nil if unknown).
func namesOf(a Arch) map[string]uint16 {
	if l := lazyOf(a); l != nil {
		return l.nameIndex()
	}
	return nil
}
