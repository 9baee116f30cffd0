package stackmapdiff

import (
	"encoding/binary"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/stackmap"
)

func section(t *testing.T, specs ...stackmap.TableSpec) *stackmap.Section {
	t.Helper()
	b, err := stackmap.AppendSection(nil, specs, binary.LittleEndian)
	require.NoError(t, err)
	s, err := stackmap.Parse(b, binary.LittleEndian)
	require.NoError(t, err)
	return s
}

func konst(v int32) stackmap.Location {
	return stackmap.Location{Kind: stackmap.Constant, Size: 8, Offset: v}
}

func reg(r uint16) stackmap.Location {
	return stackmap.Location{Kind: stackmap.Register, Size: 8, Reg: r}
}

func indirect(r uint16, off int32) stackmap.Location {
	return stackmap.Location{Kind: stackmap.Indirect, Size: 8, Reg: r, Offset: off}
}

// statepoint returns a statepoint's locations: calling convention 0,
// flags 0, the deopt values, then the GC pairs' base and derived slots.
func statepoint(deopt []stackmap.Location, pairs ...stackmap.Location) []stackmap.Location {
	out := []stackmap.Location{konst(0), konst(0), konst(int32(len(deopt)))}
	out = append(out, deopt...)
	return append(out, pairs...)
}

// base is a table of two functions: f0 with a statepoint (ID 1) and a
// patchpoint (ID 2, with live-outs), f1 with a record using a constant of
// the constants table (ID 3).
func base() stackmap.TableSpec {
	return stackmap.TableSpec{
		Functions: []stackmap.FunctionSpec{{Address: 0x1000, StackSize: 32, RecordCount: 2}, {Address: 0x2000, StackSize: 16, RecordCount: 1}},
		Constants: []uint64{7, 1 << 40},
		Records: []stackmap.RecordSpec{
			{ID: 1, InstructionOffset: 0x10, Locations: statepoint([]stackmap.Location{konst(-16843010)}, indirect(7, 8), indirect(7, 8))},
			{ID: 2, InstructionOffset: 0x20, Locations: []stackmap.Location{reg(0)}, LiveOuts: []stackmap.LiveOut{{Reg: 7, Size: 8}}},
			{ID: 3, InstructionOffset: 0x8, Locations: []stackmap.Location{{Kind: stackmap.ConstantIndex, Size: 8, Offset: 1}}},
		},
	}
}

// TestCompareEqual: a section against itself, and against a copy whose
// constants table is in another order (ConstantIndex compared by value).
func TestCompareEqual(t *testing.T) {
	b := base()
	d := Compare(section(t, b), section(t, b))
	assert.True(t, d.Equal())
	require.Len(t, d.Functions, 2)
	for _, f := range d.Functions {
		assert.Equal(t, Same, f.Status)
		for _, r := range f.Records {
			assert.Equal(t, Same, r.Status)
			assert.Empty(t, r.Changes)
		}
	}
	renumbered := base()
	renumbered.Constants = []uint64{1 << 40, 7}
	renumbered.Records[2].Locations[0].Offset = 0
	assert.True(t, Compare(section(t, b), section(t, renumbered)).Equal())
	renumbered.Constants = []uint64{1 << 41, 7}
	d = Compare(section(t, b), section(t, renumbered))
	require.False(t, d.Equal())
	assert.Equal(t, []Change{{Part: Location, Index: 0, OldLoc: 0, NewLoc: 0}}, d.Functions[1].Records[0].Changes)
}

// TestCompareParts: each part of a record that changes is one Change, at
// the location of each build: a statepoint's deopt value (0xfefefefe
// becoming a register, as LLVM 22 records undef), its GC pair's base, an
// added deopt value, live-outs, the instruction offset, and the stack
// size; records added and removed by ID and order.
func TestCompareParts(t *testing.T) {
	o := base()
	n := base()
	n.Functions[0].StackSize = 48
	n.Records[0].InstructionOffset = 0x14
	n.Records[0].Locations = statepoint([]stackmap.Location{reg(3), konst(5)}, indirect(7, 16), indirect(7, 8))
	n.Records[1].LiveOuts = append(n.Records[1].LiveOuts, stackmap.LiveOut{Reg: 3, Size: 8})
	// f1: its record ID 3 removed; two records of ID 9 added.
	n.Functions[1].RecordCount = 2
	n.Records[2] = stackmap.RecordSpec{ID: 9, InstructionOffset: 4}
	n.Records = append(n.Records, stackmap.RecordSpec{ID: 9, InstructionOffset: 6})
	d := Compare(section(t, o), section(t, n))
	require.False(t, d.Equal())
	require.Len(t, d.Functions, 2)
	f0 := d.Functions[0]
	assert.Equal(t, Changed, f0.Status)
	assert.True(t, f0.StackSize)
	assert.Equal(t, "", f0.Name, "a raw section has no symbols: functions match in order")
	require.Len(t, f0.Records, 2)
	sp := f0.Records[0]
	assert.Equal(t, Changed, sp.Status)
	assert.Equal(t, []Change{
		{Part: InstructionOffset, Index: -1, OldLoc: -1, NewLoc: -1},
		{Part: Location, Index: 2, OldLoc: 2, NewLoc: 2}, // the deopt count, 1 -> 2
		{Part: Deopt, Index: 0, OldLoc: 3, NewLoc: 3},
		{Part: Deopt, Index: 1, OldLoc: -1, NewLoc: 4},
		{Part: GCBase, Index: 0, OldLoc: 4, NewLoc: 5},
	}, sp.Changes)
	assert.Equal(t, []Change{{Part: LiveOuts, Index: -1, OldLoc: -1, NewLoc: -1}}, f0.Records[1].Changes)

	f1 := d.Functions[1]
	assert.Equal(t, Changed, f1.Status)
	assert.False(t, f1.StackSize)
	require.Len(t, f1.Records, 3)
	assert.Equal(t, Record{ID: 3, Status: Removed, Old: f1.Records[0].Old}, f1.Records[0])
	assert.Equal(t, uint64(9), f1.Records[1].ID)
	assert.Equal(t, Added, f1.Records[1].Status)
	assert.Equal(t, 0, f1.Records[1].Nth)
	assert.Equal(t, 1, f1.Records[2].Nth)
	assert.Equal(t, uint32(6), f1.Records[2].New.InstructionOffset())
}

// TestCompareFunctionsAddedRemoved: a function only one build has.
func TestCompareFunctionsAddedRemoved(t *testing.T) {
	o := base()
	n := base()
	n.Functions = n.Functions[:1]
	n.Records = n.Records[:2]
	d := Compare(section(t, o), section(t, n))
	require.Len(t, d.Functions, 2)
	assert.Equal(t, Removed, d.Functions[1].Status)
	require.Len(t, d.Functions[1].Records, 1)
	assert.Equal(t, Removed, d.Functions[1].Records[0].Status)
	d = Compare(section(t, n), section(t, o))
	assert.Equal(t, Added, d.Functions[1].Status)
	assert.Equal(t, uint64(3), d.Functions[1].Records[0].ID)
	assert.Equal(t, "added", Added.String())
	assert.Equal(t, "gc_derived", GCDerived.String())
}
