package main

import (
	"fmt"

	"github.com/stackmaps/stackmaps/disasm"
	"github.com/stackmaps/stackmaps/objfile"
	"github.com/stackmaps/stackmaps/stackmap"
)

// codeFile reads the machine code of the functions a stack map describes,
// for --disasm, through the code reader of each section's image
// (objfile.File.CodeReader), which keeps what it loaded (symbols, code
// sections, naming tables) for the whole file.
type codeFile struct {
	readers map[*stackmap.SectionData]objfile.CodeReader

	walk disasm.Walker // how far the last function's code was decoded

	last struct { // the code of the last function asked for
		t    *stackmap.Table
		fn   int
		code disasm.Code
		err  error
	}
}

// openCode makes the code readers of an input from the file it was opened
// as (in.Obj): the file is not opened again.
func openCode(in *dumpInput) (*codeFile, error) {
	c := &codeFile{readers: make(map[*stackmap.SectionData]objfile.CodeReader, len(in.Sections))}
	for _, sd := range in.Sections {
		var r objfile.CodeReader
		if in.Obj != nil {
			r = in.Obj.CodeReader(sd)
		}
		if r == nil {
			return nil, fmt.Errorf("%s: --disasm needs an ELF, Mach-O or COFF file", in.File)
		}
		c.readers[sd] = r
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
	r := c.readers[sd]
	if r == nil {
		c.last.err = fmt.Errorf("function's code not found")
		return &c.last.code, c.last.err
	}
	code, sec, err := r.FunctionCode(fi, tableFuncs)
	c.last.code = disasm.Code{Arch: sd.Arch, Order: sd.ByteOrder, Bytes: code, Entry: fi.Entry(), Section: sec, Namer: r}
	c.last.err = err
	return &c.last.code, err
}
