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

	"github.com/stackmaps/stackmaps/internal/golden"
	"github.com/stackmaps/stackmaps/objfile"
	"github.com/stackmaps/stackmaps/stackmap"
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
	exe := filepath.Join(golden.Root(), "linked", "x86_64-elf", "exe")
	f, err := objfile.Open(exe)
	require.NoError(t, err)
	defer f.Close()
	m, err := f.SymbolMap()
	require.NoError(t, err)
	nm := nmFunctions(t, exe+".nm.txt")
	require.NotEmpty(t, nm)
	for addr, name := range nm {
		got, off, ok := m.Lookup(addr)
		if assert.True(t, ok, "%#x", addr) {
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
			got, off, ok := m.Lookup(s.Value + 1)
			assert.True(t, ok)
			assert.Equal(t, "main", got)
			assert.Equal(t, uint64(1), off)
			if name, _, ok := m.Lookup(s.Value + s.Size); ok {
				assert.NotEqual(t, "main", name, "main ends at %#x", s.Value+s.Size)
			}
		}
	}
	_, _, ok := m.Lookup(0x1000)
	assert.False(t, ok)
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
	name, off, ok := m.Lookup(0x17)
	assert.Equal(t, []any{"global", uint64(7), true}, []any{name, off, ok})
	_, _, ok = m.Lookup(0x18) // past global's size
	assert.False(t, ok)
	name, off, ok = m.Lookup(0x2f) // unsized: up to the next
	assert.Equal(t, []any{"unsized", uint64(0xf), true}, []any{name, off, ok})
	_, _, ok = m.Lookup(0x34)
	assert.False(t, ok)
}

func TestSymbolMapLookupAllocatesNothing(t *testing.T) {
	f, err := objfile.Open(filepath.Join(golden.Root(), "linked", "x86_64-elf", "exe"))
	require.NoError(t, err)
	defer f.Close()
	m, err := f.SymbolMap()
	require.NoError(t, err)
	addr := m.At(m.Len() / 2).Value
	allocs := testing.AllocsPerRun(100, func() { m.Lookup(addr + 1) })
	assert.Zero(t, allocs)
}

func BenchmarkSymbolMapLookup(b *testing.B) {
	f, err := objfile.Open(filepath.Join(golden.Root(), "linked", "x86_64-elf", "exe"))
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
