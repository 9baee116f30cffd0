package main

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"slices"

	"github.com/stackmaps/stackmaps/regs"
	"github.com/stackmaps/stackmaps/stackwalk"
)

// layouts are the module layouts of the lookup figures: "even", the
// copies of modules(n), one function spacing bytes apart (a JIT's code
// region of similar modules); "packed", random sizes from 64 bytes to 2
// KB, 16-byte aligned, one after the other (a JIT's one-function modules
// from a bump allocator); "uneven", random sizes from 16 bytes to 64 KB
// with random gaps up to 64 KB. packed and uneven are those of the
// package's BenchmarkModuleSetLookup.
var layouts = []string{"even", "packed", "uneven"}

// laidOut returns copies of mods laid out as layout says, in address
// order.
func laidOut(mods []*stackwalk.Module, layout string) ([]*stackwalk.Module, error) {
	if layout == "even" {
		return mods, nil
	}
	rng := rand.New(rand.NewPCG(1, 2))
	laid := make([]*stackwalk.Module, len(mods))
	at := uint64(0x10000)
	for k, m := range mods {
		c := *m
		switch layout {
		case "packed":
			c.Start, c.End = at, at+64+rng.Uint64N(2048-64)&^15
		case "uneven":
			at += rng.Uint64N(1 << 16)
			c.Start, c.End = at, at+16+rng.Uint64N(1<<16)
		default:
			return nil, fmt.Errorf("no layout %q", layout)
		}
		at = c.End
		laid[k] = &c
	}
	return laid, nil
}

// sortedStarts is the lookup anchor: the modules' starts in a sorted
// []uint64 searched by slices.BinarySearch, their ends and *Modules in
// arrays beside it (24 bytes a module; what a runtime writes first).
type sortedStarts struct {
	starts, ends []uint64
	mods         []*stackwalk.Module
}

// newSortedStarts returns the anchor of mods (in address order).
func newSortedStarts(mods []*stackwalk.Module) *sortedStarts {
	a := &sortedStarts{mods: mods}
	for _, m := range mods {
		a.starts, a.ends = append(a.starts, m.Start), append(a.ends, m.End)
	}
	return a
}

// lookup returns the module holding pc, or nil.
func (a *sortedStarts) lookup(pc uint64) *stackwalk.Module {
	i, found := slices.BinarySearch(a.starts, pc)
	if !found {
		i--
	}
	if i < 0 || pc >= a.ends[i] {
		return nil
	}
	return a.mods[i]
}

// oneRead is the floor of the lookup figures: each module's code range
// and *Module in an array of 32-byte entries (a ModuleSet's), read at the
// entry of the pc's module, its index known beforehand (idx, beside the
// pcs). A lookup that ends reading an entry costs at least this: one
// random read over n entries (cold pcs: 32 MB at 1,000,000 modules).
//
// read2 adds one dependent read before it: the entry's index, in a
// directory of 4 bytes a module (dir, a permutation) at a place known
// beforehand (at, beside the pcs); a lookup whose layout needs a
// directory of the modules (packed and uneven) costs at least this.
//
// readChunked and readChunked2 are the floors of a set whose entries are
// held in chunks of their own, as a set that Add and Remove change by
// copying a chunk must hold them: readChunked reads the record of the
// module's chunk (32 bytes, in an array of them, chunkFloor) and then the
// entry in the chunk, both at places known beforehand (an even layout
// needs no directory of its modules, but a lookup must find the chunk);
// readChunked2 also reads a byte of a directory of a byte a module (a
// packed or uneven layout's modules need at least that: their sizes vary
// by 7 bits or more), independent of the chunk's read, so that the two
// may overlap where a lookup's reads cannot.
type oneRead struct {
	ents    []oneEntry
	idx, at []int32
	dir     []int32
	chunks  []chunkFloor // the chunks of floorChunk entries each
	bytes   []uint8      // bytes[at[i]]: the place in its chunk of pc i's entry
}

// chunkFloor is the 32-byte record of a chunk of entries (a ModuleSet's
// is 32 bytes).
type chunkFloor struct {
	ents []oneEntry
	_    uint64
}

