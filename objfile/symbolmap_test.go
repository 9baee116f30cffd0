package objfile_test

import (
	"bufio"
	"debug/elf"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/internal/corpus"
	"github.com/stackmaps/stackmaps/objfile"
	"github.com/stackmaps/stackmaps/stackmap"
	"github.com/stackmaps/stackmaps/unwind"
)

// nmFunctions reads an nm listing (address type name).
func nmFunctions(t *testing.T, path string) map[uint64]string {
	fd, err := os.Open(path)
	require.NoError(t, err)
	defer fd.Close()
	out := map[uint64]string{}
	sc := bufio.NewScanner(fd)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) != 3 {
			continue
		}
		a, err := strconv.ParseUint(fields[0], 16, 64)
		require.NoError(t, err)
		out[a] = fields[2]
	}
	return out
}

// The symbol map of a linked executable names every function nm lists, at
// its address and inside it, and nothing below the first.
func TestSymbolMapMatchesNM(t *testing.T) {
	exe := filepath.Join(corpus.Root(), "linked", "x86_64-elf", "exe")
	f, err := objfile.Open(exe)
	require.NoError(t, err)
	defer f.Close()
	m, err := f.SymbolMap()
	require.NoError(t, err)
	nm := nmFunctions(t, exe+".nm.txt")
	require.NotEmpty(t, nm)
	for addr, name := range nm {
		got, off, err := m.Lookup(addr)
		if assert.NoError(t, err, "%#x", addr) {
			assert.Equal(t, name, got, "%#x", addr)
			assert.Equal(t, uint64(0), off)
		}
	}
	// main's second byte, and an address below every function.
	ef, err := elf.Open(exe)
	require.NoError(t, err)
	defer ef.Close()
	syms, err := ef.Symbols()
	require.NoError(t, err)
	for _, s := range syms {
		if s.Name == "main" {
			got, off, err := m.Lookup(s.Value + 1)
			assert.NoError(t, err)
			assert.Equal(t, "main", got)
			assert.Equal(t, uint64(1), off)
			if name, _, err := m.Lookup(s.Value + s.Size); err == nil {
				assert.NotEqual(t, "main", name, "main ends at %#x", s.Value+s.Size)
			}
		}
	}
	_, _, err = m.Lookup(0x1000)
	assert.ErrorIs(t, err, objfile.ErrNoSymbol)
}

// One symbol per address: global before local, sized before unsized.
func TestSymbolMapPreference(t *testing.T) {
	m := objfile.NewSymbolMap([]stackmap.Symbol{
		{Name: "local", Value: 0x10, Size: 8},
		{Name: "global", Value: 0x10, Size: 8, Global: true},
		{Name: "unsized", Value: 0x20},
		{Name: "next", Value: 0x30, Size: 4},
	})
	assert.Equal(t, 3, m.Len())
	assert.False(t, m.Sectioned())
	name, off, err := m.Lookup(0x17)
	assert.Equal(t, []any{"global", uint64(7), nil}, []any{name, off, err})
	_, _, err = m.Lookup(0x18) // past global's size
	assert.ErrorIs(t, err, objfile.ErrNoSymbol)
	name, off, err = m.Lookup(0x2f) // unsized: up to the next
	assert.Equal(t, []any{"unsized", uint64(0xf), nil}, []any{name, off, err})
	_, _, err = m.Lookup(0x34)
	assert.ErrorIs(t, err, objfile.ErrNoSymbol)
}

// Symbols of two sections that both start at 0 (a relocatable object
// with function sections): an address alone is refused, naming the
// sections whose symbols hold it; with the section it is answered.
func TestSymbolMapSectioned(t *testing.T) {
	m := objfile.NewSymbolMap([]stackmap.Symbol{
		{Name: "f", Value: 0, Size: 0x20, Section: 3},
		{Name: "g", Value: 0, Size: 0x10, Section: 5},
		{Name: "g2", Value: 0x10, Size: 0x10, Section: 5},
		{Name: "h", Value: 0, Size: 0x8, Section: 7},
	})
	require.True(t, m.Sectioned())
	assert.Equal(t, 4, m.Len())
	_, _, err := m.Lookup(0x4)
	require.ErrorIs(t, err, objfile.ErrAmbiguousAddress)
	require.ErrorIs(t, err, unwind.ErrAmbiguousAddress)
	var ae *unwind.AmbiguousError
	require.ErrorAs(t, err, &ae)
	assert.Equal(t, []int{3, 5, 7}, ae.Sections)
	assert.Equal(t, "address 0x4 is ambiguous (symbols): an offset in every code section of the object, each at 0; code sections 3, 5, 7 have one there: ask with the code section", err.Error())
	_, _, err = m.Lookup(0x18)
	require.ErrorAs(t, err, &ae)
	assert.Equal(t, []int{3, 5}, ae.Sections)
	_, _, err = m.Lookup(0x40) // no symbol there, but another section may have code there
	require.ErrorAs(t, err, &ae)
	assert.Empty(t, ae.Sections)
	for _, c := range []struct {
		sec  int
		addr uint64
		name string
		off  uint64
	}{{3, 0x4, "f", 4}, {5, 0x4, "g", 4}, {5, 0x18, "g2", 8}, {7, 0x7, "h", 7}} {
		name, off, err := m.LookupInSection(c.sec, c.addr)
		require.NoError(t, err)
		assert.Equal(t, c.name, name)
		assert.Equal(t, c.off, off)
	}
	_, _, err = m.LookupInSection(7, 0x8)
	assert.ErrorIs(t, err, objfile.ErrNoSymbol)
	_, _, err = m.LookupInSection(4, 0)
	assert.ErrorIs(t, err, objfile.ErrNoSymbol)

	// Sections of a linked image have addresses of their own.
	linked := objfile.NewSymbolMap([]stackmap.Symbol{
		{Name: "init", Value: 0x1000, Size: 0x10, Section: 10},
		{Name: "main", Value: 0x1100, Size: 0x10, Section: 12},
	})
	assert.False(t, linked.Sectioned())
	name, _, err := linked.Lookup(0x1104)
	assert.NoError(t, err)
	assert.Equal(t, "main", name)
}

