// Package stackmapdiff compares the stack maps of two builds of the same
// code: which functions and records were added or removed, and for each
// record that both have, which of its parts changed (instruction offset,
// flags, locations, a statepoint's deopt values and GC pairs, live-outs),
// and which functions' stack sizes did.
//
// Functions are matched by symbol name (Function.Name) and code section
// name (Function.CodeSection, in objects with function sections), the n-th
// function of a name in one section with the n-th in the other (a linked
// file may hold one function in several tables); a function left without
// a match is then matched by name alone, in order (its code section named
// differently, or unknown in the other build: function sections in one
// build only, another object format). Records are matched by ID
// and order within their function: the n-th record with an ID with the
// n-th. Locations compare by kind, size, register and offset or constant;
// a ConstantIndex location by the constant's value, so that a renumbered
// constants table is no change.
//
// A Diff refers to the records of both sections (it holds stackmap.Record
// and stackmap.Function values) and says where the changes are; the
// values themselves are read from them, so that a caller prints them its
// own way. Runtimes do not need this package: it is for tools and tests
// that compare builds (an LLVM upgrade, a fork).
package stackmapdiff

import (
	"github.com/stackmaps/stackmaps/stackmap"
)

// Status says how a function or record of one build relates to the other.
type Status uint8

// The statuses.
const (
	Same    Status = iota // in both, no change
	Changed               // in both, with changes
	Added                 // only in the new build
	Removed               // only in the old build
)

// String returns the status's name: "same", "changed", "added", "removed".
func (s Status) String() string {
	switch s {
	case Same:
		return "same"
	case Changed:
		return "changed"
	case Added:
		return "added"
	case Removed:
		return "removed"
	}
	return "unknown"
}

// Part names the part of a record a Change is about.
type Part uint8

// The parts of a record.
const (
	// InstructionOffset: the record's offset in its function.
	InstructionOffset Part = iota
	// Flags: the record's reserved flags field.
	Flags
	// Location: location Index (of a record that is not a statepoint in
	// both builds, or a statepoint's calling convention, flags or deopt
	// count, locations 0 to 2).
	Location
	// Deopt: a statepoint's deopt value Index.
	Deopt
	// GCBase and GCDerived: the base or derived pointer of a statepoint's
	// GC pair Index.
	GCBase
	GCDerived
	// LiveOuts: the record's live-out registers (compared as a whole).
	LiveOuts
)

// String returns the part's name as JSON and text name it.
func (p Part) String() string {
	switch p {
	case InstructionOffset:
		return "instruction_offset"
	case Flags:
		return "flags"
	case Location:
		return "location"
	case Deopt:
		return "deopt"
	case GCBase:
		return "gc_base"
	case GCDerived:
		return "gc_derived"
	case LiveOuts:
		return "live_outs"
	}
	return "unknown"
}

// Change is one changed part of a record that both builds have.
type Change struct {
	Part  Part
	Index int // the location, deopt value or GC pair; -1 for the other parts
	// OldLoc and NewLoc are the location's index in the old and new
	// record (Record.Location), -1 where that build has none (a location,
	// deopt value or pair added or removed); -1 for the other parts.
	OldLoc, NewLoc int
}

// Record is one record of either build.
type Record struct {
	ID     uint64
	Nth    int // among its function's records with this ID, from 0
	Status Status
	// Old and New are the record in each build; the zero Record where
	// the build has none (Status Added or Removed).
	Old, New stackmap.Record
	Changes  []Change // with Status Changed, in record order
}

// Function is one function of either build with its records.
type Function struct {
	Name    string // Function.Name; "" for a function without a symbol
	Section string // its code section's name when known ("" in linked files)
	Nth     int    // among the functions of this name and section, from 0
	Status  Status
	// Old and New are the function in each build; the zero Function
	// where the build has none.
	Old, New stackmap.Function
	// StackSize reports whether the stack size changed.
	StackSize bool
	// Records: the old function's records in order (same, changed or
	// removed), then the records only the new one has, in order.
	Records []Record
}

// Diff is the comparison of two sections' stack maps.
type Diff struct {
	// Functions: the old section's functions in table order (same,
	// changed or removed), then those only the new one has, in order.
	Functions []Function
}

// Equal reports whether nothing changed.
func (d *Diff) Equal() bool {
	for i := range d.Functions {
		if d.Functions[i].Status != Same {
			return false
		}
	}
	return true
}

// funcKey identifies a function across builds.
type funcKey struct {
	name, section string
	nth           int
}

// recKey identifies a record within its function across builds.
type recKey struct {
	id  uint64
	nth int
}

// side is one build's functions and their records.
type side struct {
	keys  []funcKey
	funcs map[funcKey]stackmap.Function
	recs  map[funcKey][]stackmap.Record
}