// floorChunk is the chunks' size: a built ModuleSet's (buildChunk).
const floorChunk = 96

// newChunks returns the chunks of ents, floorChunk a chunk, each in an
// allocation of its own.
func newChunks(ents []oneEntry) []chunkFloor {
	var cs []chunkFloor
	for lo := 0; lo < len(ents); lo += floorChunk {
		cs = append(cs, chunkFloor{ents: slices.Clone(ents[lo:min(lo+floorChunk, len(ents))])})
	}
	return cs
}

// readChunked returns the module of pc, the i-th looked up, through its
// chunk's record, or nil.
func (o *oneRead) readChunked(i int, pc uint64) *stackwalk.Module {
	k := o.idx[i]
	e := &o.chunks[k/floorChunk].ents[k%floorChunk]
	if pc-e.start >= e.end-e.start {
		return nil
	}
	return e.m
}

// readChunked2 returns the module of pc, the i-th looked up, through a
// byte of the directory and its chunk's record, or nil.
func (o *oneRead) readChunked2(i int, pc uint64) *stackwalk.Module {
	j := o.bytes[o.at[i]]
	e := &o.chunks[o.idx[i]/floorChunk].ents[j]
	if pc-e.start >= e.end-e.start {
		return nil
	}
	return e.m
}

type oneEntry struct {
	start, end uint64
	m          *stackwalk.Module
	_          uint64
}

// read returns the module of pc, the i-th looked up, or nil.
func (o *oneRead) read(i int, pc uint64) *stackwalk.Module {
	e := &o.ents[o.idx[i]]
	if pc-e.start >= e.end-e.start {
		return nil
	}
	return e.m
}

// read2 returns the module of pc, the i-th looked up, through dir, or nil.
func (o *oneRead) read2(i int, pc uint64) *stackwalk.Module {
	e := &o.ents[o.dir[o.at[i]]]
	if pc-e.start >= e.end-e.start {
		return nil
	}
	return e.m
}

// Tables of pcs looked up: hotPCs of them (the lines a lookup reads stay
// in cache) or coldPCs, drawn over every module (few do).
const (
	hotPCs  = 1 << 12
	coldPCs = 1 << 20
	lookupN = 1 << 21 // lookups a repetition
)

