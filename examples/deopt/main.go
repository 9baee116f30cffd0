// Command deopt is a tiny runtime: given an executable built from
// testdata/deopt and the capture file it wrote when it stopped at its
// statepoint and patchpoint calls (registers, return address, a window of
// the caller's stack), it finds each call's stack map record, evaluates
// every location and prints the rebuilt deoptimization frame, checking each
// value against what the program computed.
//
//	go run ./examples/deopt testdata/deopt/golden/x86_64-pie-reg/deopt testdata/deopt/golden/x86_64-pie-reg/capture.txt
//
// Exit status 0 when every value was rebuilt correctly, 1 otherwise, 2 on
// bad usage.
package main

import (
	"fmt"
	"io"
	"os"

	"github.com/stackmaps/stackmaps/regs"
	"github.com/stackmaps/stackmaps/stackmap"
)

func main() {
	if len(os.Args) != 3 || os.Args[1] == "-h" || os.Args[1] == "--help" {
		fmt.Fprintln(os.Stderr, "usage: deopt EXECUTABLE CAPTURE-FILE")
		os.Exit(2)
	}
	ok, err := run(os.Stdout, os.Args[1], os.Args[2])
	if err != nil {
		fmt.Fprintln(os.Stderr, "deopt:", err)
		os.Exit(1)
	}
	if !ok {
		os.Exit(1)
	}
}

// run rebuilds and prints every captured frame; ok is false when a value
// differs from the program's.
func run(w io.Writer, exe, capture string) (ok bool, err error) {
	m, err := LoadModule(exe)
	if err != nil {
		return false, err
	}
	defer m.Close()
	f, err := os.Open(capture)
	if err != nil {
		return false, err
	}
	defer f.Close()
	cf, err := ParseCapture(f)
	if err != nil {
		return false, err
	}
	ok = true
	for _, c := range cf.Captures {
		fr, err := m.Rebuild(cf, c)
		if err != nil {
			return false, err
		}
		printFrame(w, m, fr)
		for _, msg := range Check(fr, c) {
			fmt.Fprintln(w, "  MISMATCH", msg)
			ok = false
		}
	}
	return ok, nil
}

func printFrame(w io.Writer, m *Module, fr *Frame) {
	fi := fr.Function
	kind := "patchpoint/stackmap"
	if fr.Statepoint {
		kind = "statepoint"
	}
	fmt.Fprintf(w, "%s record ID %#x in %s (entry 0x%x + %d)\n", kind, fr.Record.ID(), fi.Symbol(), fi.Entry(), fr.Record.InstructionOffset())
	for i, v := range fr.Deopt {
		fmt.Fprintf(w, "  value %2d = 0x%016x  (%s)\n", i, v.Bits, describe(m.Section.Arch, v.Loc))
	}
	for i, p := range fr.GC {
		fmt.Fprintf(w, "  gc %d: base 0x%x (%s), derived 0x%x (%s)\n", i,
			p.Base.Bits, describe(m.Section.Arch, p.Base.Loc), p.Derived.Bits, describe(m.Section.Arch, p.Derived.Loc))
	}
}

// describe says where a location is, with the register's name.
func describe(a regs.Arch, l stackmap.Location) string {
	r := regs.DisplayName(a, l.Reg, int(l.Size))
	switch l.Kind {
	case stackmap.Register:
		return "register " + r
	case stackmap.Direct:
		return fmt.Sprintf("address %s%+d", regs.DisplayName(a, l.Reg, 8), l.Offset)
	case stackmap.Indirect:
		return fmt.Sprintf("%d bytes at [%s%+d]", l.Size, regs.DisplayName(a, l.Reg, 8), l.Offset)
	}
	return l.Kind.String()
}