func collect(sec *stackmap.Section) side {
	s := side{funcs: map[funcKey]stackmap.Function{}, recs: map[funcKey][]stackmap.Record{}}
	seen := map[funcKey]int{}
	for _, t := range sec.Tables() {
		keys := make([]funcKey, 0, t.NumFunctions())
		for _, f := range t.Functions() {
			base := funcKey{name: f.Name(), section: f.CodeSection().Name}
			if base.name == "" {
				base.name = "#" // functions without a symbol match in order
			}
			k := base
			k.nth = seen[base]
			seen[base]++
			s.keys = append(s.keys, k)
			s.funcs[k] = f
			keys = append(keys, k)
		}
		for _, r := range t.Records() {
			fn := r.Function()
			if fn < 0 || fn >= len(keys) {
				continue // a version 1 record without a function is in no function to match
			}
			s.recs[keys[fn]] = append(s.recs[keys[fn]], r)
		}
	}
	return s
}

// Compare compares the stack maps of two sections, old and new.
func Compare(old, new *stackmap.Section) *Diff {
	o, n := collect(old), collect(new)
	// match[k] is the new function old function k is compared with: the
	// one of its key, else (a function whose code section is named
	// differently or not at all: another object format, function
	// sections in one build only) the next unmatched one of its name.
	match := make(map[funcKey]funcKey, len(o.keys))
	taken := make(map[funcKey]bool, len(n.keys))
	for _, k := range o.keys {
		if _, ok := n.funcs[k]; ok {
			match[k], taken[k] = k, true
		}
	}
	byName := map[string][]funcKey{}
	for _, k := range n.keys {
		if !taken[k] && k.name != "#" {
			byName[k.name] = append(byName[k.name], k)
		}
	}
	for _, k := range o.keys {
		if _, ok := match[k]; ok || k.name == "#" || len(byName[k.name]) == 0 {
			continue
		}
		match[k], taken[byName[k.name][0]] = byName[k.name][0], true
		byName[k.name] = byName[k.name][1:]
	}
	d := &Diff{}
	for _, k := range o.keys {
		of := o.funcs[k]
		nk, ok := match[k]
		fd := Function{Name: name(k), Section: k.section, Nth: k.nth, Old: of}
		if !ok {
			fd.Status = Removed
			for _, r := range recordsOf(o.recs[k]) {
				fd.Records = append(fd.Records, Record{ID: r.key.id, Nth: r.key.nth, Status: Removed, Old: r.r})
			}
			d.Functions = append(d.Functions, fd)
			continue
		}
		nf := n.funcs[nk]
		if fd.Section == "" {
			fd.Section = nk.section
		}
		fd.New = nf
		fd.StackSize = of.StackSize() != nf.StackSize()
		fd.Records = compareRecords(o.recs[k], n.recs[nk])
		fd.Status = Same
		if fd.StackSize {
			fd.Status = Changed
		}
		for _, r := range fd.Records {
			if r.Status != Same {
				fd.Status = Changed
			}
		}
		d.Functions = append(d.Functions, fd)
	}
	for _, k := range n.keys {
		if taken[k] {
			continue
		}
		fd := Function{Name: name(k), Section: k.section, Nth: k.nth, Status: Added, New: n.funcs[k]}
		for _, r := range recordsOf(n.recs[k]) {
			fd.Records = append(fd.Records, Record{ID: r.key.id, Nth: r.key.nth, Status: Added, New: r.r})
		}
		d.Functions = append(d.Functions, fd)
	}
	return d
}

// name returns a key's function name, "" for a function without a symbol.
func name(k funcKey) string {
	if k.name == "#" {
		return ""
	}
	return k.name
}

// keyed is a record with its key.
type keyed struct {
	key recKey
	r   stackmap.Record
}

// recordsOf keys a function's records by ID and order.
func recordsOf(rs []stackmap.Record) []keyed {
	seen := map[uint64]int{}
	out := make([]keyed, len(rs))
	for i, r := range rs {
		id := r.ID()
		out[i] = keyed{recKey{id, seen[id]}, r}
		seen[id]++
	}
	return out
}

// compareRecords matches two functions' records by ID and order.
func compareRecords(old, new []stackmap.Record) []Record {
	ok, nk := recordsOf(old), recordsOf(new)
	byKey := make(map[recKey]stackmap.Record, len(nk))
	for _, r := range nk {
		byKey[r.key] = r.r
	}
	var out []Record
	matched := map[recKey]bool{}
	for _, o := range ok {
		n, found := byKey[o.key]
		if !found {
			out = append(out, Record{ID: o.key.id, Nth: o.key.nth, Status: Removed, Old: o.r})
			continue
		}
		matched[o.key] = true
		rd := Record{ID: o.key.id, Nth: o.key.nth, Status: Same, Old: o.r, New: n}
		rd.Changes = compareRecord(o.r, n)
		if len(rd.Changes) > 0 {
			rd.Status = Changed
		}
		out = append(out, rd)
	}
	for _, n := range nk {
		if !matched[n.key] {
			out = append(out, Record{ID: n.key.id, Nth: n.key.nth, Status: Added, New: n.r})
		}
	}
	return out
}

