package main

import (
	"fmt"
	"math/rand/v2"

	"github.com/stackmaps/stackmaps/regs"
	"github.com/stackmaps/stackmaps/stackwalk"
)

// layouts are the module layouts of the lookup figures besides the even
// one of modules(n) (copies of one function spacing bytes apart):
// "packed", modules of random sizes from 64 bytes to 2 KB, 16-byte
// aligned, one after the other (a JIT's one-function modules from a bump
// allocator); "uneven", random sizes from 16 bytes to 64 KB with random
// gaps up to 64 KB. They are those of the package's
// BenchmarkModuleSetLookup.
var layouts = []string{"packed", "uneven"}

// lookupLayout measures a lookup (ns) in a set of copies of mods laid out
// as layout says, at random pcs inside its modules.
func lookupLayout(mods []*stackwalk.Module, layout string, reps int) (float64, error) {
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
			return 0, fmt.Errorf("no layout %q", layout)
		}
		at = c.End
		laid[k] = &c
	}
	set, err := stackwalk.NewModuleSet(regs.X86_64, laid...)
	if err != nil {
		return 0, err
	}
	pcs := make([]uint64, 1<<12)
	for i := range pcs {
		m := laid[rng.IntN(len(laid))]
		pcs[i] = m.Start + rng.Uint64N(m.End-m.Start)
	}
	const lookups = 1 << 21
	return best(reps, lookups, func() error {
		for i := range lookups {
			if set.Lookup(pcs[i&(len(pcs)-1)]) == nil {
				return fmt.Errorf("%s: pc %#x not found", layout, pcs[i&(len(pcs)-1)])
			}
		}
		return nil
	})
}
