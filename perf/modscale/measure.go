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
// lookup), walk_same and walk_spread (ns a frame), addremove (ns a Remove
// plus an Add), build (ns a NewWalker from a shuffled list).
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

	walk := func(name string, in func(int) int) error {
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
	if err := walk("walk_same", func(int) int { return n / 2 }); err != nil {
		return nil, err
	}
	if n >= frames {
		if err := walk("walk_spread", func(i int) int { return i * 997 % n }); err != nil {
			return nil, err
		}
	}

	const pairs = 4000
	fresh := make([]*stackwalk.Module, n)
	for k := range fresh {
		c := *mods[k]
		fresh[k] = &c
	}
	if fig["addremove"], err = best(reps, pairs, func() error {
		for range pairs {
			k := rng.IntN(n)
			if err := set.Remove(mods[k]); err != nil {
				return err
			}
			if err := set.Add(fresh[k]); err != nil {
				return err
			}
			mods[k], fresh[k] = fresh[k], mods[k]
		}
		return nil
	}); err != nil {
		return nil, err
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
