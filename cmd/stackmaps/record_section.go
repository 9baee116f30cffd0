package main

import "github.com/stackmaps/stackmaps/stackmap"

// recordCodeSection returns the code section of a record's function (the
// zero CodeSection when unknown).
func recordCodeSection(rv recordView) stackmap.CodeSection {
	t := rv.R.Table()
	if t == nil || rv.Func < 0 {
		return stackmap.CodeSection{}
	}
	f, ok := t.Function(rv.Func)
	if !ok {
		return stackmap.CodeSection{}
	}
	return f.CodeSection()
}
