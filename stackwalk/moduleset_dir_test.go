package stackwalk

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestAddrDir checks that a directory's find gives what a binary search of
// the whole array gives, for starts spread evenly, in far-apart clusters,
// with duplicates of the extremes, and up to the top of the address space.
func TestAddrDir(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	shapes := map[string]func(n int) []uint64{
		"even": func(n int) []uint64 {
			out := make([]uint64, n)
			for i := range out {
				out[i] = 0x10000 + uint64(i)*0x1000
			}
			return out
		},
		"random": func(n int) []uint64 {
			out := make([]uint64, n)
			for i := range out {
				out[i] = rng.Uint64()
			}
			return out
		},
		"clusters": func(n int) []uint64 {
			out := make([]uint64, n)
			for i := range out {
				base := []uint64{0x400000, 0x7f0000000000, 0x7fff00000000}[rng.IntN(3)]
				out[i] = base + rng.Uint64N(1<<20)
			}
			return out
		},
		"top": func(n int) []uint64 {
			out := make([]uint64, n)
			for i := range out {
				out[i] = math.MaxUint64 - rng.Uint64N(1<<12)
			}
			out[0] = 0
			return out
		},
	}
	for name, gen := range shapes {
		for _, n := range []int{1, 2, 3, 7, 64, 100, 512, 1000} {
			starts := gen(n)
			slices.Sort(starts)
			d := newAddrDir[uint32](starts)
			probe := func(x uint64) {
				require.Equal(t, lastAtOrBelow(starts, x), d.find(starts, x), "%s n=%d x=%#x", name, n, x)
			}
			for _, s := range starts {
				probe(s)
				probe(s - 1)
				probe(s + 1)
			}
			probe(0)
			probe(math.MaxUint64)
			for range 1000 {
				probe(rng.Uint64())
				if span := starts[n-1] - starts[0] + 1; span != 0 { // 0: the starts span all 2^64 addresses
					probe(starts[0] + rng.Uint64N(span))
				}
			}
		}
	}
}
