package main

import (
	"encoding/binary"

	"github.com/stackmaps/stackmaps/objfile"
	"github.com/stackmaps/stackmaps/stackmap"
)

// openObject opens the named file once, whatever its format (see package
// objfile), or, with raw set, maps the whole file as a bare section in the
// given byte order. The File hands out the stack map sections and, for
// --unwind and --disasm, the unwind tables, symbols and code of the same
// open file. Close it when done.
func openObject(name string, raw bool, order binary.ByteOrder) (*objfile.File, error) {
	if raw {
		return objfile.OpenRaw(name, order)
	}
	return objfile.Open(name)
}

// image returns the image (the file, or a universal file's slice) that sd
// was found in, nil when there is none (raw bytes).
func (in *dumpInput) image(sd *stackmap.SectionData) *objfile.File {
	if in.Obj == nil {
		return nil
	}
	return in.Obj.Image(sd)
}
