package main

import (
	"github.com/stackmaps/stackmaps/cfi"
	"github.com/stackmaps/stackmaps/frameslots"
	"github.com/stackmaps/stackmaps/stackmap"
)

// framePicture is the frame of one record (package frameslots places its
// slots) with the table and record it is of, for the formats to print.
type framePicture struct {
	tv *tableView
	rv recordView
	*frameslots.Frame
}

// buildFramePicture places record rv of table tv in its frame, with the
// CFI row that holds there (nil when the file has no CFI for it). fr's
// storage is reused: a picture per record allocates nothing once it has
// grown.
func buildFramePicture(fr *frameslots.Frame, tv *tableView, rv recordView, row *cfi.Row) framePicture {
	var fn *stackmap.Function
	if rv.Func >= 0 && rv.Func < len(tv.Funcs) {
		fn = &tv.Funcs[rv.Func]
	}
	fr.Build(tv.SD.Arch, fn, rv.R, row)
	return framePicture{tv: tv, rv: rv, Frame: fr}
}
