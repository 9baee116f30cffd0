package objfile_test

import (
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/stackmaps/stackmaps/objfile"
	"github.com/stackmaps/stackmaps/stackmap"
)

// Open any object file, whatever its format, and print where each
// function's stack map records are: its symbol and each record's address
// (relocations applied). errors.Is tells a file without stack maps from
// one that is not an object file at all.
func Example() {
	for _, name := range []string{
		"../testdata/objects/llvm22/x86_64-elf/vectors.o",
		"../testdata/objects/llvm22/arm64-macho/vectors.o",
		"../testdata/objects/llvm22/x86_64-coff/vectors.o",
		"../testdata/linked/x86_64-elf/main.o",
		"../README.md",
	} {
		err := describe(os.Stdout, name)
		switch {
		case errors.Is(err, objfile.ErrNoSection):
			fmt.Println("no stack maps in", name)
		case errors.Is(err, objfile.ErrNotObject):
			fmt.Println("not an object file:", name)
		case err != nil:
			fmt.Println(err)
		}
	}
	// Output:
	// ../testdata/objects/llvm22/x86_64-elf/vectors.o: elf x86_64
	//   vec_regs at 0x0: record 610 at 0x4
	//   vec_spilled at 0x10: record 611 at 0x25
	//   vec_alloca at 0x30: record 612 at 0x43
	// ../testdata/objects/llvm22/arm64-macho/vectors.o: macho aarch64
	//   vec_regs at 0x0: record 610 at 0x8
	//   vec_spilled at 0x10: record 611 at 0x28
	//   vec_alloca at 0x34: record 612 at 0x4c
	// ../testdata/objects/llvm22/x86_64-coff/vectors.o: coff x86_64
	//   vec_regs at 0x0: record 610 at 0xa
	//   vec_spilled at 0x10: record 611 at 0x26
	//   vec_alloca at 0x40: record 612 at 0x55
	// no stack maps in ../testdata/linked/x86_64-elf/main.o
	// not an object file: ../README.md
}

// describe prints each function's symbol and each record's address, for
// every stack map section of the named file.
func describe(w io.Writer, name string) error {
	f, err := objfile.Open(name)
	if err != nil {
		return err
	}
	defer f.Close()
	for _, sd := range f.Sections {
		sec, err := sd.Parse()
		if err != nil {
			return err
		}
		fmt.Fprintf(w, "%s: %s %s\n", name, sd.Format, sd.Arch)
		for _, t := range sec.Tables() {
			writeTable(w, t)
		}
	}
	return nil
}

func writeTable(w io.Writer, t *stackmap.Table) {
	fn := -1
	for _, r := range t.Records() {
		if r.Function() != fn {
			if fn >= 0 {
				fmt.Fprintln(w)
			}
			fn = r.Function()
			f, _ := t.Function(fn)
			fmt.Fprintf(w, "  %s at %#x:", f.Name(), f.Entry())
		}
		addr, _ := r.Address()
		fmt.Fprintf(w, " record %d at %#x", r.ID(), addr)
	}
	if fn >= 0 {
		fmt.Fprintln(w)
	}
}

// From a file to the record at a return address: open, parse, index, look
// up. The program was linked at its addresses; a runtime that loaded it
// elsewhere passes the load bias (runtime address less link address).
func Example_lookup() {
	f, err := objfile.Open("../testdata/linked/x86_64-elf/exe")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer f.Close()
	sec, err := f.Sections[0].Parse()
	if err != nil {
		fmt.Println(err)
		return
	}
	ix := stackmap.NewIndex(sec)
	const bias = 0x10000000
	for _, pc := range []uint64{bias + 0x4012c3, bias + 0x4012c4} {
		m, ok := ix.Lookup(pc, bias)
		if !ok {
			fmt.Printf("%#x: no record\n", pc)
			continue
		}
		r, _ := m.Record(0)
		fn, _ := r.Table().Function(r.Function())
		fmt.Printf("%#x: record %#x in %s, table %d, %d locations\n", pc, r.ID(), fn.Name(), r.Table().Index(), r.NumLocations())
	}
	// Output:
	// 0x104012c3: record 0xc000 in lg_safepoint, table 2, 8 locations
	// 0x104012c4: no record
}

// Every collection iterates the same way, index first, as slices.All does.
func Example_records() {
	if err := listRecords("../testdata/objects/llvm22/x86_64-elf/vectors.o"); err != nil {
		fmt.Println(err)
	}
	// Output:
	// vec_regs: record 610 at 0x4
	//   #0 Register reg 17 offset 0 size 16
	//   #1 Register reg 18 offset 0 size 16
	// vec_spilled: record 611 at 0x25
	//   #0 Register reg 17 offset 0 size 16
	// vec_alloca: record 612 at 0x43
	//   #0 Direct reg 6 offset -16 size 8
}

// listRecords is the README's library example.
func listRecords(name string) error {
	f, err := objfile.Open(name) // memory-maps the section: Close when done
	if err != nil {
		return err // errors.Is(err, objfile.ErrNoSection), errors.Is(err, objfile.ErrNotObject)
	}
	defer f.Close()
	for _, sd := range f.Sections { // one per universal slice, else one
		sec, err := sd.Parse() // validates every table once
		if err != nil {
			return err // a *stackmap.DecodeError: section offset, table, record, location
		}
		for _, t := range sec.Tables() {
			for _, r := range t.Records() { // no allocation
				fn, _ := t.Function(r.Function())
				addr, _ := r.Address() // function entry + instruction offset, relocated
				fmt.Printf("%s: record %d at %#x\n", fn.Name(), r.ID(), addr)
				for i, l := range r.Locations() {
					fmt.Printf("  #%d %v reg %d offset %d size %d\n", i, l.Kind, l.Reg, l.Offset, l.Size)
				}
			}
		}
	}
	return nil
}
