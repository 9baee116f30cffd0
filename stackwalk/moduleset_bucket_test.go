package stackwalk

import (
	"maps"
	"math"
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/regs"
	"github.com/stackmaps/stackmaps/unwind"
)

// startShapes make n sorted, distinct starts: a JIT's packed modules,
// modules a byte apart (many starts a bucket), evenly spread ones,
// clusters far apart (scaled lanes), and starts at the top of the
// address space.
func startShapes(rng *rand.Rand) map[string]func(n int) []uint64 {
	return map[string]func(n int) []uint64{
		"packed": func(n int) []uint64 {
			out, at := make([]uint64, n), uint64(0x10000)
			for i := range out {
				out[i], at = at, at+64+rng.Uint64N(2048-64)&^15
			}
			return out
		},
		"dense": func(n int) []uint64 {
			out, at := make([]uint64, n), uint64(0x10000)
			for i := range out {
				out[i], at = at, at+1+rng.Uint64N(3)
			}
			return out
		},
		"even": func(n int) []uint64 {
			out := make([]uint64, n)
			for i := range out {
				out[i] = 0x10000 + uint64(i)*0x1000
			}
			return out
		},
		"clusters": func(n int) []uint64 {
			return distinct(n, func() uint64 {
				return []uint64{0x400000, 0x7f0000000000, 0x7fff00000000}[rng.IntN(3)] + rng.Uint64N(1<<20)
			})
		},
		"top": func(n int) []uint64 {
			return distinct(n, func() uint64 { return math.MaxUint64 - rng.Uint64N(1<<16) })
		},
	}
}

// distinct returns n distinct values of gen, sorted.
func distinct(n int, gen func() uint64) []uint64 {
	var out []uint64
	for len(out) < n {
		out = append(out, gen())
		slices.Sort(out)
		out = slices.Compact(out)
	}
	return out
}

// TestBucketRecords checks that a chunk's bucket record gives the index
// of the last start at or below an address, from the record alone,
// wherever the bucket holds at most two starts after the first candidate
// at or below it; that where it does not, the index is the first
// candidate's plus two (the lookup then finds no entry holding the
// address and searches); and that scaled lanes count too many only
// starts in the address's own scaled step, above it (the lookup then
// finds an entry that starts above the address, and searches).
func TestBucketRecords(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	shapes := startShapes(rng)
	for _, name := range slices.Sorted(maps.Keys(shapes)) {
		gen := shapes[name]
		for _, n := range []int{1, 2, 3, 7, 64, 100, maxChunk} {
			starts := gen(n)
			base := starts[0]
			nb := chunkBuckets(uint64(n))
			scale := bucketScale(starts[n-1]-base, nb-1)
			d := make([]uint32, nb)
			fillBuckets(starts, starts[0], scale, d)
			exact := 0
			probe := func(x uint64) {
				if x < base {
					return
				}
				b, p := bucketOf(x-base, scale, nb)
				rec := d[b]
				got, first := int(bucketIndex(rec, p)), int(rec&firstIdx)
				want := lastAtOrBelow(starts, x)
				switch {
				case want-first > nextKept:
					require.Equal(t, first+nextKept, got, "%s n=%d x=%#x", name, n, x)
				case got == want:
					exact++
				default:
					// A start in the address's place of its bucket, above it.
					require.Greater(t, got, want, "%s n=%d x=%#x", name, n, x)
					gb, gp := bucketOf(starts[got]-base, scale, nb)
					require.Equal(t, [2]uint64{b, p}, [2]uint64{gb, gp}, "%s n=%d x=%#x: got %d, want %d", name, n, x, got, want)
				}
			}
			probeAround(rng, starts, base, probe)
			require.Positive(t, exact, "%s n=%d", name, n)
		}
	}
}

// TestTopDir checks the top directory's records as TestBucketRecords
// checks a chunk's: the chunk from the record alone unless the bucket is
// marked as holding more than three chunks' starts after its first
// candidate.
func TestTopDir(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 24))
	shapes := startShapes(rng)
	for _, name := range slices.Sorted(maps.Keys(shapes)) {
		gen := shapes[name]
		for _, n := range []int{1, 2, 3, 7, 64, 1000, 5000} {
			firsts := gen(n)
			d := newTopDir(firsts, 0)
			marked, exact, probes := 0, 0, 0
			probe := func(x uint64) {
				if x < d.base {
					return
				}
				probes++
				rec := d.recs[min((x-d.base)>>d.shift, uint64(len(d.recs)-1))]
				if rec&topOverflow != 0 {
					marked++
					return
				}
				got, want := int(topIndex(rec, topLane(x-d.base, d.shift))), lastAtOrBelow(firsts, x)
				if got == want {
					exact++
					return
				}
				require.Greater(t, d.shift, uint8(topLaneBits), "%s n=%d x=%#x: got %d, want %d", name, n, x, got, want)
				require.Greater(t, got, want, "%s n=%d x=%#x", name, n, x)
				q := d.shift - topLaneBits
				require.Equal(t, (x-d.base)>>q, (firsts[got]-d.base)>>q, "%s n=%d x=%#x", name, n, x)
			}
			probeAround(rng, firsts, d.base, probe)
			require.Positive(t, exact, "%s n=%d", name, n)
			if name != "clusters" && name != "top" {
				require.Less(t, marked*100, probes, "%s n=%d: buckets of spread starts rarely hold five", name, n)
			}
		}
	}
}

