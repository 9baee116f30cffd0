package stackwalk

import (
	"math/bits"
	"unsafe"
)

// The recipe cache is set-associative: sets of cacheWays ways, a pc's
// set chosen by a hash of it. A walk of a stack whose frames return to
// many places (a JIT's one-function modules calling each other) keeps one
// recipe per place; in a direct-mapped cache the return addresses of such
// a stack fall, pairs of them, into one slot, and each pair evicts itself
// at every walk. Four ways make that a set of five or more, which the
// cache's growth keeps rare.
//
// The sets hold tags and slot numbers only; the recipes (and their
// records) lie in a pool, in the order the cache first claimed them: a
// walk fills it in its frames' order, and a later walk of the same stack
// finds each frame's recipe right after its callee's (Walker.enter tries
// that one first), reading the pool one recipe after the other, from
// memory the processor prefetches and pages its TLB holds. Reading the
// sets instead, at places the hash draws, bound a deep walk: at 20,000
// distinct return addresses on perf/walk.sh's chain, 2.0 to 2.7 times
// libgcc's step a frame, where the pool in order takes 0.2.
//
// The cache starts at minCacheSets sets and grows with the pcs its walks
// see: when a claim finds its set full and the pool fills an eighth of
// the ways, or the cache has replaced, since it last grew, as many recipes
// as half its ways, it doubles its sets and puts every recipe back, up to
// eight times Config.CacheLimit ways; the pool holds at most the limit. It
// counts replacements, live or not: a walker over code that keeps
// changing (a JIT replacing its modules) grows toward the bound over time;
// Walker.ResetCache gives it its first size again. A full set replaces a
// way drawn at random, and a full pool gives a recipe drawn at random to
// the new pc: a walk that goes round more pcs than the cache holds (a
// deep interpreter or JIT stack) still finds most of those it kept, where
// replacing the ways in turn found none (each pc evicted before the walk
// came back to it).
const (
	cacheWays       = 4
	minCacheSetBits = 7
	minCacheSets    = 1 << minCacheSetBits
)

// DefaultCacheLimit is the bound on a Walker's cached frame recipes when
// Config.CacheLimit is 0: 131,072 recipes, at most 65 MiB of recipes and
// records (recipeSize + foundSize + foundColdSize each) and 16 MiB of ways
// (8 ways a recipe, 16 bytes each), reached only by walks over about as
// many distinct return addresses.
const DefaultCacheLimit = 1 << 17

// recipeSize is the memory a recipe takes (320 bytes), foundSize and
// foundColdSize its record's (128 and 72 bytes).
const (
	recipeSize    = int(unsafe.Sizeof(recipe{}))
	foundSize     = int(unsafe.Sizeof(found{}))
	foundColdSize = int(unsafe.Sizeof(foundCold{}))
)

// poolChunkBits sets the recipes of a pool chunk: 512, 160 KB of recipes,
// 64 KB of founds and 36 KB of records.
const (
	poolChunkBits = 9
	poolChunk     = 1 << poolChunkBits
)

// cacheSet is one set: tags[i] is the pc of way i (a hint: the recipe's
// own fields decide), slot[i] its recipe's number in the pool plus one (0:
// the way is empty). 64 bytes: a lookup reads one line of the sets.
type cacheSet struct {
	tags [cacheWays]uint64
	slot [cacheWays]uint32
	_    [16]byte
}

// recipeCache holds the recipes of the pcs a Walker saw, by (module, pc,
// call), in a pool of chunks (recipes and, beside them, their records:
// founds[k][j] is the record of recipes[k][j], which points to it, and
// colds[k][j] its cold part, which founds[k][j] points to); every
// recipe of the pool is in exactly one way of a set, and keeps its pc
// there (claim sets it).
type recipeCache struct {
	shift   uint8 // 64 - log2(len(sets)): a pc's set is its hash >> shift
	sets    []cacheSet
	recipes [][]recipe
	founds  [][]found
	colds   [][]foundCold
	n       int    // the recipes of the pool
	limit   int    // the recipes the pool may hold
	maxSets int    // the sets the cache may grow to: 8*limit ways
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
	limit = max(limit, minCacheSets*cacheWays)
	sets := minCacheSets
	for sets*cacheWays < 8*limit && sets < 1<<28 {
		sets *= 2
	}
	c := &recipeCache{limit: limit, maxSets: sets, rng: 0x9e3779b97f4a7c15}
	c.alloc(minCacheSets)
	return c
}

