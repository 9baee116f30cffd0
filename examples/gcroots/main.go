// Command gcroots lists the GC roots a collector must scan at each
// gc.statepoint call site of an object file or binary (ELF, Mach-O, COFF
// or PE; universal Mach-O files give each slice): for every statepoint
// record, where each (base, derived) pointer pair and each GC stack slot
// lives, named with the target's registers.
//
//	go run ./examples/gcroots testdata/objects/llvm14/x86_64-elf/statepoints.o
//
// A root in a register (rather than a stack slot) is flagged: a moving
// collector cannot update it in place.
package main

import (
	"fmt"
	"io"
	"os"

	"github.com/stackmaps/stackmaps/objfile"
	"github.com/stackmaps/stackmaps/regs"
	"github.com/stackmaps/stackmaps/stackmap"
)

func main() {
	if len(os.Args) != 2 || os.Args[1] == "-h" || os.Args[1] == "--help" {
		fmt.Fprintln(os.Stderr, "usage: gcroots OBJECT-FILE")
		os.Exit(2)
	}
	if err := listRoots(os.Stdout, os.Args[1]); err != nil {
		fmt.Fprintln(os.Stderr, "gcroots:", err)
		os.Exit(1)
	}
}

// listRoots writes the GC roots of every statepoint in the named file.
func listRoots(w io.Writer, path string) error {
	f, err := objfile.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	for _, sd := range f.Sections {
		if err := listSection(w, sd); err != nil {
			return err
		}
	}
	return nil
}

// listSection writes the GC roots of every statepoint in one section.
func listSection(w io.Writer, sd *stackmap.SectionData) error {
	sec, err := sd.Parse()
	if err != nil {
		return err
	}
	for _, t := range sec.Tables() {
		for _, r := range t.Records() {
			sp, ok := r.AsStatepoint()
			if !ok {
				continue // a stackmap or patchpoint record (see Record.Statepoint for the rule)
			}
			fn := "?"
			if f, ok := t.Function(r.Function()); ok && f.Name() != "" {
				fn = f.Name()
			}
			fmt.Fprintf(w, "%s+%d (ID %#x): %d deopt values, %d GC pointers, %d GC slots\n",
				fn, r.InstructionOffset(), r.ID(), sp.NumDeopt(), sp.NumGCPairs(), sp.NumGCSlots())
			for p := 0; p < sp.NumGCPairs(); p++ {
				base, derived, _ := sp.GCPair(p)
				fmt.Fprintf(w, "  pointer %d: base %s, derived %s\n", p, where(sd.Arch, base), where(sd.Arch, derived))
			}
			for s := 0; s < sp.NumGCSlots(); s++ {
				slot, _ := sp.GCSlot(s)
				fmt.Fprintf(w, "  slot %d: %s\n", s, where(sd.Arch, slot))
			}
		}
	}
	return nil
}

// where says in words where a GC pointer lives.
func where(a regs.Arch, l stackmap.Location) string {
	reg := regs.DisplayName(a, l.Reg, 8)
	switch l.Kind {
	case stackmap.Indirect:
		return fmt.Sprintf("stack [%s%+d]", reg, l.Offset)
	case stackmap.Direct:
		return fmt.Sprintf("stack slot at %s%+d", reg, l.Offset)
	case stackmap.Register:
		return fmt.Sprintf("register %s (not updatable in place)", reg)
	}
	return fmt.Sprintf("%v %d", l.Kind, l.Offset)
}
