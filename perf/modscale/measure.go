package main

import (
	"fmt"
	"math/rand/v2"
	"runtime"
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

// timed runs f once and returns its CPU time divided by per.
func timed(per float64, f func() error) (float64, error) {
	c0 := cpuNanos()
	if err := f(); err != nil {
		return 0, err
	}
	return float64(cpuNanos()-c0) / per, nil
}

// figures holds every repetition of every figure of a round, by name.
type figures map[string][]float64

// add appends one repetition of a figure.
func (f figures) add(name string, v float64) { f[name] = append(f[name], v) }

// measureAt measures every figure at n modules, reps times each (every
// repetition kept): the lookups (see lookups), walk_same and walk_spread
// (ns a frame), remove_ORDER and add_ORDER (ns an operation, see
// addRemove), build (ns a NewWalker from a shuffled list) and bytes (the
// heap a ModuleSet of the even layout holds, a module).
func measureAt(n, reps int) (figures, error) {
	fig := figures{}
	mods, err := modules(n)
	if err != nil {
		return nil, err
	}
	if err := lookups(fig, mods, reps); err != nil || lookupsOnly {
		return fig, err
	}
	set, err := stackwalk.NewModuleSet(regs.X86_64, mods...)
	if err != nil {
		return nil, err
	}
	walk := func(name string, set *stackwalk.ModuleSet, in func(int) int) error {
		mem, pc, rs := stack(frames, in)
		w, err := stackwalk.NewWalker(stackwalk.Config{ModuleSet: set, Memory: mem})
		if err != nil {
			return err
		}
		const walks = 20000
		for range reps {
			v, err := timed(walks*frames, func() error {
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
			if err != nil {
				return err
			}
			fig.add(name, v)
		}
		return nil
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
	if err := addRemove(fig, mods, reps); err != nil {
		return nil, err
	}

	rng := rand.New(rand.NewPCG(uint64(n), 3))
	list := slices.Clone(mods)
	rng.Shuffle(n, func(i, j int) { list[i], list[j] = list[j], list[i] })
	mem, _, _ := stack(1, func(int) int { return 0 })
	builds := max(1, 200_000/n)
	for range reps {
		v, err := timed(float64(builds), func() error {
			for range builds {
				if _, err := stackwalk.NewWalker(stackwalk.Config{Modules: list, Memory: mem}); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
		fig.add("build", v)
	}
	return fig, nil
}

// heapBytes returns the bytes of live heap after a collection.
func heapBytes() uint64 {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.HeapAlloc
}

// addRemove measures Remove and Add, each timed on its own, in batches of
// k = min(n/2, 1,000) operations (CPU time of the batch over k; garbage
// collection included), 4,000 operations a repetition, in three orders:
//   - random: k distinct modules drawn at random are removed, then new
//     *Modules added at their addresses;
//   - oldest: the k lowest modules are removed in address order, then k
//     new ones added above the highest (a JIT freeing its oldest code from
//     a bump allocator: the window of live modules slides up);
//   - newest: the k highest are removed, highest first, then added back
//     (new *Modules) in address order.
//
// Every set starts from the n modules of the even layout.
func addRemove(fig figures, mods []*stackwalk.Module, reps int) error {
	n := len(mods)
	const ops = 4000
	k := max(1, min(n/2, 1000))
	batches := (ops + k - 1) / k
	for _, order := range []string{"random", "oldest", "newest"} {
		live := slices.Clone(mods) // in address order
		set, err := stackwalk.NewModuleSet(regs.X86_64, live...)
		if err != nil {
			return err
		}
		rng := rand.New(rand.NewPCG(uint64(n), 2))
		next := n // the copy index above the highest, for oldest
		pick := make([]int, n)
		for i := range pick {
			pick[i] = i
		}
		for range reps {
			var rem, add int64
			for range batches {
				var gone, back []*stackwalk.Module
				switch order {
				case "random":
					for i := range k { // a partial shuffle: pick[:k] is the batch
						j := i + rng.IntN(n-i)
						pick[i], pick[j] = pick[j], pick[i]
					}
					for _, i := range pick[:k] {
						c := *live[i]
						gone, back = append(gone, live[i]), append(back, &c)
						live[i] = &c
					}
				case "oldest":
					gone = slices.Clone(live[:k])
					for i := range k {
						back = append(back, copyAt(live[0], next+i))
					}
					next += k
					live = append(live[k:], back...)
				default:
					for i := range k {
						gone = append(gone, live[n-1-i])
					}
					for i := n - k; i < n; i++ {
						c := *live[i]
						back = append(back, &c)
						live[i] = &c
					}
				}
				c0 := cpuNanos()
				for _, m := range gone {
					if err := set.Remove(m); err != nil {
						return err
					}
				}
				c1 := cpuNanos()
				for _, m := range back {
					if err := set.Add(m); err != nil {
						return err
					}
				}
				c2 := cpuNanos()
				rem, add = rem+c1-c0, add+c2-c1
			}
			fig.add("remove_"+order, float64(rem)/float64(batches*k))
			fig.add("add_"+order, float64(add)/float64(batches*k))
		}
		if set.Len() != n {
			return fmt.Errorf("%s: %d modules left of %d", order, set.Len(), n)
		}
	}
	return nil
}

// copyAt returns a copy of m moved to the place of module copy k (see
// modules): the same tables, k*spacing above copy 0.
func copyAt(m *stackwalk.Module, k int) *stackwalk.Module {
	c := *m
	d := uint64(k)*spacing - m.Bias
	c.Bias, c.Start, c.End = m.Bias+d, m.Start+d, m.End+d
	return &c
}
