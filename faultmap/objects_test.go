package faultmap_test

import (
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/faultmap"
)

// Every checked-in file decodes to what llvm-objdump-22 prints for it.
func TestAgreesWithObjdumpViews(t *testing.T) {
	for _, name := range checkedIn(t) {
		t.Run(name, func(t *testing.T) {
			s := open(t, name)
			version, fns := readView(t, name)
			assert.Equal(t, "0x1", version)
			tb := s.Table(0)
			assert.EqualValues(t, faultmap.Version, tb.Version())
			require.Equal(t, len(fns), tb.NumFunctions())
			for i, want := range fns {
				fn := tb.Function(i)
				assert.Equal(t, want.address, fn.StoredAddress(), "function %d", i)
				require.Equal(t, len(want.faults), fn.NumFaults(), "function %d", i)
				for k, wf := range want.faults {
					ft := fn.Fault(k)
					assert.Equal(t, wf[0], ft.Kind.String())
					assert.Equal(t, wf[1], strconv.FormatUint(uint64(ft.FaultingPCOffset), 10))
					assert.Equal(t, wf[2], strconv.FormatUint(uint64(ft.HandlerPCOffset), 10))
				}
			}
		})
	}
}

// In an object the relocations name each function and give its offset in
// .text (llvm-objdump -d: load_or at 0, load_plus at 0x10, store at 0x30,
// two_checks at 0x40); the faults are llc's: two_checks faults at its
// first load (offset 0, "movl (%rdi), %eax") and at its second (offset 2,
// "addl (%rsi), %eax"), resuming at the code of each null branch.
func TestObjectRelocated(t *testing.T) {
	s := open(t, "llvm22-x86_64-elf.o")
	require.Equal(t, 1, s.NumTables())
	require.Equal(t, 4, s.NumFunctions())
	type fault struct {
		kind       faultmap.Kind
		pc, resume uint32
	}
	want := []struct {
		name   string
		addr   uint64
		faults []fault
	}{
		{"load_or", 0x0, []fault{{faultmap.FaultingLoad, 0, 3}}},
		{"load_plus", 0x10, []fault{{faultmap.FaultingLoad, 0, 9}}},
		{"store", 0x30, []fault{{faultmap.FaultingStore, 0, 3}}},
		{"two_checks", 0x40, []fault{{faultmap.FaultingLoad, 0, 5}, {faultmap.FaultingLoad, 2, 11}}},
	}
	for i, w := range want {
		fn := s.Function(i)
		assert.Equal(t, w.name, fn.Name())
		assert.Equal(t, w.addr, fn.Address())
		assert.Zero(t, fn.StoredAddress(), "RELA: the field holds 0 before relocation")
		cs := fn.CodeSection()
		assert.Equal(t, ".text", cs.Name)
		assert.Positive(t, cs.Index)
		assert.Equal(t, w.name, fn.Symbol())
		assert.Zero(t, fn.Addend())
		require.Equal(t, len(w.faults), fn.NumFaults())
		for k, wf := range w.faults {
			ft := fn.Fault(k)
			assert.Equal(t, wf, fault{ft.Kind, ft.FaultingPCOffset, ft.HandlerPCOffset}, "%s fault %d", w.name, k)
		}
	}
	assert.Equal(t, 8+4*16+5*12, s.Table(0).Size())
}

// Mach-O objects: names without the leading underscore, relocated.
func TestMachOObject(t *testing.T) {
	s := open(t, "llvm22-arm64-macho.o")
	var names []string
	for i := range s.NumFunctions() {
		names = append(names, s.Function(i).Name())
	}
	assert.ElementsMatch(t, []string{"load_or", "load_plus", "store"}, names)
	for i := range s.NumFunctions() {
		fn := s.Function(i)
		assert.Equal(t, "_"+fn.Name(), fn.Symbol(), "Symbol as the file spells it")
	}
}

// A linked PIE: two tables (nullcheck.ll's, then more.ll's), the addresses
// stored in place (llvm-objdump prints them) and filled again at load time
// by R_X86_64_RELATIVE; the symbol table names them.
func TestLinkedTwoTables(t *testing.T) {
	s := open(t, "linked-x86_64")
	require.Equal(t, 2, s.NumTables())
	assert.Equal(t, 4, s.Table(0).NumFunctions())
	assert.Equal(t, 2, s.Table(1).NumFunctions())
	assert.Equal(t, s.Table(0).Size(), s.Table(1).Offset(), "tables are packed (alignment 1)")
	for i := range s.NumFunctions() {
		assert.Equal(t, i/4, s.Function(i).Table(), "function %d", i)
	}
	assert.Equal(t, 5, s.Table(1).Function(1).Index())
	names := map[string]uint64{}
	for i := range s.NumFunctions() {
		fn := s.Function(i)
		assert.Equal(t, fn.StoredAddress(), fn.Address())
		names[fn.Name()] = fn.Address()
	}
	assert.Equal(t, map[string]uint64{"load_or": 0x1700, "load_plus": 0x1710, "store": 0x1730, "two_checks": 0x1740, "increment": 0x1760, "field": 0x1770}, names)
	fn := s.Table(1).Function(1)
	if fn.Name() != "increment" {
		fn = s.Table(1).Function(0)
	}
	require.Equal(t, 1, fn.NumFaults())
	assert.Equal(t, faultmap.FaultingLoadStore, fn.Fault(0).Kind, "x86 folds load, add, store into one instruction")
}

