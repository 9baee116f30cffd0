package stackwalk

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fill claims pc's entry and makes it a recipe of module m.
func fill(c *recipeCache, m *Module, pc uint64) *recipe {
	e := c.claim(pc)
	e.m, e.pc, e.call = m, pc, true
	return e
}

// TestRecipeCacheWays: four pcs of one set are all held; a fifth evicts
// one of them, not itself; claiming a pc again reuses its entry.
func TestRecipeCacheWays(t *testing.T) {
	c := newRecipeCache(0)
	m := &Module{Name: "m"}
	var same []uint64
	for pc := uint64(0x1000); len(same) < cacheWays+1; pc += 16 {
		if c.set(pc) == c.set(0x1000) {
			same = append(same, pc)
		}
	}
	held := map[*recipe]bool{}
	for _, pc := range same[:cacheWays] {
		held[fill(c, m, pc)] = true
	}
	require.Len(t, held, cacheWays, "each pc its own entry")
	for _, pc := range same[:cacheWays] {
		e := c.find(pc, true)
		require.NotNil(t, e, "pc %#x", pc)
		assert.Equal(t, pc, e.pc)
		assert.Nil(t, c.find(pc, false), "pc %#x as an interrupted pc", pc)
	}
	fill(c, m, same[cacheWays])
	gone := 0
	for _, pc := range same {
		if c.find(pc, true) == nil {
			gone++
		}
	}
	assert.Equal(t, 1, gone)
	assert.NotNil(t, c.find(same[cacheWays], true))

	e := c.find(same[cacheWays], true)
	assert.Same(t, e, fill(c, &Module{Name: "other"}, same[cacheWays]), "same pc, same entry")
	assert.Nil(t, c.lookup(m, same[cacheWays], true), "the entry now holds the other module")

	c.reset()
	for _, pc := range same {
		assert.Nil(t, c.find(pc, true))
	}
}

// TestRecipeCacheSpreadStack: the return addresses of perf/modscale's and
// BenchmarkWalkModules' spread stack (frame i in module 997i mod 100,000,
// modules 0x10000 apart) all stay in the cache together, which a
// direct-mapped cache of as many entries did not do.
func TestRecipeCacheSpreadStack(t *testing.T) {
	c := newRecipeCache(0)
	m := &Module{Name: "m"}
	var pcs []uint64
	for i := range 100 {
		pcs = append(pcs, 0x1050+uint64(i*997%100_000)*0x10000)
	}
	for _, pc := range pcs {
		fill(c, m, pc)
	}
	for _, pc := range pcs {
		assert.NotNil(t, c.lookup(m, pc, true), "pc %#x", pc)
	}
	slots := map[uint64]bool{}
	for _, pc := range pcs {
		slots[(pc*0x9e3779b97f4a7c15)>>(64-9)] = true
	}
	assert.Less(t, len(slots), len(pcs), "a direct-mapped cache of 512 would lose some")
}

// cyclicHits walks pcs (n return addresses 0x100 apart) round and round
// through the cache as enter does (find, else claim), rounds times after
// warm rounds, and returns the share of lookups that found their recipe.
func cyclicHits(c *recipeCache, n, warm, rounds int) float64 {
	m := &Module{Name: "m"}
	hits, total := 0, 0
	for r := range warm + rounds {
		for k := range n {
			pc := 0x1050 + uint64(k)*0x100
			if c.find(pc, true) == nil {
				fill(c, m, pc)
			} else if r >= warm {
				hits++
			}
			if r >= warm {
				total++
			}
		}
	}
	return float64(hits) / float64(total)
}

// TestRecipeCacheGrows: a cache walked round more pcs than it holds grows
// until they fit (up to its bound), and then finds every one of them;
// past its bound, random replacement still finds a share of them, where
// replacing each set's ways in turn found none.
func TestRecipeCacheGrows(t *testing.T) {
	for _, n := range []int{100, 2001, 20_000, 100_000} {
		c := newRecipeCache(0)
		hits := cyclicHits(c, n, 12, 2)
		t.Logf("%d pcs: %.4f of lookups hit, %d entries", n, hits, c.entries())
		assert.GreaterOrEqual(t, hits, 0.97, "%d pcs: %d entries", n, c.entries())
		assert.LessOrEqual(t, c.entries(), max(16*n, minCacheSets*cacheWays), "%d pcs", n)
	}
	c := newRecipeCache(0)
	cyclicHits(c, 3000, 2, 0)
	require.Greater(t, c.entries(), minCacheSets*cacheWays)
	c.reset()
	assert.Equal(t, minCacheSets*cacheWays, c.entries(), "reset gives the first size again")
	assert.Nil(t, c.find(0x1050, true))

	c = newRecipeCache(4096)
	assert.Greater(t, cyclicHits(c, 6000, 12, 2), 0.25, "6,000 pcs, 4,096 recipes")
	assert.Equal(t, 4096, c.n, "the pool holds its limit")
	assert.Equal(t, 8*4096, c.entries(), "ways for eight times the limit")
	c = newRecipeCache(1)
	assert.Equal(t, minCacheSets*cacheWays, c.entries(), "the smallest cache")
	hits := cyclicHits(c, 600, 2, 2)
	assert.Greater(t, hits, 0.3, "600 pcs, 512 recipes")
	assert.Equal(t, minCacheSets*cacheWays, c.n)
	assert.LessOrEqual(t, c.entries(), 8*minCacheSets*cacheWays)
}

