package main

import (
	"encoding/binary"

	"github.com/stackmaps/stackmaps/objfile"
	"github.com/stackmaps/stackmaps/stackmap"
)

// openSections finds the stack map section(s) in the named file, whatever
// its format (see package objfile), or, with raw set, maps the whole file
// as a bare section in the given byte order. Close the results when done.
func openSections(name string, raw bool, order binary.ByteOrder) ([]*stackmap.SectionData, error) {
	var (
		f   *objfile.File
		err error
	)
	if raw {
		f, err = objfile.OpenRaw(name, order)
	} else {
		f, err = objfile.Open(name)
	}
	if err != nil {
		return nil, err
	}
	return f.Sections, nil
}