// alloc gives the cache n empty sets (n a power of two).
func (c *recipeCache) alloc(n int) {
	c.sets = make([]cacheSet, n)
	c.shift = uint8(64 - bits.TrailingZeros(uint(n)))
	c.evicted = 0
}

// set returns the index of the set pc maps to: the top bits of a hash
// that mixes every bit of pc (MurmurHash3's finalizer). A multiplicative
// hash alone spread return addresses of code laid out at regular strides
// badly: the 20,000 of perf/walk.sh's chain (functions 48 and 112 bytes
// apart) overflowed half of their sets in a cache of 65,536 ways.
func (c *recipeCache) set(pc uint64) uint {
	pc ^= pc >> 33
	pc *= 0xff51afd7ed558ccd
	pc ^= pc >> 33
	pc *= 0xc4ceb9fe1a85ec53
	pc ^= pc >> 33
	return uint(pc >> (c.shift & 63))
}

// at returns the recipe of pool slot k+1 (k below c.n).
func (c *recipeCache) at(slot uint32) *recipe {
	k := int(slot) - 1
	return &c.recipes[k>>poolChunkBits][k&(poolChunk-1)]
}

// newSlot adds a recipe to the pool and returns its slot (its number plus
// one).
func (c *recipeCache) newSlot() uint32 {
	k := c.n
	if k>>poolChunkBits == len(c.recipes) {
		c.recipes = append(c.recipes, make([]recipe, poolChunk))
		c.founds = append(c.founds, make([]found, poolChunk))
		c.colds = append(c.colds, make([]foundCold, poolChunk))
	}
	c.n++
	e := &c.recipes[k>>poolChunkBits][k&(poolChunk-1)]
	e.found = &c.founds[k>>poolChunkBits][k&(poolChunk-1)]
	e.found.cold = &c.colds[k>>poolChunkBits][k&(poolChunk-1)]
	e.slot = uint32(k + 1)
	return e.slot
}

// after returns the recipe that follows slot in the pool if it is pc's (a
// return address when call), else nil. The pool is in the order walks
// first met their pcs: a walk of a stack walked before finds each frame's
// recipe right after its callee's, without reading the sets.
func (c *recipeCache) after(slot uint32, pc uint64, call bool) *recipe {
	k := int(slot) // slot is the pool index plus one: the next recipe's index
	if k <= 0 || k >= c.n || k>>poolChunkBits >= len(c.recipes) {
		return nil
	}
	e := &c.recipes[k>>poolChunkBits][k&(poolChunk-1)]
	if e.m != nil && e.pc == pc && e.call == call {
		return e
	}
	return nil
}

