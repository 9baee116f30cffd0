package stackmap

import (
	"math"
	"slices"
)

// Builder fills in a TableSpec by the rules LLVM's emitter follows, so that
// a table described by its values comes out as llc would write it: each
// record belongs to the function added last; a constant that does not fit
// in 32 bits goes to the constants table, deduplicated, in the order of
// first use; live-outs are sorted by register. Re-building every table
// llc 14, 19 and 22 wrote for this project's test data this way gives
// back its bytes (stackmap/FORMAT.md, "Writing").
//
// The zero Builder builds a version 3 table: the first function, record
// or constant added sets Spec.Version to Version3 when it is 0, and empty
// lists stay nil, so that Spec equals the Table.Spec of the bytes
// AppendTable makes of it. (A Builder to which nothing was added still
// says Version 0, which AppendTable writes as 3.)
type Builder struct {
	Spec  TableSpec         // what has been built; AppendTable encodes it
	index map[uint64]uint32 // constant value -> index in Spec.Constants
}

// version makes the zero Version explicit: Version3.
func (b *Builder) version() {
	if b.Spec.Version == 0 {
		b.Spec.Version = Version3
	}
}

// AddFunction starts a function record; the records added after it belong
// to it (versions 2 and 3 count them in its RecordCount).
func (b *Builder) AddFunction(address, stackSize uint64) {
	b.version()
	b.Spec.Functions = append(b.Spec.Functions, FunctionSpec{Address: address, StackSize: stackSize})
}

// AddRecord appends r to the table, as a record of the function added
// last, with its live-outs sorted by register (stably: equal registers
// keep their order). r's slices are the Builder's afterwards (empty ones
// become nil). A record added before any function belongs to none:
// AppendTable refuses a version 2 or 3 table holding one.
func (b *Builder) AddRecord(r RecordSpec) {
	b.version()
	if len(r.Locations) == 0 {
		r.Locations = nil
	}
	if len(r.LiveOuts) == 0 {
		r.LiveOuts = nil
	}
	slices.SortStableFunc(r.LiveOuts, func(x, y LiveOut) int { return int(x.Reg) - int(y.Reg) })
	b.Spec.Records = append(b.Spec.Records, r)
	if n := len(b.Spec.Functions); n > 0 && b.Spec.Version != Version1 {
		b.Spec.Functions[n-1].RecordCount++
	}
}

// Constant returns the location of the constant v, as LLVM encodes it: a
// Constant location when v, read as a signed 64-bit number, fits in 32
// bits (-1 is stored as 0xFFFFFFFF), otherwise a ConstantIndex location
// (see ConstantIndex). Its size is 8, as llc writes it.
func (b *Builder) Constant(v uint64) Location {
	if s := int64(v); s >= math.MinInt32 && s <= math.MaxInt32 {
		return Location{Kind: Constant, Size: 8, Offset: int32(s)}
	}
	return b.ConstantIndex(v)
}

// ConstantIndex returns a ConstantIndex location of v: its index in the
// constants table, where v is added on first use. Constants added for a
// record that is then not added (or that AppendTable writes empty, for
// having more than 65,535 locations) stay in the table, as LLVM leaves
// them.
func (b *Builder) ConstantIndex(v uint64) Location {
	b.version()
	if b.index == nil {
		b.index = make(map[uint64]uint32, len(b.Spec.Constants))
		for i, c := range b.Spec.Constants {
			if _, ok := b.index[c]; !ok {
				b.index[c] = uint32(i)
			}
		}
	}
	i, ok := b.index[v]
	if !ok {
		i = uint32(len(b.Spec.Constants))
		b.Spec.Constants = append(b.Spec.Constants, v)
		b.index[v] = i
	}
	return Location{Kind: ConstantIndex, Size: 8, Offset: int32(i)}
}