func TestSymbolMapLookupAllocatesNothing(t *testing.T) {
	f, err := objfile.Open(filepath.Join(corpus.Root(), "linked", "x86_64-elf", "exe"))
	require.NoError(t, err)
	defer f.Close()
	m, err := f.SymbolMap()
	require.NoError(t, err)
	addr := m.At(m.Len() / 2).Value
	allocs := testing.AllocsPerRun(100, func() { m.Lookup(addr + 1) })
	assert.Zero(t, allocs)
}

func BenchmarkSymbolMapLookup(b *testing.B) {
	f, err := objfile.Open(filepath.Join(corpus.Root(), "linked", "x86_64-elf", "exe"))
	require.NoError(b, err)
	defer f.Close()
	m, err := f.SymbolMap()
	require.NoError(b, err)
	lo, hi := m.At(0).Value, m.At(m.Len()-1).Value
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		m.Lookup(lo + uint64(i)%(hi-lo+1))
	}
}

// FunctionSymbol names a linked executable's functions as nm does, inside
// its code only; FunctionAddress gives each back its address.
func TestFunctionSymbolAndAddress(t *testing.T) {
	exe := filepath.Join(corpus.Root(), "linked", "x86_64-elf", "exe")
	f, err := objfile.Open(exe)
	require.NoError(t, err)
	defer f.Close()
	m, err := f.SymbolMap()
	require.NoError(t, err)
	nm := nmFunctions(t, exe+".nm.txt")
	checked := 0
	for addr, name := range nm {
		if kept, _, err := m.Lookup(addr); err != nil || kept != name {
			continue // an alias: the map keeps one symbol per address
		}
		got, off, err := f.FunctionSymbol(addr)
		if assert.NoError(t, err, name) {
			assert.Equal(t, name, got)
			assert.Equal(t, uint64(0), off)
		}
		a, err := f.FunctionAddress(name)
		if assert.NoError(t, err, name) {
			assert.Equal(t, addr, a, name)
		}
		checked++
	}
	require.NotZero(t, checked)
	var end uint64
	for _, r := range f.CodeRanges() {
		end = max(end, r.Addr+r.Size)
	}
	require.NotZero(t, end)
	_, _, err = m.Lookup(end + 0x10)
	require.NoError(t, err, "the last symbol holds every address above it")
	_, _, err = f.FunctionSymbol(end + 0x10)
	assert.ErrorIs(t, err, objfile.ErrNoCode)
	_, err = f.FunctionAddress("no_such_function")
	assert.ErrorIs(t, err, objfile.ErrNoSymbol)

	// Mach-O: C's name or the raw one.
	mo, err := objfile.Open(filepath.Join(corpus.Root(), "objects", "llvm22", "x86_64-macho", "kinds.o"))
	require.NoError(t, err)
	defer mo.Close()
	for _, name := range []string{"kinds_all", "_kinds_all"} {
		a, err := mo.FunctionAddress(name)
		require.NoError(t, err, name)
		assert.Equal(t, uint64(0x130), a, name) // llvm-nm: 0000000000000130 T _kinds_all
	}
	got, off, err := mo.FunctionSymbol(0x134)
	require.NoError(t, err)
	assert.Equal(t, "_kinds_all", got) // raw, as SymbolMap names it
	assert.Equal(t, uint64(4), off)

	// An object with a code section per function: both refused.
	fs, err := objfile.Open(filepath.Join(corpus.Root(), "fsections", "llvm22", "x86_64", "kinds.o"))
	require.NoError(t, err)
	defer fs.Close()
	_, _, err = fs.FunctionSymbol(0)
	assert.ErrorIs(t, err, objfile.ErrAmbiguousAddress)
	_, err = fs.FunctionAddress("kinds_all")
	assert.ErrorIs(t, err, objfile.ErrAmbiguousAddress)
}
