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
func checkRecordReserved(tv *tableView, r stackmap.Record, out []Finding) []Finding {
	if fl := r.Flags(); fl != 0 {
		out = append(out, tv.atRecord(r, r.FieldOffset(stackmap.RecordFlagsField), "reserved", "record flags are %#x, want 0", fl))
	}
	for i := range r.Locations() {
		off := r.LocationOffset(i)
		res0, res1, _ := r.LocationReserved(i)
		if res0 != 0 {
			f := tv.atRecord(r, off+stackmap.LocationReserved0Field, "reserved", "location reserved byte is %#x, want 0", res0)
			f.Location = i
			out = append(out, f)
		}
		if res1 != 0 {
			f := tv.atRecord(r, off+stackmap.LocationReserved1Field, "reserved", "location reserved field is %#x, want 0", res1)
			f.Location = i
			out = append(out, f)
		}
	}
	liveOff := r.LiveOutHeaderOffset()
	if p := r.LiveOutPadding(); p != 0 {
		out = append(out, tv.atRecord(r, liveOff, "reserved", "padding before the live-out count is %#x, want 0", p))
	}
	for i, lo := range r.LiveOuts() {
		if lo.Reserved != 0 {
			f := tv.atRecord(r, r.LiveOutOffset(i)+stackmap.LiveOutReservedField, "reserved", "live-out reserved byte is %#x, want 0", lo.Reserved)
			f.Location, f.LiveOut = i, true
			out = append(out, f)
		}
	}
	if !r.PaddingZero() {
		out = append(out, tv.atRecord(r, r.Offset(), "reserved", "alignment padding of the record is not zero"))
	}
	return out
}