// compareRecord lists what changed between two records with the same key.
func compareRecord(o, n stackmap.Record) []Change {
	var cs []Change
	if o.InstructionOffset() != n.InstructionOffset() {
		cs = append(cs, Change{Part: InstructionOffset, Index: -1, OldLoc: -1, NewLoc: -1})
	}
	if o.Flags() != n.Flags() {
		cs = append(cs, Change{Part: Flags, Index: -1, OldLoc: -1, NewLoc: -1})
	}
	osp, oIsSP := o.AsStatepoint()
	nsp, nIsSP := n.AsStatepoint()
	if oIsSP && nIsSP {
		cs = compareStatepoints(cs, osp, nsp)
	} else {
		cs = compareLocations(cs, Location, o, n, 0, o.NumLocations(), 0, n.NumLocations())
	}
	if !sameLiveOuts(o, n) {
		cs = append(cs, Change{Part: LiveOuts, Index: -1, OldLoc: -1, NewLoc: -1})
	}
	return cs
}

// compareStatepoints compares two statepoints part by part: the header
// locations (calling convention, flags, deopt count), the deopt values,
// then the GC pairs.
func compareStatepoints(cs []Change, o, n stackmap.Statepoint) []Change {
	or, nr := o.Record(), n.Record()
	const header = 3
	cs = compareLocations(cs, Location, or, nr, 0, header, 0, header)
	cs = compareLocations(cs, Deopt, or, nr, o.DeoptIndex(0), o.NumDeopt(), n.DeoptIndex(0), n.NumDeopt())
	for i := range max(o.NumGCPairs(), n.NumGCPairs()) {
		ob, od, nb, nd := -1, -1, -1, -1
		if i < o.NumGCPairs() {
			ob, od = o.GCPairIndex(i)
		}
		if i < n.NumGCPairs() {
			nb, nd = n.GCPairIndex(i)
		}
		if !sameAt(or, nr, ob, nb) {
			cs = append(cs, Change{Part: GCBase, Index: i, OldLoc: ob, NewLoc: nb})
		}
		if !sameAt(or, nr, od, nd) {
			cs = append(cs, Change{Part: GCDerived, Index: i, OldLoc: od, NewLoc: nd})
		}
	}
	return cs
}

// compareLocations compares on locations of o from ofirst and nn of n
// from nfirst, pairwise by position (a change's Index is the position).
func compareLocations(cs []Change, p Part, o, n stackmap.Record, ofirst, on, nfirst, nn int) []Change {
	for i := range max(on, nn) {
		oi, ni := -1, -1
		if i < on {
			oi = ofirst + i
		}
		if i < nn {
			ni = nfirst + i
		}
		if !sameAt(o, n, oi, ni) {
			cs = append(cs, Change{Part: p, Index: i, OldLoc: oi, NewLoc: ni})
		}
	}
	return cs
}

// sameAt reports whether location oi of o and ni of n are the same (both
// absent, -1, is the same).
func sameAt(o, n stackmap.Record, oi, ni int) bool {
	if oi < 0 || ni < 0 {
		return oi < 0 && ni < 0
	}
	ol, ok1 := o.Location(oi)
	nl, ok2 := n.Location(ni)
	if !ok1 || !ok2 {
		return ok1 == ok2
	}
	return SameLocation(o, ol, n, nl)
}

// SameLocation reports whether location ol of record o holds a value the
// way nl of n does: the same kind, size, register and offset, a
// ConstantIndex location's constant compared by value (its index in the
// constants table may differ).
func SameLocation(o stackmap.Record, ol stackmap.Location, n stackmap.Record, nl stackmap.Location) bool {
	if ol.Kind != nl.Kind || ol.Size != nl.Size {
		return false
	}
	switch ol.Kind {
	case stackmap.ConstantIndex:
		ov, ok1 := o.ConstantValue(ol)
		nv, ok2 := n.ConstantValue(nl)
		return ok1 && ok2 && ov == nv && ol.Reg == nl.Reg
	case stackmap.Constant:
		return ol.Offset == nl.Offset && ol.Reg == nl.Reg
	}
	return ol.Reg == nl.Reg && ol.Offset == nl.Offset
}

// sameLiveOuts reports whether two records have the same live-outs, in
// order.
func sameLiveOuts(o, n stackmap.Record) bool {
	if o.NumLiveOuts() != n.NumLiveOuts() {
		return false
	}
	for i := range o.NumLiveOuts() {
		a, _ := o.LiveOut(i)
		b, _ := n.LiveOut(i)
		if a != b {
			return false
		}
	}
	return true
}
