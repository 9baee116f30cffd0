package main

// Every call into the project's API is in this file, so that an API change
// means editing this file only.

import (
	"encoding/binary"
	"math"
	"slices"

	"github.com/stackmaps/stackmaps/stackmap"
)

// section is the project's decoded section.
type section = *stackmap.Section

// index is the project's address index.
type index = *stackmap.Index

// parse decodes and validates a little-endian section.
func parse(data []byte) (section, error) {
	return stackmap.Parse(data, binary.LittleEndian)
}

// numTables returns the number of tables of sec.
func numTables(sec section) int { return sec.NumTables() }

// walk reads every field of every table: each function's address, stack
// size and record count; each constant; each record's ID, instruction
// offset and flags; each location's kind, size, register and, for all but
// Register, its offset field (sign-extended); each live-out's register and
// size. perf/llvmwalk/walk.cpp computes the same sum.
func walk(sec section) sums {
	// Locals, not the fields of a sums: a struct of five fields lives in
	// memory, and walk.cpp keeps its sums in locals too.
	var sum, records, locations, liveOuts uint64
	for _, t := range sec.Tables() {
		for _, f := range t.Functions() {
			sum += f.Address() + f.StackSize() + f.RecordCount()
		}
		for c := range t.NumConstants() {
			v, _ := t.Constant(c)
			sum += v
		}
		for _, r := range t.Records() {
			records++
			sum += r.ID() + uint64(r.InstructionOffset()) + uint64(r.Flags())
			for _, l := range r.Locations() {
				locations++
				sum += uint64(l.Kind) + uint64(l.Size) + uint64(l.Reg)
				if l.Kind != stackmap.Register {
					sum += uint64(int64(l.Offset))
				}
			}
			for _, lo := range r.LiveOuts() {
				liveOuts++
				sum += uint64(lo.Reg) + uint64(lo.Size)
			}
		}
	}
	return sums{sum: sum, tables: uint64(sec.NumTables()), records: records, locations: locations, liveOuts: liveOuts}
}

// recordAddrs returns every record's address (function address plus
// instruction offset; the section needs no relocation), in section order.
func recordAddrs(sec section) []uint64 {
	var out []uint64
	for _, t := range sec.Tables() {
		for _, r := range t.Records() {
			if addr, ok := r.Address(); ok {
				out = append(out, addr)
			}
		}
	}
	return out
}

// newIndex builds the address index of sec (no relocations). The section
// is bare bytes, which do not say where functions end: each function's
// extent reaches to the next function's entry (the generated functions lie
// back to back), so that preceding lookups answer inside functions.
func newIndex(sec section) index {
	var entries []uint64
	for _, t := range sec.Tables() {
		for _, f := range t.Functions() {
			entries = append(entries, f.Entry())
		}
	}
	slices.Sort(entries)
	entries = slices.Compact(entries)
	extents := make([]stackmap.Extent, len(entries))
	for i, e := range entries {
		end := uint64(math.MaxUint64)
		if i+1 < len(entries) {
			end = entries[i+1]
		}
		extents[i] = stackmap.Extent{Start: e, End: end}
	}
	return stackmap.NewIndexOptions(sec, stackmap.IndexOptions{Extents: extents})
}

// indexLen returns the number of records in ix.
func indexLen(ix index) int { return ix.Len() }

// The lookup loops below call the index directly, as a runtime does (the
// map's loops in lookup.go index the map directly too): no function value
// stands between the loop and the lookup.

// lookupAll finds the records at exactly each key and sums what a caller
// learns without reading the section: their address plus their count.
func lookupAll(ix index, keys []uint64) uint64 {
	var s uint64
	for _, pc := range keys {
		if m, ok := ix.Lookup(pc, 0); ok {
			s += m.Address() + uint64(m.Len())
		}
	}
	return s
}

// lookupDependent is lookupAll with each key's position depending on the
// previous result (v>>63 is always 0, which the compiler cannot know), so
// each lookup waits for the one before it: latency, not throughput.
func lookupDependent(ix index, keys []uint64) uint64 {
	var s uint64
	j := 0
	for i := range keys {
		var v uint64
		if m, ok := ix.Lookup(keys[j], 0); ok {
			v = m.Address() + uint64(m.Len())
		}
		s += v
		j = (i + 1 + int(v>>63)) % len(keys)
	}
	return s
}

// lookupIDAll finds the first record at exactly each key and sums their
// IDs, read from the section.
func lookupIDAll(ix index, keys []uint64) uint64 {
	var s uint64
	for _, pc := range keys {
		if m, ok := ix.Lookup(pc, 0); ok {
			r, _ := m.Record(0)
			s += r.ID()
		}
	}
	return s
}

// lookupPrecedingAll finds the records at the greatest address not above
// each key in its function and sums their address plus their count.
func lookupPrecedingAll(ix index, keys []uint64) uint64 {
	var s uint64
	for _, pc := range keys {
		if m, ok := ix.LookupPreceding(pc, 0); ok {
			s += m.Address() + uint64(m.Len())
		}
	}
	return s
}

// scanWalk validates and walks data in one pass with a stackmap.Scanner,
// the way its documentation gives for reading every record (NextView and
// RecordView, the locations through RecordView.Locations' cursor), reading
// the same fields as walk: no iterator closures, so the counters and sums
// stay in registers.
func scanWalk(data []byte) (sums, error) {
	var sum, tables, records, locations, liveOuts uint64
	sc := stackmap.NewScanner(data, binary.LittleEndian)
	for sc.NextTable() {
		tables++
		t := sc.Table()
		for i := range t.NumFunctions() {
			f, _ := t.Function(i)
			sum += f.Address() + f.StackSize() + f.RecordCount()
		}
		for c := range t.NumConstants() {
			v, _ := t.Constant(c)
			sum += v
		}
		for r := sc.NextView(); r.Valid(); r = sc.NextView() {
			records++
			sum += r.ID() + uint64(r.InstructionOffset()) + uint64(r.Flags())
			for c := r.Locations(); c.Valid(); c = c.Next() {
				l := c.Location()
				locations++
				sum += uint64(l.Kind) + uint64(l.Size) + uint64(l.Reg)
				if l.Kind != stackmap.Register {
					sum += uint64(int64(l.Offset))
				}
			}
			for i := range r.NumLiveOuts() {
				lo := r.LiveOut(i)
				liveOuts++
				sum += uint64(lo.Reg) + uint64(lo.Size)
			}
		}
	}
	return sums{sum: sum, tables: tables, records: records, locations: locations, liveOuts: liveOuts}, sc.Err()
}
