// Command movinggc runs an llc-compiled mutator whose every gc.statepoint
// calls a moving collector written in Go: the collector walks the
// mutator's frames with package stackwalk, copies the reachable objects to
// a new space, poisons and protects the old one and writes every relocated
// base and derived pointer back to its home (a stack slot, a callee's save
// slot, or the capture routine's saved register). See README.md.
//
//	go run . [-v] [-seed N]
package main

import (
	"flag"
	"fmt"
	"os"
)

func main() {
	verbose := flag.Bool("v", false, "print every frame and root of every collection")
	seed := flag.Uint64("seed", 0x1234, "the mutator's seed")
	flag.Parse()
	a, err := nativeArch()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	status := 0
	for _, v := range Variants {
		var logf func(string, ...any)
		if *verbose {
			logf = func(f string, args ...any) { fmt.Printf("    "+f+"\n", args...) }
		}
		fmt.Printf("%s/%s:\n", a.name, v)
		r, err := Run(v, *seed, logf)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			status = 1
		}
		if r == nil {
			continue
		}
		want := Checksum(*seed)
		s := r.Stats
		fmt.Printf("  checksum %#x (model %#x), %d poison reads\n", r.Checksum, want, r.PoisonReads)
		fmt.Printf("  %d collections, %d frames, %d roots, %d home words written (%d stack slots, %d save slots, %d captured registers), %d verified\n",
			s.Collections, s.Frames, s.Roots, s.Writes, s.Homes[HomeStackSlot], s.Homes[HomeSaveSlot], s.Homes[HomeCaptured], s.Verified)
		fmt.Printf("  %d objects (%d bytes) copied, %d bytes freed\n", s.Copied, s.Bytes, s.Freed)
		if r.Checksum != want || r.PoisonReads != 0 {
			status = 1
		}
	}
	os.Exit(status)
}
