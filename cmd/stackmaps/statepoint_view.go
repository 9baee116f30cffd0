package main

import (
	"github.com/stackmaps/stackmaps/stackmap"
)

// writeTextStatepoint spells out a statepoint record's parts by location
// index, under its locations:
//
//	statepoint: calling convention 0, flags 0, 2 deopt values: #3 #4
//	  GC pairs (base, derived): (#5, #5) (#6, #7)
//	  GC slots: #8
//	  roots only in registers (cannot be updated in memory): #6 rbx
func writeTextStatepoint(w *outBuf, tv *tableView, sp stackmap.Statepoint) {
	w.WriteString("      statepoint: calling convention ")
	writeInt(w, sp.CallingConv())
	w.WriteString(", flags ")
	writeInt(w, sp.Flags())
	w.WriteString(", ")
	writePlural(w, sp.NumDeopt(), "deopt value")
	if sp.NumDeopt() > 0 {
		w.WriteByte(':')
		for i := 0; i < sp.NumDeopt(); i++ {
			w.WriteString(" #")
			writeInt(w, int64(sp.DeoptIndex(i)))
		}
	}
	w.WriteByte('\n')
	if sp.NumGCPairs() > 0 {
		w.WriteString("        GC pairs (base, derived):")
		for i := 0; i < sp.NumGCPairs(); i++ {
			b, d := sp.GCPairIndex(i)
			w.WriteString(" (#")
			writeInt(w, int64(b))
			w.WriteString(", #")
			writeInt(w, int64(d))
			w.WriteByte(')')
		}
		w.WriteByte('\n')
	}
	if sp.NumGCSlots() > 0 {
		w.WriteString("        GC slots:")
		first := statepointFirstSlot(sp)
		for i := 0; i < sp.NumGCSlots(); i++ {
			w.WriteString(" #")
			writeInt(w, int64(first+i))
		}
		w.WriteByte('\n')
	}
	header := false
	forEachRegisterRoot(sp, func(i int, l stackmap.Location) {
		if !header {
			w.WriteString("        roots only in registers (a moving collector cannot update them in memory):")
			header = true
		}
		w.WriteString(" #")
		writeInt(w, int64(i))
		w.WriteByte(' ')
		writeRegDisplay(w, tv.SD.Arch, l.Reg, int(l.Size))
	})
	if header {
		w.WriteByte('\n')
	}
}

// statepointFirstSlot is the location index of the first GC slot: the
// slots end the record.
func statepointFirstSlot(sp stackmap.Statepoint) int {
	return sp.Record().NumLocations() - sp.NumGCSlots()
}

// forEachRegisterRoot calls fn with each distinct GC pointer location (base
// or derived) held in a register, by location index.
func forEachRegisterRoot(sp stackmap.Statepoint, fn func(i int, l stackmap.Location)) {
	r := sp.Record()
	for p := 0; p < sp.NumGCPairs(); p++ {
		b, d := sp.GCPairIndex(p)
		for _, i := range [2]int{b, d} {
			if l, ok := r.Location(i); ok && stackmap.RootInRegister(l) {
				fn(i, l)
			}
		}
	}
}

// writeJSONStatepoint writes a record's "statepoint" member: null for a
// record without a statepoint's shape, otherwise its parts by location
// index.
func writeJSONStatepoint(j *jsonWriter, rv recordView) {
	j.key("statepoint")
	sp, ok := rv.R.AsStatepoint()
	if !ok {
		j.null()
		return
	}
	j.openObject()
	j.key("calling_convention")
	j.int(sp.CallingConv())
	j.key("flags")
	j.int(sp.Flags())
	j.key("deopt_count")
	j.int(int64(sp.NumDeopt()))
	j.key("deopt")
	j.openArray()
	for i := 0; i < sp.NumDeopt(); i++ {
		j.elem()
		j.int(int64(sp.DeoptIndex(i)))
	}
	j.closeArray()
	j.key("gc_pairs")
	j.openArray()
	for i := 0; i < sp.NumGCPairs(); i++ {
		b, d := sp.GCPairIndex(i)
		j.elem()
		j.openArray()
		j.elem()
		j.int(int64(b))
		j.elem()
		j.int(int64(d))
		j.closeArray()
	}
	j.closeArray()
	j.key("gc_slots")
	j.openArray()
	first := statepointFirstSlot(sp)
	for i := 0; i < sp.NumGCSlots(); i++ {
		j.elem()
		j.int(int64(first + i))
	}
	j.closeArray()
	j.key("register_roots")
	j.openArray()
	forEachRegisterRoot(sp, func(i int, _ stackmap.Location) {
		j.elem()
		j.int(int64(i))
	})
	j.closeArray()
	j.closeObject()
}
