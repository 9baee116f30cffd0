package lint

import "github.com/stackmaps/stackmaps/stackmap"

// checkHeaderReserved reports a table header whose reserved fields are
// not zero: LLVM writes zeros, and a decoder for a future version might
// not ignore them.
func checkHeaderReserved(tv *tableView) []Finding {
	t := tv.Table
	if r0, r1 := t.Reserved(); r0 != 0 || r1 != 0 {
		return []Finding{tv.at(t.Offset()+1, "reserved", "header reserved fields are %#x and %#x, want 0", r0, r1)}
	}
	return nil
}

// checkRecordReserved appends to out the reserved fields and padding of
// one record that are not zero.
func checkRecordReserved(tv *tableView, r stackmap.Record, locSize int, out []Finding) []Finding {
	t := tv.Table
	if fl := r.Flags(); fl != 0 {
		out = append(out, tv.atRecord(tv.recordOf(r), r.Offset()+12, "reserved", "record flags are %#x, want 0", fl))
	}
	for i := range r.Locations() {
		off := r.Offset() + 16 + i*locSize
		res0, res1, _ := r.LocationReserved(i)
		if res0 != 0 {
			f := tv.atRecord(tv.recordOf(r), off+1, "reserved", "location reserved byte is %#x, want 0", res0)
			f.Location = i
			out = append(out, f)
		}
		if res1 != 0 {
			f := tv.atRecord(tv.recordOf(r), off+6, "reserved", "location reserved field is %#x, want 0", res1)
			f.Location = i
			out = append(out, f)
		}
	}
	liveOff := liveOutHeaderOffset(t, r, locSize)
	if p := r.LiveOutPadding(); p != 0 {
		out = append(out, tv.atRecord(tv.recordOf(r), liveOff, "reserved", "padding before the live-out count is %#x, want 0", p))
	}
	for i, lo := range r.LiveOuts() {
		if lo.Reserved != 0 {
			f := tv.atRecord(tv.recordOf(r), liveOff+4+4*i+2, "reserved", "live-out reserved byte is %#x, want 0", lo.Reserved)
			f.Location, f.LiveOut = i, true
			out = append(out, f)
		}
	}
	if !r.PaddingZero() {
		out = append(out, tv.atRecord(tv.recordOf(r), r.Offset(), "reserved", "alignment padding of the record is not zero"))
	}
	return out
}

// liveOutHeaderOffset returns the section offset of a record's live-out
// header (padding, count): after the locations, 8-aligned relative to the
// table in version 3.
func liveOutHeaderOffset(t *stackmap.Table, r stackmap.Record, locSize int) int {
	rel := r.Offset() - t.Offset() + 16 + r.NumLocations()*locSize
	if t.Version() == stackmap.Version3 {
		rel = (rel + 7) &^ 7
	}
	return t.Offset() + rel
}