func TestIndexLookup(t *testing.T) {
	x := faultmap.NewIndex(open(t, "linked-x86_64"))
	require.Equal(t, 7, x.Len())
	e, ok := x.Lookup(0x1742, 0) // two_checks' second load
	require.True(t, ok)
	assert.Equal(t, faultmap.Entry{FaultingPC: 0x1742, HandlerPC: 0x174b, Kind: faultmap.FaultingLoad, Function: 3}, e)
	_, ok = x.Lookup(0x1741, 0)
	assert.False(t, ok)
	_, ok = x.Lookup(0, 0)
	assert.False(t, ok)
	_, ok = x.Lookup(^uint64(0), 0)
	assert.False(t, ok)
	// A runtime address, with the load bias: the entry stays link-time.
	const bias = 0x7f0000000000
	eb, ok := x.Lookup(0x1742+bias, bias)
	require.True(t, ok)
	assert.Equal(t, e, eb)
	_, ok = x.Lookup(0x1742, bias)
	assert.False(t, ok)
	for i := 1; i < x.Len(); i++ {
		assert.Less(t, x.Entry(i-1).FaultingPC, x.Entry(i).FaultingPC)
	}
	allocs := testing.AllocsPerRun(100, func() { x.Lookup(0x1742, 0); x.Lookup(0x1741, 0) })
	assert.Zero(t, allocs)
}

// Big-endian AArch64: llc writes the section in the target's byte order
// (llvm-objdump-22 reads it little-endian and prints 50331648 functions);
// decoded in the file's order it holds what the little-endian object
// holds.
func TestBigEndianObject(t *testing.T) {
	be, le := open(t, "llvm22-aarch64_be-elf.o"), open(t, "llvm22-aarch64-elf.o")
	require.Equal(t, le.NumFunctions(), be.NumFunctions())
	for i := range le.NumFunctions() {
		a, b := le.Function(i), be.Function(i)
		assert.Equal(t, a.Name(), b.Name())
		assert.Equal(t, a.Address(), b.Address())
		require.Equal(t, a.NumFaults(), b.NumFaults())
		for k := range a.NumFaults() {
			fa, fb := a.Fault(k), b.Fault(k)
			assert.Equal(t, fa.Kind, fb.Kind)
			assert.Equal(t, fa.FaultingPCOffset, fb.FaultingPCOffset)
			assert.Equal(t, fa.HandlerPCOffset, fb.HandlerPCOffset)
		}
	}
	assert.Equal(t, "load_or", be.Function(0).Name())
	assert.Equal(t, uint32(8), be.Function(0).Fault(0).FaultingPCOffset)
}

// With function sections every function is at offset 0 of a section of
// its own: the code section tells them apart.
func TestFunctionSections(t *testing.T) {
	s := open(t, "llvm22-x86_64-elf-fsections.o")
	seen := map[int]bool{}
	for i := range s.NumFunctions() {
		fn := s.Function(i)
		assert.Zero(t, fn.Address())
		cs := fn.CodeSection()
		assert.Equal(t, ".text."+fn.Name(), cs.Name)
		assert.False(t, seen[cs.Index], "section %d twice", cs.Index)
		seen[cs.Index] = true
	}
	assert.Len(t, seen, 4)
}

// TestIndexFunctionSections: right or refused. Every function of the
// function-sections object is at 0 of its own section, so the plain index
// is Sectioned and answers nothing (it would have answered every fault at
// the same offset with the first function's); an index per code section
// finds each fault with its own function.
func TestIndexFunctionSections(t *testing.T) {
	s := open(t, "llvm22-x86_64-elf-fsections.o")
	plain := faultmap.NewIndex(s)
	assert.True(t, plain.Sectioned())
	assert.Zero(t, plain.Len())
	found := 0
	for i := range s.NumFunctions() {
		fn := s.Function(i)
		x := faultmap.NewIndexOptions(s, faultmap.IndexOptions{CodeSection: fn.CodeSection()})
		assert.False(t, x.Sectioned())
		assert.Equal(t, fn.NumFaults(), x.Len(), fn.Name())
		for k := range fn.NumFaults() {
			ft := fn.Fault(k)
			pc := fn.Address() + uint64(ft.FaultingPCOffset)
			_, ok := plain.Lookup(pc, 0)
			assert.False(t, ok, "the plain index answers %#x", pc)
			e, ok := x.Lookup(pc, 0)
			require.True(t, ok, "%s: fault %d at %#x", fn.Name(), k, pc)
			assert.Equal(t, i, e.Function)
			assert.Equal(t, fn.Address()+uint64(ft.HandlerPCOffset), e.HandlerPC)
			found++
		}
	}
	assert.Equal(t, 5, found) // llvm-objdump-22 --fault-map-section: 1, 1, 1 and 2
}
