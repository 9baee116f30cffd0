package main

import (
	"github.com/stackmaps/stackmaps/stackmap"
)

// tableStats are the counts and sizes of one table (or a sum of tables).
type tableStats struct {
	tables        int
	bytes         int
	functions     int
	dynamic       int
	records       int
	maxLocations  int
	locations     int
	byKind        [6]int // indexed by stackmap.Kind; 0 counts invalid kinds
	liveOuts      int
	constants     int
	functionBytes int
	constantBytes int
	recordBytes   int
	headerBytes   int
}

func statsOf(t *stackmap.Table) tableStats {
	s := tableStats{tables: 1, bytes: t.Size(), functions: t.NumFunctions(),
		constants: t.NumConstants(), headerBytes: stackmap.HeaderSize, functionBytes: t.FunctionsSize(),
		constantBytes: t.ConstantsSize()}
	for _, f := range t.Functions() {
		if f.DynamicStack() {
			s.dynamic++
		}
	}
	for _, r := range t.Records() {
		s.addRecord(r)
	}
	return s
}

// addRecord counts record r into s.
func (s *tableStats) addRecord(r stackmap.Record) {
	s.records++
	s.recordBytes += r.Size()
	s.locations += r.NumLocations()
	s.maxLocations = max(s.maxLocations, r.NumLocations())
	s.liveOuts += r.NumLiveOuts()
	for _, l := range r.Locations() {
		if l.Kind.Valid() {
			s.byKind[l.Kind]++
		} else {
			s.byKind[0]++
		}
	}
}

// statsOfSelected is statsOf of what the filters keep of a table: the
// functions and records dump would show (the header, function and
// constant byte counts stay the table's).
func statsOfSelected(tv *tableView, filter *dumpFilter) tableStats {
	if !filter.active() {
		return statsOf(tv.Table)
	}
	t := tv.Table
	s := tableStats{tables: 1, bytes: t.Size(), constants: t.NumConstants(), headerBytes: stackmap.HeaderSize,
		functionBytes: t.FunctionsSize(), constantBytes: t.ConstantsSize()}
	var sel tableSelection
	filter.selectTable(tv, &sel)
	for i, f := range tv.Funcs {
		if sel.any && sel.shows(i) {
			s.functions++
			if f.DynamicStack() {
				s.dynamic++
			}
		}
	}
	for _, r := range t.Records() {
		if filter.keepRecord(tv, recordViewOf(r)) {
			s.addRecord(r)
		}
	}
	return s
}

// add sums o into s.
func (s *tableStats) add(o tableStats) {
	s.tables += o.tables
	s.bytes += o.bytes
	s.functions += o.functions
	s.dynamic += o.dynamic
	s.records += o.records
	s.maxLocations = max(s.maxLocations, o.maxLocations)
	s.locations += o.locations
	for i := range s.byKind {
		s.byKind[i] += o.byKind[i]
	}
	s.liveOuts += o.liveOuts
	s.constants += o.constants
	s.functionBytes += o.functionBytes
	s.constantBytes += o.constantBytes
	s.recordBytes += o.recordBytes
	s.headerBytes += o.headerBytes
}
