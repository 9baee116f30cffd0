package main

import (
	"bytes"
	"encoding/binary"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/stackmaps/stackmaps/objfile"
	"github.com/stackmaps/stackmaps/regs"
	"github.com/stackmaps/stackmaps/stackmap"
)

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
	if *f.bigEndian && *f.littleEndian {
		fmt.Fprintf(stderr, "stackmaps %s: --big-endian and --little-endian exclude each other\n", cmd)
		return exitUsage, false
	}
	if (*f.bigEndian || *f.littleEndian || *f.archName != "") && !*f.raw {
		fmt.Fprintf(stderr, "stackmaps %s: --big-endian, --little-endian and --arch need --raw (object files say their own byte order and architecture)\n", cmd)
		return exitUsage, false
	}
	if *f.archName != "" {
		a, err := regs.ParseArch(strings.ToLower(*f.archName))
		if err != nil {
			fmt.Fprintf(stderr, "stackmaps %s: --arch: %v\n", cmd, err)
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
	return loadInput(name, *f.raw, f.order(), f.arch, stderr)
}

// loadInput locates and decodes the stack map sections of one file ("-":
// standard input, buffered). With raw set the whole file is one bare
// section in the given byte order; a nil order is found with
// stackmap.ByteOrders and said on stderr, and bytes that decode in
// neither order are an error. arch names the raw section's target.
func loadInput(name string, raw bool, order binary.ByteOrder, arch regs.Arch, stderr io.Writer) (*dumpInput, error) {
	var data []byte
	if name == "-" {
		b, err := io.ReadAll(stdin)
		if err != nil {
			return nil, fmt.Errorf("-: reading standard input: %w", err)
		}
		data = b
	}
	if raw && order == nil {
		if data == nil {
			f, err := openObject(name, true, binary.LittleEndian)
			if err != nil {
				return nil, err
			}
			order, err = chooseOrder(name, f.Sections[0].Data, stderr)
			f.Close()
			if err != nil {
				return nil, err
			}
		} else {
			var err error
			if order, err = chooseOrder(name, data, stderr); err != nil {
				return nil, err
			}
		}
	}
	var (
		obj *objfile.File
		sds []*stackmap.SectionData
	)
	switch {
	case data == nil:
		var err error
		if obj, err = openObject(name, raw, order); err != nil {
			return nil, err
		}
		sds = obj.Sections
	case raw:
		sds = []*stackmap.SectionData{stackmap.NewSectionData(stackmap.SectionData{
			Format: stackmap.FormatRaw, ByteOrder: order, Name: "raw", Data: data,
		}, stackmap.Relocations{}, nil)}
	default:
		var err error
		if obj, err = objfile.NewFile(bytes.NewReader(data)); err != nil {
			return nil, fmt.Errorf("-: %w", err)
		}
		sds = obj.Sections
	}
	if raw && arch != regs.ArchUnknown {
		for _, sd := range sds {
			sd.Arch = arch
		}
	}
	return parseInput(name, obj, sds)
}

// chooseOrder picks the byte order a bare section decodes in and says so
// on stderr.
func chooseOrder(name string, data []byte, stderr io.Writer) (binary.ByteOrder, error) {
	orders := stackmap.ByteOrders(data)
	switch len(orders) {
	case 0:
		return nil, fmt.Errorf("%s: %w: the bytes decode as a stack map section in neither byte order", name, errNotSection)
	case 1:
		fmt.Fprintf(stderr, "stackmaps: %s: raw section read as %s (the only byte order it decodes in)\n", name, orderName(orders[0]))
	default:
		fmt.Fprintf(stderr, "stackmaps: %s: raw section decodes in both byte orders; reading it as %s (choose with --big-endian or --little-endian)\n", name, orderName(orders[0]))
	}
	return orders[0], nil
}

// errNotSection marks raw bytes that are no stack map section.
var errNotSection = errors.New("not a stack map section")

func orderName(o binary.ByteOrder) string {
	if o == binary.BigEndian {
		return "big-endian"
	}
	return "little-endian"
}

// parseInput decodes located sections of obj (nil for bytes read from
// standard input as a raw section); it closes them on failure.
func parseInput(name string, obj *objfile.File, sds []*stackmap.SectionData) (*dumpInput, error) {
	in := &dumpInput{File: name, Obj: obj, Sections: sds}
	for _, sd := range sds {
		sec, err := sd.Parse()
		if err != nil {
			in.Close()
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		in.Parsed = append(in.Parsed, sec)
	}
	return in, nil
}
