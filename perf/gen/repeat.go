package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
)

// runRepeat concatenates the given sections (each one or more tables) and
// repeats the result, as a linker concatenates the tables of the objects it
// links, until it reaches about -mb megabytes (10^6 bytes).
func runRepeat(args []string) error {
	fs := flag.NewFlagSet("repeat", flag.ContinueOnError)
	out := fs.String("o", "", "output file")
	mb := fs.Float64("mb", 100, "target size in megabytes (10^6 bytes)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *out == "" || fs.NArg() == 0 {
		return fmt.Errorf("repeat: need -o and at least one section file")
	}
	var unit []byte
	for _, p := range fs.Args() {
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if len(b)%8 != 0 {
			return fmt.Errorf("repeat: %s: %d bytes is not a multiple of 8, so its tables cannot be concatenated", p, len(b))
		}
		unit = append(unit, b...)
	}
	if len(unit) == 0 {
		return fmt.Errorf("repeat: the input sections are empty")
	}
	copies := max(1, int(*mb*1e6)/len(unit))
	if err := os.WriteFile(*out, bytes.Repeat(unit, copies), 0o644); err != nil {
		return err
	}
	fmt.Printf("bytes=%d copies=%d unit_bytes=%d\n", copies*len(unit), copies, len(unit))
	return nil
}
