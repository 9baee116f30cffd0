package main

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"syscall"

	"github.com/stackmaps/stackmaps/regs"
	"github.com/stackmaps/stackmaps/stackwalk"
)

// frames is the depth of the stack walked.
const frames = 100

// cpuNanos returns the CPU time (user + system) the process has used.
func cpuNanos() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}

// best runs f reps times and returns its least CPU time divided by per.
func best(reps int, per float64, f func() error) (float64, error) {
	b := 0.0
	for i := range reps {
		c0 := cpuNanos()
		if err := f(); err != nil {
			return 0, err
		}
		if t := float64(cpuNanos() - c0); i == 0 || t < b {
			b = t
		}
	}
	return b / per, nil
}

// measureAt measures every figure at n modules: lookup and linear (ns a
// lookup; from 10,000 modules also lookup_packed and lookup_uneven, see
// layouts), walk_same and walk_spread (ns a frame), remove and add (ns a
// Remove, ns an Add), build (ns a NewWalker from a shuffled list).
func measureAt(n, reps int) (map[string]float64, error) {
	fig := map[string]float64{}
	mods, err := modules(n)
	if err != nil {
		return nil, err
	}
	set, err := stackwalk.NewModuleSet(regs.X86_64, mods...)
	if err != nil {
		return nil, err
	}
	rng := rand.New(rand.NewPCG(uint64(n), 1))
	pcs := make([]uint64, 1<<12)
	for i := range pcs {
		pcs[i] = mods[rng.IntN(n)].Start + retAddr - funcAddr
	}

	const lookups = 1 << 21
	if fig["lookup"], err = best(reps, lookups, func() error {
		for i := range lookups {
			if set.Lookup(pcs[i&(len(pcs)-1)]) == nil {
				return fmt.Errorf("pc %#x not found", pcs[i&(len(pcs)-1)])
			}
		}
		return nil
	}); err != nil {
		return nil, err
	}
	if n >= 10_000 {
		for _, layout := range layouts {
			if fig["lookup_"+layout], err = lookupLayout(mods, layout, reps); err != nil {
				return nil, err
			}
		}
	}
	// The anchor: the loop Walker.module ran over Config.Modules before.
	linear := max(64, (1<<26)/n)
	if fig["linear"], err = best(reps, float64(linear), func() error {
		for i := range linear {
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
	}); err != nil {
		return nil, err
	}

	walk := func(name string, set *stackwalk.ModuleSet, in func(int) int) error {
		mem, pc, rs := stack(frames, in)
		w, err := stackwalk.NewWalker(stackwalk.Config{ModuleSet: set, Memory: mem})
		if err != nil {
			return err
		}
		const walks = 20000
		fig[name], err = best(reps, walks*frames, func() error {
			for range walks {
				w.Start(pc, rs)
				k := 0
				for w.Next() {
					k++
				}
				if k != frames {
					return fmt.Errorf("%s: %d frames, %v", name, k, w.Err())
				}
			}
			return nil
		})
		return err
	}
	if err := walk("walk_same", set, func(int) int { return n / 2 }); err != nil {
		return nil, err
	}
	if n >= frames {
		spread := func(i int) int { return i * 997 % n }
		if err := walk("walk_spread", set, spread); err != nil {
			return nil, err
		}
		// The anchor the goal names: the same frames (the same return
		// addresses, the same stack) with every one in a single module.
		var at []int
		for i := range frames {
			at = append(at, spread(i))
		}
		slices.Sort(at)
		wide, err := wideModule(slices.Compact(at))
		if err != nil {
			return nil, err
		}
		one, err := stackwalk.NewModuleSet(regs.X86_64, wide)
		if err != nil {
			return nil, err
		}
		if err := walk("walk_wide", one, spread); err != nil {
			return nil, err
		}
	}

	// Remove and Add, each timed on its own: batches of k distinct
	// modules drawn at random are removed, then new *Modules are added at
	// their addresses (the set shrinks by at most k, half of it).
	const ops = 4000
	k := max(1, min(n/2, 1000))
	fresh := make([]*stackwalk.Module, n)
	for i := range fresh {
		c := *mods[i]
		fresh[i] = &c
	}
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	for rep := range reps {
		var rem, add int64
		for done := 0; done < ops; done += k {
			for i := range k { // a partial shuffle: order[:k] is the batch
				j := i + rng.IntN(n-i)
				order[i], order[j] = order[j], order[i]
			}
			c0 := cpuNanos()
			for _, i := range order[:k] {
				if err := set.Remove(mods[i]); err != nil {
					return nil, err
				}
			}
			c1 := cpuNanos()
			for _, i := range order[:k] {
				if err := set.Add(fresh[i]); err != nil {
					return nil, err
				}
			}
			c2 := cpuNanos()
			rem, add = rem+c1-c0, add+c2-c1
			for _, i := range order[:k] {
				mods[i], fresh[i] = fresh[i], mods[i]
			}
		}
		batches := float64((ops + k - 1) / k * k)
		r, a := float64(rem)/batches, float64(add)/batches
		if rep == 0 {
			fig["remove"], fig["add"] = r, a
		} else {
			fig["remove"], fig["add"] = min(fig["remove"], r), min(fig["add"], a)
		}
	}

	list := slices.Clone(mods)
	rng.Shuffle(n, func(i, j int) { list[i], list[j] = list[j], list[i] })
	mem, _, _ := stack(1, func(int) int { return 0 })
	builds := max(3, 200_000/n)
	if fig["build"], err = best(reps, float64(builds), func() error {
		for range builds {
			if _, err := stackwalk.NewWalker(stackwalk.Config{Modules: list, Memory: mem}); err != nil {
				return err
			}
		}
		return nil
	}); err != nil {
		return nil, err
	}
	return fig, nil
}
