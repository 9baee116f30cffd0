package main

import (
	"github.com/stackmaps/stackmaps/internal/textout"
	"github.com/stackmaps/stackmaps/stackmap"
)

// writeTextStatepoint spells out a statepoint record's parts by location
// index, under its locations:
//
//	statepoint: calling convention 0, flags 0, 2 deopt values: #3 #4
//	  GC pairs (base, derived): (#5, #5) (#6, #7)
//	  GC slots: #8
//	  roots only in registers (cannot be updated in memory): #6 rbx
func writeTextStatepoint(w *textout.Buffer, tv *tableView, sp stackmap.Statepoint) {
	w.WriteString("      statepoint: calling convention ")
	w.Int(sp.CallingConv())
	w.WriteString(", flags ")
	w.Int(sp.Flags())
	w.WriteString(", ")
	w.Plural(sp.NumDeopt(), "deopt value")
	if sp.NumDeopt() > 0 {
		w.WriteByte(':')
		for i := 0; i < sp.NumDeopt(); i++ {
			w.WriteString(" #")
			w.Int(int64(sp.DeoptIndex(i)))
		}
	}
	w.WriteByte('\n')
	if sp.NumGCPairs() > 0 {
		w.WriteString("        GC pairs (base, derived):")
		for i := 0; i < sp.NumGCPairs(); i++ {
			b, d := sp.GCPairIndex(i)
			w.WriteString(" (#")
			w.Int(int64(b))
			w.WriteString(", #")
			w.Int(int64(d))
			w.WriteByte(')')
		}
		w.WriteByte('\n')
	}
	if sp.NumGCSlots() > 0 {
		w.WriteString("        GC slots:")
		for i := 0; i < sp.NumGCSlots(); i++ {
			w.WriteString(" #")
			w.Int(int64(sp.GCSlotIndex(i)))
		}
		w.WriteByte('\n')
	}
	header := false
	for i, l := range sp.RegisterRoots() {
		if !header {
			w.WriteString("        roots only in registers (a moving collector cannot update them in memory):")
			header = true
		}
		w.WriteString(" #")
		w.Int(int64(i))
		w.WriteByte(' ')
		writeRegDisplay(w, tv.SD.Arch, l.Reg, int(l.Size))
	}
	if header {
		w.WriteByte('\n')
	}
}

// writeJSONStatepoint writes a record's "statepoint" member: null for a
// record without a statepoint's shape, otherwise its parts by location
// index.
func writeJSONStatepoint(j *textout.JSON, rv recordView) {
	j.Key("statepoint")
	sp, ok := rv.R.AsStatepoint()
	if !ok {
		j.Null()
		return
	}
	j.OpenObject()
	j.Key("calling_convention")
	j.Int(sp.CallingConv())
	j.Key("flags")
	j.Int(sp.Flags())
	j.Key("deopt_count")
	j.Int(int64(sp.NumDeopt()))
	j.Key("deopt")
	j.OpenArray()
	for i := 0; i < sp.NumDeopt(); i++ {
		j.Elem()
		j.Int(int64(sp.DeoptIndex(i)))
	}
	j.CloseArray()
	j.Key("gc_pairs")
	j.OpenArray()
	for i := 0; i < sp.NumGCPairs(); i++ {
		b, d := sp.GCPairIndex(i)
		j.Elem()
		j.OpenArray()
		j.Elem()
		j.Int(int64(b))
		j.Elem()
		j.Int(int64(d))
		j.CloseArray()
	}
	j.CloseArray()
	j.Key("gc_slots")
	j.OpenArray()
	for i := 0; i < sp.NumGCSlots(); i++ {
		j.Elem()
		j.Int(int64(sp.GCSlotIndex(i)))
	}
	j.CloseArray()
	j.Key("register_roots")
	j.OpenArray()
	for i := range sp.RegisterRoots() {
		j.Elem()
		j.Int(int64(i))
	}
	j.CloseArray()
	j.CloseObject()
}
