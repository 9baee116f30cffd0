package main

// Every call into the project's API is in this file, so that an API change
// means editing this file only.

import (
	"encoding/binary"

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
func walk(sec section) (s sums) {
	for _, t := range sec.Tables() {
		for _, f := range t.Functions() {
			s.sum += f.Address + f.StackSize + f.RecordCount
		}
		for c := range t.NumConstants() {
			v, _ := t.Constant(c)
			s.sum += v
		}
		for _, r := range t.Records() {
			s.records++
			s.sum += r.ID() + uint64(r.InstructionOffset()) + uint64(r.Flags())
			for _, l := range r.Locations() {
				s.locations++
				s.sum += uint64(l.Kind) + uint64(l.Size) + uint64(l.Reg)
				if l.Kind != stackmap.Register {
					s.sum += uint64(int64(l.Offset))
				}
			}
			for _, lo := range r.LiveOuts() {
				s.liveOuts++
				s.sum += uint64(lo.Reg) + uint64(lo.Size)
			}
		}
	}
	s.tables = uint64(sec.NumTables())
	return s
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

// newIndex builds the address index of sec (no relocations).
func newIndex(sec section) index { return stackmap.NewIndex(sec) }

// indexLen returns the number of records in ix.
func indexLen(ix index) int { return ix.Len() }

// lookup finds the records at exactly pc and returns their address plus
// their count (what a caller learns without reading the section).
func lookup(ix index, pc uint64) (uint64, bool) {
	m, ok := ix.Lookup(pc, 0)
	return m.Address() + uint64(m.Len()), ok
}

// lookupID finds the first record at exactly pc and returns its ID, read
// from the section.
func lookupID(ix index, pc uint64) (uint64, bool) {
	m, ok := ix.Lookup(pc, 0)
	if !ok {
		return 0, false
	}
	r, _ := m.Record(0)
	return r.ID(), true
}

// lookupPreceding finds the records at the greatest address not above pc
// in pc's function and returns their address plus their count.
func lookupPreceding(ix index, pc uint64) (uint64, bool) {
	m, ok := ix.LookupPreceding(pc, 0)
	return m.Address() + uint64(m.Len()), ok
}