// lookups measures, in every layout, a ModuleSet's Lookup and the
// anchor's (sortedStarts), one after the other in each repetition, at
// hot and cold pcs inside the modules (lookup_LAYOUT_TEMP and
// anchor_LAYOUT_TEMP, ns; ..._ratio, the set over the anchor in the same
// repetition), the floor of a lookup (oneRead: read_LAYOUT_TEMP, and
// lookup_LAYOUT_TEMP_read_ratio, the set over it; read2_LAYOUT_TEMP, a
// directory's read before it), the linear scan Walker ran before ModuleSet (linear, hot
// pcs of the even layout, up to 100,000 modules), and the heap a set
// holds a module beside the Modules (bytes_LAYOUT).
func lookups(fig figures, mods []*stackwalk.Module, reps int) error {
	n := len(mods)
	for _, layout := range layouts {
		laid, err := laidOut(mods, layout)
		if err != nil {
			return err
		}
		h0 := heapBytes()
		set, err := stackwalk.NewModuleSet(regs.X86_64, laid...)
		if err != nil {
			return err
		}
		if h1 := heapBytes(); h1 > h0 {
			fig.add("bytes_"+layout, float64(h1-h0)/float64(n))
		}
		anchor := newSortedStarts(laid)
		one := oneRead{ents: make([]oneEntry, n)}
		for i, m := range laid {
			one.ents[i] = oneEntry{start: m.Start, end: m.End, m: m}
		}
		one.dir, one.bytes = make([]int32, n), make([]uint8, n)
		slot := rand.New(rand.NewPCG(uint64(n), 2)).Perm(n) // slot[k]: where dir holds k
		for k, p := range slot {
			one.dir[p], one.bytes[p] = int32(k), uint8(k%floorChunk)
		}
		one.chunks = newChunks(one.ents)
		rng := rand.New(rand.NewPCG(uint64(n), 1))
		for _, temp := range []string{"hot", "cold"} {
			pcs := make([]uint64, hotPCs)
			if temp == "cold" {
				pcs = make([]uint64, coldPCs)
			}
			one.idx, one.at = make([]int32, len(pcs)), make([]int32, len(pcs))
			for i := range pcs {
				k := rng.IntN(n)
				m := laid[k]
				pcs[i] = m.Start + rng.Uint64N(m.End-m.Start)
				one.idx[i], one.at[i] = int32(k), int32(slot[k])
			}
			mask := len(pcs) - 1
			name := layout + "_" + temp
			// Each loop below is written out: a loop calling its
			// lookup through a function value (or a generic
			// function, which Go instantiates once for every
			// pointer type) would add a call to every lookup it
			// times, as much as a hot lookup's own cost.
			for range reps {
				v, err := timed(lookupN, func() error {
					for i := range lookupN {
						if set.Lookup(pcs[i&mask]) == nil {
							return fmt.Errorf("%s: pc %#x not found", name, pcs[i&mask])
						}
					}
					return nil
				})
				if err != nil {
					return err
				}
				a, err := timed(lookupN, func() error {
					for i := range lookupN {
						if anchor.lookup(pcs[i&mask]) == nil {
							return fmt.Errorf("%s: anchor: pc %#x not found", name, pcs[i&mask])
						}
					}
					return nil
				})
				if err != nil {
					return err
				}
				r, err := timed(lookupN, func() error {
					for i := range lookupN {
						if one.read(i&mask, pcs[i&mask]) == nil {
							return fmt.Errorf("%s: one read: pc %#x not found", name, pcs[i&mask])
						}
					}
					return nil
				})
				if err != nil {
					return err
				}
				r2, err := timed(lookupN, func() error {
					for i := range lookupN {
						if one.read2(i&mask, pcs[i&mask]) == nil {
							return fmt.Errorf("%s: two reads: pc %#x not found", name, pcs[i&mask])
						}
					}
					return nil
				})
				if err != nil {
					return err
				}
				rc, err := timed(lookupN, func() error {
					for i := range lookupN {
						if one.readChunked(i&mask, pcs[i&mask]) == nil {
							return fmt.Errorf("%s: chunked read: pc %#x not found", name, pcs[i&mask])
						}
					}
					return nil
				})
				if err != nil {
					return err
				}
				rc2, err := timed(lookupN, func() error {
					for i := range lookupN {
						if one.readChunked2(i&mask, pcs[i&mask]) == nil {
							return fmt.Errorf("%s: chunked read with a directory: pc %#x not found", name, pcs[i&mask])
						}
					}
					return nil
				})
				if err != nil {
					return err
				}
				fig.add("readc_"+name, rc)
				fig.add("readc2_"+name, rc2)
				fig.add("read2_"+name, r2)
				fig.add("read_"+name, r)
				fig.add("lookup_"+name+"_read_ratio", v/r)
				fig.add("lookup_"+name, v)
				fig.add("anchor_"+name, a)
				fig.add("lookup_"+name+"_ratio", v/a)
			}
			if layout == "even" && temp == "hot" && n <= 100_000 {
				if err := linear(fig, mods, pcs, reps); err != nil {
					return err
				}
			}
		}
		runtime.KeepAlive(set)
	}
	return nil
}

// linear measures the loop Walker.module ran over Config.Modules before
// ModuleSet, over pcs.
func linear(fig figures, mods []*stackwalk.Module, pcs []uint64, reps int) error {
	lookups := max(64, (1<<26)/len(mods))
	for range reps {
		v, err := timed(float64(lookups), func() error {
			for i := range lookups {
				pc := pcs[i&(len(pcs)-1)]
				var found *stackwalk.Module
				for _, m := range mods {
					if m.Contains(pc) {
						found = m
						break
					}
				}
				if found == nil {
					return fmt.Errorf("pc %#x not found", pc)
				}
			}
			return nil
		})
		if err != nil {
			return err
		}
		fig.add("linear", v)
	}
	return nil
}
