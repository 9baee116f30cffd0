package stackwalk

import "math/bits"

// The recipe cache is set-associative: cacheSets sets of cacheWays
// entries, a pc's set chosen by a multiplicative hash of it. A walk of a
// stack whose frames return to many places (a JIT's one-function modules
// calling each other) keeps one recipe per place; in a direct-mapped cache
// of 512 entries the 100 return addresses of such a stack fall, about ten
// pairs of them, into one slot, and each pair evicts itself at every walk.
// Four ways make that a set of five or more of the 128, which 100 pcs
// drawn at random almost never fill.
const (
	cacheWays    = 4
	cacheSetBits = 7
	cacheSets    = 1 << cacheSetBits
)

// recipeCache holds the recipes of the pcs a Walker saw, by (module, pc,
// call). tags[s][i] is the pc of entry ents[s][i] (a hint: the entry's
// own fields decide, and an entry whose m is nil is empty), so a lookup
// reads one small array before it reads the entry it wants.
type recipeCache struct {
	tags [cacheSets][cacheWays]uint64
	next [cacheSets]uint8 // the way the set's next new pc replaces, when none is empty
	ents [cacheSets][cacheWays]recipe
}

// set returns the index of the set pc maps to.
func (c *recipeCache) set(pc uint64) uint {
	return uint((pc * 0x9e3779b97f4a7c15) >> (64 - cacheSetBits))
}

// find returns the recipe of pc (a return address when call), whatever
// its module, or nil. A pc has at most one entry (claim reuses it). The
// set's tags are compared all at once, without a branch: which way holds
// a pc is what a walk cannot predict (a stack of 200 return addresses
// fills two or three ways of most sets it uses), and a branch on it
// mispredicts at every other frame.
func (c *recipeCache) find(pc uint64, call bool) *recipe {
	s := c.set(pc)
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
// empty one of its set, else the set's next way in turn. Its tag says pc;
// the caller sets its m when the recipe is made, or nil when it is not.
func (c *recipeCache) claim(pc uint64) *recipe {
	s := c.set(pc)
	tags := &c.tags[s]
	way := -1
	for i, t := range tags {
		if t == pc {
			way = i
			break
		}
	}
	if way < 0 {
		for i := range tags {
			if c.ents[s][i].m == nil {
				way = i
				break
			}
		}
	}
	if way < 0 {
		way = int(c.next[s] % cacheWays)
		c.next[s]++
	}
	tags[way] = pc
	return &c.ents[s][way]
}

// reset forgets every recipe (and the modules they hold).
func (c *recipeCache) reset() {
	if c == nil {
		return
	}
	c.tags = [cacheSets][cacheWays]uint64{}
	c.next = [cacheSets]uint8{}
	clear(c.ents[:])
}