// TestSnapWide looks up addresses in sets whose chunks span 4 GB or more
// (scaled lanes in their bucket records) and in packed ones, around every
// module, against a linear search.
func TestSnapWide(t *testing.T) {
	ut := &unwind.Table{}
	rng := rand.New(rand.NewPCG(25, 26))
	for _, gap := range []uint64{1 << 33, 1 << 20, 0} {
		var mods []*Module
		at := uint64(0x10000)
		for range 1000 {
			size := 16 + rng.Uint64N(0x800)
			mods = append(mods, &Module{Name: "m", Arch: regs.X86_64, Unwind: ut, Start: at, End: at + size})
			at += size
			if rng.IntN(50) == 0 {
				at += gap
			}
		}
		set, err := NewModuleSet(regs.X86_64, mods...)
		require.NoError(t, err)
		s := set.snap.Load()
		checkSnap(t, s)
		wide := 0
		for i := range s.nchunks {
			if c := s.chunk(i); c.entries()[len(c.entries())-1].end-c.entries()[0].start >= 1<<32 {
				wide++
			}
		}
		if gap > 1<<32 {
			require.Positive(t, wide, "gap %#x", gap)
		} else {
			require.Zero(t, wide, "gap %#x", gap)
		}
		for range 5000 {
			m := mods[rng.IntN(len(mods))]
			pc := m.Start - 8 + rng.Uint64N(m.End-m.Start+16)
			require.Same(t, linearFind(mods, pc), s.lookup(pc), "gap %#x pc %#x", gap, pc)
		}
	}
}

// linearFind returns the module of mods whose range holds pc, or nil.
func linearFind(mods []*Module, pc uint64) *Module {
	for _, m := range mods {
		if pc >= m.Start && pc < m.End {
			return m
		}
	}
	return nil
}

// probeAround calls probe at each start, one byte below and above it, the
// top of the address space, and 2,000 random addresses from base to 64 KB
// past the last start.
func probeAround(rng *rand.Rand, starts []uint64, base uint64, probe func(uint64)) {
	for _, s := range starts {
		probe(s)
		probe(s - 1)
		probe(s + 1)
	}
	probe(math.MaxUint64)
	for range 2000 {
		probe(base + rng.Uint64N(starts[len(starts)-1]-base+0x10000))
	}
}

// TestBucketOf checks that the buckets of a chunk's directory cover its
// span in all buckets but the last, which holds no start (the scale is
// the largest that does); that any offset from a chunk's base (and below
// it: a pc below the chunk wraps) gets one of the chunk's buckets
// whatever its scale, with buckets never lower for a higher offset, nor
// places in a bucket but the last (where offsets past the span go); and that a zero record (a place without a chunk) gives an
// entry past its none: a lookup that reaches either reads no entry but
// the chunk's.
func TestBucketOf(t *testing.T) {
	rng := rand.New(rand.NewPCG(27, 28))
	for _, n := range []uint64{1, 2, 3, 64, 96, maxChunk} {
		nb := chunkBuckets(n)
		for _, span := range []uint64{0, 1, n, 2 * n, 2*n - 1, 2*n - 2, 3*n + 1, 1 << 20, 1<<20 + 12345, 1 << 40, math.MaxUint64 >> 1, math.MaxUint64 - 1, math.MaxUint64} {
			scale := bucketScale(span, nb-1)
			last, _ := bucketOf(span, scale, nb)
			require.Less(t, last, max(nb-1, 1), "n=%d span=%#x", n, span)
			if scale < math.MaxUint64 {
				// The largest: one more puts the span past nb-1 buckets.
				over, _ := bits.Mul64(span, scale+1)
				require.GreaterOrEqual(t, over, nb-1, "n=%d span=%#x", n, span)
			}
			xs := []uint64{0, 1, span / 2, span, span + 1, math.MaxUint64}
			for range 100 {
				xs = append(xs, rng.Uint64N(span/2+1)*2)
			}
			slices.Sort(xs)
			pb, pp := uint64(0), uint64(0)
			for _, x := range xs {
				b, p := bucketOf(x, scale, nb)
				require.Less(t, b, nb, "n=%d span=%#x x=%#x", n, span, x)
				require.Less(t, p, uint64(laneNone), "n=%d span=%#x x=%#x", n, span, x)
				require.True(t, b > pb || b == pb && (p >= pp || b == nb-1), "n=%d span=%#x x=%#x: bucket %d place %d after %d %d", n, span, x, b, p, pb, pp)
				pb, pp = b, p
			}
		}
		for range 1000 {
			b, _ := bucketOf(rng.Uint64(), rng.Uint64(), nb)
			require.Less(t, b, nb, "n=%d", n)
		}
	}
	var zero moduleChunk
	require.False(t, zero.bucketed)
	for _, x := range []uint64{0, 1, math.MaxUint64, rng.Uint64()} {
		require.GreaterOrEqual(t, zero.guess(x+zero.base), uint64(zero.n), "x=%#x", x)
	}
}
