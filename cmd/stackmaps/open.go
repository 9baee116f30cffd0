package main

import (
	"github.com/stackmaps/stackmaps/objfile"
	"github.com/stackmaps/stackmaps/stackmap"
)

// image returns the image (the file, or a universal file's slice) that sd
// was found in (nil without a file).
func (in *dumpInput) image(sd *stackmap.SectionData) *objfile.File {
	if in.Obj == nil {
		return nil
	}
	return in.Obj.Image(sd)
}