// find returns the recipe of pc (a return address when call), whatever
// its module, or nil. A pc has at most one entry (claim reuses it). The
// set's tags are compared all at once, without a branch: which way holds
// a pc is what a walk cannot predict (a stack of 200 return addresses
// fills two or three ways of most sets it uses), and a branch on it
// mispredicts at every other frame.
func (c *recipeCache) find(pc uint64, call bool) *recipe {
	s := c.set(pc)
	if s >= uint(len(c.sets)) {
		return nil
	}
	st := &c.sets[s]
	t := &st.tags
	hit := b2u(t[0] == pc) | b2u(t[1] == pc)<<1 | b2u(t[2] == pc)<<2 | b2u(t[3] == pc)<<3
	if hit == 0 {
		return nil
	}
	k := int(st.slot[bits.TrailingZeros8(hit)&(cacheWays-1)]) - 1
	if k < 0 || k>>poolChunkBits >= len(c.recipes) {
		return nil
	}
	e := &c.recipes[k>>poolChunkBits][k&(poolChunk-1)]
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
// empty way of its set with a new recipe of the pool, else a way of the
// set drawn at random, whose recipe it reuses (the cache first grows,
// when it has replaced as many recipes as half its entries since it last
// grew). The entry's pc is pc and its m nil; the caller sets m when the
// recipe is made. A pointer to a recipe stays valid while the cache is
// not reset (the pool's chunks do not move).
func (c *recipeCache) claim(pc uint64) *recipe {
	s := c.set(pc)
	st := &c.sets[s]
	var e *recipe
	for i, t := range st.tags {
		if t == pc && st.slot[i] != 0 {
			e = c.at(st.slot[i])
			break
		}
	}
	if e == nil {
		for i := range st.slot {
			if st.slot[i] == 0 {
				if c.n >= c.limit {
					if c.grows() {
						c.grow()
						return c.claim(pc)
					}
					st.slot[i] = c.steal()
				} else {
					st.slot[i] = c.newSlot()
				}
				st.tags[i] = pc
				e = c.at(st.slot[i])
				break
			}
			if r := c.at(st.slot[i]); r.m == nil {
				st.tags[i] = pc
				e = r
				break
			}
		}
	}
	if e == nil {
		if c.grows() {
			c.grow()
			return c.claim(pc)
		}
		c.evicted++
		way := int(c.draw()) & (cacheWays - 1)
		st.tags[way] = pc
		e = c.at(st.slot[way])
	}
	e.m, e.pc = nil, pc
	return e
}

// grows reports whether a claim that finds no room grows the cache
// first: while it may, once its pool fills an eighth of its ways (a pc
// whose set is full is then no longer a rare draw of the hash; below an
// eighth, a stack of 20,000 distinct pcs has one or two in a full set) or
// it has replaced as many recipes as half its ways since it last grew.
func (c *recipeCache) grows() bool {
	ways := len(c.sets) * cacheWays
	return len(c.sets) < c.maxSets && (c.n*8 >= ways || c.evicted*2 >= ways)
}

// steal takes a recipe drawn at random from the pool out of its set, for
// a claim that finds an empty way when the pool is full, and returns its
// slot.
func (c *recipeCache) steal() uint32 {
	c.evicted++
	// The draw scaled to [0, n) by a multiplication (its high word), not
	// a division: a 64-bit divide is tens of cycles of a frame step, and
	// the draw's low bits (draw % n with n 512) stole the recipes a cyclic
	// walk was about to visit: 2.2% hits at 2,001 distinct pcs where
	// random replacement keeps 512/2,001 (TestRecipeCacheCyclic).
	hi, _ := bits.Mul64(c.draw(), uint64(c.n))
	k := uint32(hi)
	st := &c.sets[c.set(c.at(k+1).pc)]
	for j := range st.slot {
		if st.slot[j] == k+1 {
			st.slot[j], st.tags[j] = 0, 0
		}
	}
	return k + 1
}

// draw returns the next of the replacement's random draws (xorshift64:
// its low bits are as good as any).
func (c *recipeCache) draw() uint64 {
	c.rng ^= c.rng << 13
	c.rng ^= c.rng >> 7
	c.rng ^= c.rng << 17
	return c.rng >> 32
}

// grow doubles the cache's sets and puts every recipe of the pool back
// in, by its pc; the pool does not move. A set of the old cache splits
// into two of the new one (a pc's new set is its old one's index
// doubled, plus the next bit of its hash), so no set overflows.
func (c *recipeCache) grow() {
	c.alloc(2 * len(c.sets))
	for k := range c.n {
		e := &c.recipes[k>>poolChunkBits][k&(poolChunk-1)]
		st := &c.sets[c.set(e.pc)]
		for j := range st.slot {
			if st.slot[j] == 0 {
				st.tags[j], st.slot[j] = e.pc, uint32(k+1)
				break
			}
		}
	}
}

// entries returns the number of ways of the cache's sets.
func (c *recipeCache) entries() int { return len(c.sets) * cacheWays }

// reset forgets every recipe (and the modules they hold), and gives the
// cache its first size again. It keeps the first chunk of the pool and
// sets of the first size, cleared where they were used (no recipe keeps
// a module alive), so that a walk after a reset allocates nothing until
// it needs more than one chunk: clearing the slots a short stack used
// costs far less than allocating and zeroing a chunk of 512 recipes
// again. The rest of its memory goes to the collector.
func (c *recipeCache) reset() {
	if c == nil {
		return
	}
	if len(c.sets) == minCacheSets {
		clear(c.sets)
		c.evicted = 0
	} else {
		c.alloc(minCacheSets)
	}
	if len(c.recipes) > 0 {
		used := min(c.n, poolChunk)
		clear(c.recipes[0][:used])
		clear(c.founds[0][:used])
		clear(c.colds[0][:used])
		clear(c.recipes[1:])
		clear(c.founds[1:])
		clear(c.colds[1:])
		c.recipes, c.founds, c.colds = c.recipes[:1], c.founds[:1], c.colds[:1]
	}
	c.n = 0
}