// TestRecipeCachePool: every recipe of the pool is in exactly one way of
// one set, the set of its pc, through growth and replacement.
func TestRecipeCachePool(t *testing.T) {
	for _, limit := range []int{1, 4096, 0} {
		c := newRecipeCache(limit)
		m := &Module{Name: "m"}
		for k := range 30_000 {
			pc := 0x1000 + uint64(k*997%30_000)*0x37
			if c.find(pc, true) == nil {
				fill(c, m, pc)
			}
		}
		seen := map[uint32]bool{}
		for s := range c.sets {
			for j, slot := range c.sets[s].slot {
				if slot == 0 {
					continue
				}
				require.False(t, seen[slot], "slot %d twice", slot)
				seen[slot] = true
				e := c.at(slot)
				require.Equal(t, c.sets[s].tags[j], e.pc)
				require.Equal(t, uint(s), c.set(e.pc))
				require.Same(t, e.found, &c.founds[(slot-1)>>poolChunkBits][(slot-1)&(poolChunk-1)])
			}
		}
		require.Len(t, seen, c.n, "limit %d", limit)
		bound := max(limit, minCacheSets*cacheWays)
		if limit == 0 {
			bound = DefaultCacheLimit
		}
		require.LessOrEqual(t, c.n, bound, "limit %d", limit)
	}
}

// TestRecipeCacheStridedStack: perf/walk.sh's chain at 20,000 distinct
// return addresses (two runs of functions 48 and 112 bytes apart, their
// frames alternating), walked as enter does (the recipe after the
// callee's first, then the sets): after the first walk almost every pc is
// held, and almost every frame finds its recipe right after its callee's.
// With the multiplicative hash alone, half of these pcs overflowed their
// sets at every walk.
func TestRecipeCacheStridedStack(t *testing.T) {
	c := newRecipeCache(0)
	m := &Module{Name: "m"}
	var pcs []uint64
	for i := 9999; i >= 0; i-- {
		pcs = append(pcs, 0x445d00+uint64(i)*48, 0x4a0000+uint64(i)*112)
	}
	var misses, next int
	for walk := range 4 {
		misses, next = 0, 0
		var slot uint32
		for _, pc := range pcs {
			e := c.after(slot, pc, true)
			if e != nil {
				next++
			} else if e = c.find(pc, true); e == nil {
				misses++
				e = fill(c, m, pc)
			}
			slot = e.slot
		}
		t.Logf("walk %d: %d misses, %d recipes found after their callee's, %d ways", walk, misses, next, c.entries())
	}
	assert.Less(t, misses, len(pcs)/1000, "pcs missed in the last walk")
	assert.Greater(t, next, len(pcs)*9/10, "frames found after their callee's")
}

// TestRecipeCacheResetKeepsFirstChunk: a reset keeps the pool's first
// chunk and the sets of the first size, cleared (no recipe, record or
// module left in them), and drops the other chunks; claiming the recipes
// of a short stack again after a reset allocates nothing.
func TestRecipeCacheResetKeepsFirstChunk(t *testing.T) {
	c := newRecipeCache(0)
	cyclicHits(c, 3000, 1, 0)
	require.Greater(t, len(c.recipes), 1, "3,000 recipes fill several chunks")
	full := c.recipes[:cap(c.recipes)]
	c.reset()
	assert.Len(t, c.recipes, 1)
	assert.Equal(t, 0, c.n)
	for k := range poolChunk {
		require.Nil(t, c.recipes[0][k].m, "slot %d keeps its module", k)
		require.Nil(t, c.recipes[0][k].found, "slot %d keeps its record", k)
	}
	for _, ch := range full[1:] {
		assert.Nil(t, ch, "a dropped chunk stays reachable from the list")
	}
	m := &Module{Name: "m"}
	pcs := []uint64{0x1050, 0x2050, 0x3050, 0x4050, 0x5050, 0x6050, 0x7050, 0x8050, 0x9050, 0xa050}
	allocs := testing.AllocsPerRun(20, func() {
		c.reset()
		for _, pc := range pcs {
			fill(c, m, pc)
		}
	})
	assert.Zero(t, allocs, "a short stack's recipes after a reset")
	for _, pc := range pcs {
		assert.NotNil(t, c.find(pc, true))
	}
}

// TestRecipeCacheCyclic: a cache at its smallest (512 recipes) under a
// cyclic walk of more distinct pcs than it holds keeps, as random
// replacement does, about 512 of every n pcs: hits at least 0.8*512/n of
// the visits, from the 11th walk on. Scaling the replacement's draw to the
// pool by the low bits (draw % n) held 2.2% at n = 2,001 and 21% at 1,000
// (each steal took a recipe the walk was about to visit).
func TestRecipeCacheCyclic(t *testing.T) {
	m := &Module{Name: "m"}
	for _, n := range []int{1000, 2001, 5000} {
		for _, stride := range []uint64{0x40, 0x100, 0x1234} {
			c := newRecipeCache(1)
			hits, total := 0, 0
			for walk := range 30 {
				for i := range n {
					pc := 0x400000 + uint64(i)*stride
					hit := c.find(pc, true) != nil
					if !hit {
						fill(c, m, pc)
					}
					if walk >= 10 {
						hits += int(b2u(hit))
						total++
					}
				}
			}
			rate, want := float64(hits)/float64(total), 0.8*512/float64(n)
			assert.GreaterOrEqual(t, rate, want, "%d pcs %#x apart", n, stride)
		}
	}
}
