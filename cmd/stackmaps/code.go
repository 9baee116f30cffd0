package main

import (
	"errors"
	"fmt"

	"github.com/stackmaps/stackmaps/disasm"
	"github.com/stackmaps/stackmaps/objfile"
	"github.com/stackmaps/stackmaps/stackmap"
)

// funcCoder is what --disasm needs of a file's format: the code of a
// function (elfsection.Code, machosection.Code, pesection.Code) and the
// names of branch targets in it.
type funcCoder interface {
	FunctionCode(fi *stackmap.Function, tableFuncs int) (code []byte, sec int, err error)
	disasm.Namer
}

// codeFile reads the machine code of the functions a stack map describes,
// for --disasm, through the file's locator, which keeps what it loaded
// (symbols, code sections, naming tables) for the whole file.
type codeFile struct {
	readers []funcCoder // one, or one per slice of a universal Mach-O file
	slices  []string    // the slice each reader reads ("" for a thin file)

	walk disasm.Walker // how far the last function's code was decoded

	last struct { // the code of the last function asked for
		t    *stackmap.Table
		fn   int
		code disasm.Code
		err  error
	}
}

// errNoCode is returned when no slice of the file is the section's.
var errNoCode = errors.New("function's code not found")

// openCode makes the code readers of an input from the file it was opened
// as (in.Obj): the file is not opened again.
func openCode(in *dumpInput) (*codeFile, error) {
	obj := in.Obj
	if obj == nil {
		return nil, fmt.Errorf("%s: --disasm needs an ELF, Mach-O or COFF file", in.File)
	}
	c := &codeFile{}
	switch {
	case obj.ELF() != nil:
		c.readers, c.slices = []funcCoder{obj.ELF().Code()}, []string{""}
	case obj.PE() != nil:
		c.readers, c.slices = []funcCoder{obj.PE().Code()}, []string{""}
	default:
		images := obj.Slices
		if !obj.Universal {
			images = []*objfile.File{obj}
		}
		for _, img := range images {
			if img.MachO() == nil {
				continue
			}
			r := img.MachO().Code()
			c.readers = append(c.readers, r)
			c.slices = append(c.slices, r.Arch().String())
		}
		if len(c.readers) == 0 {
			return nil, fmt.Errorf("%s: --disasm needs an ELF, Mach-O or COFF file", in.File)
		}
	}
	return c, nil
}

// functionCode returns the code of function fi of table t in section sd,
// from its entry to the end of the section holding it, with what names
// branch targets in it. The last function's code is kept.
func (c *codeFile) functionCode(sd *stackmap.SectionData, t *stackmap.Table, fi *stackmap.Function, tableFuncs int) (*disasm.Code, error) {
	if c.last.t == t && c.last.fn == fi.Index() && t != nil {
		return &c.last.code, c.last.err
	}
	c.last.t, c.last.fn, c.last.code, c.last.err = t, fi.Index(), disasm.Code{}, nil
	for i, r := range c.readers {
		if sd.Slice != "" && c.slices[i] != sd.Slice {
			continue
		}
		code, sec, err := r.FunctionCode(fi, tableFuncs)
		c.last.code = disasm.Code{Arch: sd.Arch, Order: sd.ByteOrder, Bytes: code, Entry: fi.Entry(), Section: sec, Namer: r}
		c.last.err = err
		return &c.last.code, err
	}
	c.last.err = errNoCode
	return &c.last.code, c.last.err
}
