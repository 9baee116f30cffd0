package main

import (
	"bytes"
	"encoding/binary"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/stackmaps/stackmaps/objfile"
	"github.com/stackmaps/stackmaps/regs"
	"github.com/stackmaps/stackmaps/stackmap"
)

// dumpInput is one file's stack map sections, located and decoded.
type dumpInput struct {
	File     string
	Obj      *objfile.File           // the file, opened once; nil for raw bytes from standard input
	Sections []*stackmap.SectionData // one per Mach-O slice; otherwise one
	Parsed   []*stackmap.Section     // Parsed[i] decodes Sections[i]
	Unwind   []*unwindSource         // with --unwind: Unwind[i] is the CFI of Sections[i]
	Code     *codeFile               // with --disasm: the functions' code
	Bias     uint64                  // --bias: the load bias added to the code addresses shown
}

// archNames are the values --arch takes, for usage notes and completion.
var archNames = []string{"x86_64", "aarch64", "ppc64", "ppc64le", "riscv64", "s390x"}

// stdin is what FILE "-" reads; tests replace it.
var stdin io.Reader = os.Stdin

// inputFlags are the flags that say how to read a FILE: --raw with its
// byte order and architecture.
type inputFlags struct {
	raw          *bool
	bigEndian    *bool
	littleEndian *bool
	archName     *string
	arch         regs.Arch // parsed --arch
	cmd          string    // the command, as validate was told: names it in notes
	// symbolsOnly opens an object file without a stack map section too
	// (with no Sections): lookup names functions from its symbols alone.
	symbolsOnly bool
}

// addInputFlags defines --raw, --big-endian, --little-endian and --arch
// on fs.
func addInputFlags(fs *flag.FlagSet) *inputFlags {
	return &inputFlags{
		raw:          fs.Bool("raw", false, "each FILE is a bare stack map section (dumped from memory), not an object file"),
		bigEndian:    fs.Bool("big-endian", false, "with --raw: the section is big-endian (default: found from the bytes)"),
		littleEndian: fs.Bool("little-endian", false, "with --raw: the section is little-endian (default: found from the bytes)"),
		archName:     fs.String("arch", "", "with --raw: the target architecture, to name registers (x86_64, aarch64, ppc64, ppc64le, riscv64, s390x)"),
	}
}

// validate checks the flags' combination, printing what is wrong; it
// returns exitUsage and false when the command should stop.
func (f *inputFlags) validate(cmd string, stderr io.Writer) (int, bool) {
	f.cmd = cmd
	if *f.bigEndian && *f.littleEndian {
		say(stderr, "stackmaps %s: --big-endian and --little-endian exclude each other\n", cmd)
		return exitUsage, false
	}
	if (*f.bigEndian || *f.littleEndian || *f.archName != "") && !*f.raw {
		say(stderr, "stackmaps %s: --big-endian, --little-endian and --arch need --raw (object files say their own byte order and architecture)\n", cmd)
		return exitUsage, false
	}
	if *f.archName != "" {
		a, err := regs.ParseArch(strings.ToLower(*f.archName))
		if err != nil {
			say(stderr, "stackmaps %s: --arch: %v\n", cmd, err)
			return exitUsage, false
		}
		f.arch = a
	}
	return 0, true
}

// order returns the byte order the flags fix, or nil to find it from the
// bytes.
func (f *inputFlags) order() binary.ByteOrder {
	switch {
	case *f.bigEndian:
		return binary.BigEndian
	case *f.littleEndian:
		return binary.LittleEndian
	}
	return nil
}

// load opens and decodes one FILE ("-" is standard input) as the flags
// say, telling stderr which byte order a raw section was read in when the
// bytes chose it.
func (f *inputFlags) load(name string, stderr io.Writer) (*dumpInput, error) {
	return loadInput(f.cmd, name, *f.raw, f.order(), f.arch, objfile.Options{AllowNoSection: f.symbolsOnly}, stderr)
}

// loadInput locates and decodes the stack map sections of one file ("-":
// standard input, buffered), opened once. With raw set the whole file is
// one bare section in the given byte order; a nil order is found from the
// bytes (objfile.NewRaw) and said on stderr. arch names the raw section's
// target. opts are how an object file is opened (not a raw section).
func loadInput(cmd, name string, raw bool, order binary.ByteOrder, arch regs.Arch, opts objfile.Options, stderr io.Writer) (*dumpInput, error) {
	var (
		obj *objfile.File
		err error
	)
	switch {
	case name != "-" && raw:
		obj, err = objfile.OpenRaw(name, order)
	case name != "-":
		obj, err = objfile.OpenOptions(name, opts)
	default:
		data, rerr := io.ReadAll(stdin)
		if rerr != nil {
			return nil, fmt.Errorf("-: reading standard input: %w", rerr)
		}
		if raw {
			obj, err = objfile.NewRaw(data, order)
		} else {
			obj, err = objfile.NewFileOptions(bytes.NewReader(data), opts)
		}
		if err != nil {
			err = fmt.Errorf("-: %w", err)
		}
	}
	if err != nil {
		return nil, err
	}
	if raw && order == nil {
		sayOrder(cmd, name, obj.Sections[0].Data, stderr)
	}
	if raw && arch != regs.ArchUnknown {
		obj.Sections[0].Arch = arch
	}
	return parseInput(name, obj)
}

// sayOrder says on stderr which byte order a bare section was read in
// when its bytes chose it.
func sayOrder(cmd, name string, data []byte, stderr io.Writer) {
	orders := stackmap.ByteOrders(data)
	if len(orders) == 0 {
		return // another project's layout, which parsing names
	}
	if len(orders) == 1 {
		say(stderr, "stackmaps %s: %s: raw section read as %s (the only byte order it decodes in)\n", cmd, name, orderName(orders[0]))
	} else {
		say(stderr, "stackmaps %s: %s: raw section decodes in both byte orders; reading it as %s (choose with --big-endian or --little-endian)\n", cmd, name, orderName(orders[0]))
	}
}

func orderName(o binary.ByteOrder) string {
	if o == binary.BigEndian {
		return "big-endian"
	}
	return "little-endian"
}

// parseInput decodes located sections of obj; it closes them on failure.
func parseInput(name string, obj *objfile.File) (*dumpInput, error) {
	in := &dumpInput{File: name, Obj: obj, Sections: obj.Sections}
	for _, sd := range obj.Sections {
		sec, err := sd.Parse()
		if err != nil {
			in.Close()
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		in.Parsed = append(in.Parsed, sec)
	}
	return in, nil
}

// Close closes the file; what was decoded from it stays valid, but its
// unwind tables and code can no longer be read.
func (in *dumpInput) Close() {
	if in.Obj != nil {
		in.Obj.Close()
		return
	}
	for _, sd := range in.Sections {
		sd.Close()
	}
}

// image returns the image (the file, or a universal file's slice) that sd
// was found in (nil without a file).
func (in *dumpInput) image(sd *stackmap.SectionData) *objfile.File {
	if in.Obj == nil {
		return nil
	}
	return in.Obj.Image(sd)
}

// loadDumpInput locates and decodes the stack map sections of one file.
// Close the result when done with it.
// FILE "-" is standard input.
func loadDumpInput(name string, raw bool, order binary.ByteOrder) (*dumpInput, error) {
	if order == nil {
		order = binary.LittleEndian
	}
	return loadInput("dump", name, raw, order, regs.ArchUnknown, objfile.Options{}, io.Discard)
}
