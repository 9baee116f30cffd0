package regs

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestFindMatchesTable checks the dense index against a scan of the
// table for every possible number, including numbers past the index.
func TestFindMatchesTable(t *testing.T) {
	for _, a := range append(Arches(), ArchUnknown, Arch(200)) {
		byNum := map[uint16]Register{}
		for _, r := range Registers(a) {
			byNum[r.Num] = r
		}
		for n := 0; n <= 0xffff; n++ {
			want, known := byNum[uint16(n)]
			got, ok := Find(a, uint16(n))
			require.Equal(t, known, ok, "%s %d", a, n)
			if !known {
				continue
			}
			require.Equal(t, want.Num, got.Num, "%s %d", a, n)
			require.Equal(t, want.Name, got.Name, "%s %d", a, n)
			p, ok := PreferredName(a, uint16(n))
			require.True(t, ok)
			require.Equal(t, want.Preferred(a), p)
		}
	}
	// Spot checks of the index's edges: the highest number of each table
	// and the first number past it.
	r, ok := Find(PPC64, 1231)
	require.True(t, ok)
	assert.Equal(t, "r31", r.Name)
	_, ok = Find(PPC64, 1232)
	assert.False(t, ok)
	r, ok = Find(X86_64, 145)
	require.True(t, ok)
	assert.Equal(t, "r31", r.Name)
	_, ok = Find(X86_64, 146)
	assert.False(t, ok)
	p, ok := PreferredName(RISCV64, 2)
	require.True(t, ok)
	assert.Equal(t, "sp", p)
}

func TestPreferredNameDoesNotAllocate(t *testing.T) {
	allocs := testing.AllocsPerRun(100, func() {
		_, _ = PreferredName(RISCV64, 40)
		_, _ = PreferredName(X86_64, 6)
		_, _ = PreferredName(X86_64, 999)
		_, _ = PreferredName(ArchUnknown, 0)
	})
	assert.Zero(t, allocs)
}

// sink keeps the benchmarks' results alive.
var sink string

// benchNums are the numbers a printer meets: known registers of several
// classes and one unknown number.
var benchNums = []uint16{0, 6, 7, 17, 19, 71, 130, 999}

func BenchmarkFind(b *testing.B) {
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if r, ok := Find(X86_64, benchNums[i%len(benchNums)]); ok {
			sink = r.Name
		}
	}
}

func BenchmarkPreferredName(b *testing.B) {
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		sink, _ = PreferredName(RISCV64, benchNums[i%len(benchNums)])
	}
}

func BenchmarkDisplayName(b *testing.B) {
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		sink = DisplayName(AArch64, uint16(i%31), 4)
	}
}
