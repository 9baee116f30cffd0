package stackwalk

import (
	"math/bits"
	"unsafe"
)

// The recipe cache is set-associative: sets of cacheWays entries, a pc's
// set chosen by a multiplicative hash of it. A walk of a stack whose frames
// return to many places (a JIT's one-function modules calling each other)
// keeps one recipe per place; in a direct-mapped cache the return
// addresses of such a stack fall, pairs of them, into one slot, and each
// pair evicts itself at every walk. Four ways make that a set of five or
// more, which pcs drawn at random rarely fill.
//
// The cache starts at minCacheSets sets and grows with the pcs its walks
// see: once it has replaced, since it last grew, as many recipes as half
// the entries it holds (the stack's distinct return addresses do not fit),
// it doubles its sets and keeps every recipe, up to a bound on its entries
// (Config.CacheLimit). It counts replacements, live or not: a walker over
// code that keeps changing (a JIT replacing its modules) grows toward the
// bound over time; Walker.ResetCache gives it its first size again. A full set replaces a way drawn at random: a walk
// that goes round more pcs than the cache holds (a deep interpreter or JIT
// stack) still finds most of those it kept, where replacing the ways in
// turn found none (each pc evicted before the walk came back to it).
const (
	cacheWays       = 4
	minCacheSetBits = 7
	minCacheSets    = 1 << minCacheSetBits
)

// DefaultCacheLimit is the bound on a Walker's cached frame recipes when
// Config.CacheLimit is 0: 131,072 recipes, 104 MiB at most, reached only
// by walks over about as many distinct return addresses.
const DefaultCacheLimit = 1 << 17

// recipeSize is the memory a cached recipe takes (832 bytes).
const recipeSize = int(unsafe.Sizeof(recipe{}))

// recipeCache holds the recipes of the pcs a Walker saw, by (module, pc,
// call). tags[s][i] is the pc of entry ents[s][i] (a hint: the entry's
// own fields decide, and an entry whose m is nil is empty), so a lookup
// reads one small array before it reads the entry it wants.
type recipeCache struct {
	shift   uint8 // 64 - log2(len(tags)): a pc's set is its hash >> shift
	tags    [][cacheWays]uint64
	ents    [][cacheWays]recipe
	maxSets int    // the sets the cache may grow to
	evicted int    // recipes replaced since the cache last grew
	rng     uint64 // the state of the replacement's random draws
}

// newRecipeCache returns a cache of minCacheSets sets that may grow to
// hold limit recipes (DefaultCacheLimit when 0; at least
// minCacheSets*cacheWays).
func newRecipeCache(limit int) *recipeCache {
	if limit <= 0 {
		limit = DefaultCacheLimit
	}
	max := minCacheSets
	for max*2*cacheWays <= limit && max < 1<<30 {
		max *= 2
	}
	c := &recipeCache{maxSets: max, rng: 0x9e3779b97f4a7c15}
	c.alloc(minCacheSets)
	return c
}

// alloc gives the cache n empty sets (n a power of two).
func (c *recipeCache) alloc(n int) {
	c.tags = make([][cacheWays]uint64, n)
	c.ents = make([][cacheWays]recipe, n)
	c.shift = uint8(64 - bits.TrailingZeros(uint(n)))
	c.evicted = 0
}

// set returns the index of the set pc maps to.
func (c *recipeCache) set(pc uint64) uint {
	return uint((pc * 0x9e3779b97f4a7c15) >> (c.shift & 63))
}

// find returns the recipe of pc (a return address when call), whatever
// its module, or nil. A pc has at most one entry (claim reuses it). The
// set's tags are compared all at once, without a branch: which way holds
// a pc is what a walk cannot predict (a stack of 200 return addresses
// fills two or three ways of most sets it uses), and a branch on it
// mispredicts at every other frame.
func (c *recipeCache) find(pc uint64, call bool) *recipe {
	s := c.set(pc)
	if s >= uint(len(c.tags)) || s >= uint(len(c.ents)) {
		return nil
	}
	t := &c.tags[s]
	hit := b2u(t[0] == pc) | b2u(t[1] == pc)<<1 | b2u(t[2] == pc)<<2 | b2u(t[3] == pc)<<3
	if hit == 0 {
		return nil
	}
	e := &c.ents[s][bits.TrailingZeros8(hit)&(cacheWays-1)]
	if e.m != nil && e.pc == pc && e.call == call {
		return e
	}
	return nil
}

// b2u is 1 for true, 0 for false (compiled to a flag move, not a branch).
func b2u(b bool) uint8 {
	if b {
		return 1
	}
	return 0
}

// lookup returns the recipe of pc in module m, or nil (also when c is
// nil: no cache).
func (c *recipeCache) lookup(m *Module, pc uint64, call bool) *recipe {
	if c == nil {
		return nil
	}
	if e := c.find(pc, call); e != nil && e.m == m {
		return e
	}
	return nil
}

// claim returns the entry a new recipe of pc is compiled into: the one
// pc already has (of another module, or the other kind of call), else an
// empty one of its set, else a way of the set drawn at random (the cache
// first grows, when it has replaced as many recipes as half its entries
// since it last grew). Its tag says pc; the caller sets its m when the
// recipe is made, or nil when it is not. Growing moves every recipe:
// a pointer to one (the current frame's) is not valid after claim.
func (c *recipeCache) claim(pc uint64) *recipe {
	s := c.set(pc)
	tags := &c.tags[s]
	for i, t := range tags {
		if t == pc {
			return &c.ents[s][i]
		}
	}
	for i := range tags {
		if c.ents[s][i].m == nil {
			tags[i] = pc
			return &c.ents[s][i]
		}
	}
	if c.evicted*2 >= len(c.tags)*cacheWays && len(c.tags) < c.maxSets {
		c.grow()
		return c.claim(pc)
	}
	c.evicted++
	// xorshift64: the way's draw (its low bits are as good as any).
	c.rng ^= c.rng << 13
	c.rng ^= c.rng >> 7
	c.rng ^= c.rng << 17
	way := int(c.rng>>32) & (cacheWays - 1)
	tags[way] = pc
	return &c.ents[s][way]
}

// grow doubles the cache's sets and puts every recipe it held back in.
// A set of the old cache splits into two of the new one (a pc's new set
// is its old one's index doubled, plus the next bit of its hash), so no
// set overflows.
func (c *recipeCache) grow() {
	old := c.ents
	c.alloc(2 * len(old))
	for s := range old {
		for i := range old[s] {
			e := &old[s][i]
			if e.m == nil {
				continue
			}
			n := c.set(e.pc)
			for j := range c.tags[n] {
				if c.ents[n][j].m == nil {
					c.tags[n][j] = e.pc
					c.ents[n][j] = *e
					break
				}
			}
		}
	}
}

// entries returns the number of recipes the cache has room for.
func (c *recipeCache) entries() int { return len(c.tags) * cacheWays }

// reset forgets every recipe (and the modules they hold), and gives a
// cache that grew its first size again (its memory goes to the
// collector).
func (c *recipeCache) reset() {
	if c == nil {
		return
	}
	if len(c.tags) > minCacheSets {
		c.alloc(minCacheSets)
		return
	}
	clear(c.tags)
	clear(c.ents)
	c.evicted = 0
}
