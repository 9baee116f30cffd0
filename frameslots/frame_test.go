package frameslots_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/frameslots"
	"github.com/stackmaps/stackmaps/objfile"
	"github.com/stackmaps/stackmaps/stackmap"
	"github.com/stackmaps/stackmaps/unwind"
)

// TestBuildStatepointLLC22: record ID 7 of llc-22's x86_64 statepoints.o
// (st_deopt_mix, a return address 0x62): its CFI row there says CFA =
// rsp+48, so the stack pointer is CFA-48, and its Indirect and Direct
// locations (all rsp-based) land where the record's offsets put them, with
// the statepoint role of each.
func TestBuildStatepointLLC22(t *testing.T) {
	f, err := objfile.Open("../testdata/objects/llvm22/x86_64-elf/statepoints.o")
	require.NoError(t, err)
	defer f.Close()
	secs, err := f.Sections[0].Parse()
	require.NoError(t, err)
	ut, err := f.Unwind()
	require.NoError(t, err)
	var rec stackmap.Record
	var fn stackmap.Function
	found := false
	for _, tb := range secs.Tables() {
		for _, r := range tb.Records() {
			if r.ID() == 7 {
				rec, found = r, true
				fn, _ = tb.Function(r.Function())
			}
		}
	}
	require.True(t, found)
	addr, ok := rec.Address()
	require.True(t, ok)
	require.Equal(t, uint64(0x62), addr)
	var ctx unwind.Context
	row, err := ut.RowForReturnAddress(addr, &ctx)
	require.NoError(t, err)

	var fr frameslots.Frame
	fr.Build(f.Sections[0].Arch, &fn, rec, row.Rules)
	assert.True(t, fr.HasSP && fr.SPFromRow)
	assert.Equal(t, int64(-0x30), fr.SPOff)
	type slot struct {
		off   int64
		kind  frameslots.SlotKind
		locs  []int
		roles []string
	}
	var got []slot
	for _, s := range fr.Slots {
		var roles []string
		for _, r := range s.Roles {
			roles = append(roles, r.String())
		}
		got = append(got, slot{s.Off, s.Kind, s.Locs, roles})
	}
	assert.Equal(t, []slot{
		{-0x8, frameslots.ReturnAddress, nil, nil},
		{-0x10, frameslots.Location, []int{9}, []string{"deopt 6"}},
		{-0x18, frameslots.Location, []int{3}, []string{"deopt 0"}},
		{-0x20, frameslots.Location, []int{8}, []string{"deopt 5"}},
		{-0x28, frameslots.Location, []int{11, 12}, []string{"base of pair 0", "derived of pair 0"}},
		{-0x2c, frameslots.Location, []int{4}, []string{"deopt 1"}},
	}, got)
	assert.Len(t, fr.Constants, 7)
	assert.Empty(t, fr.Registers)
	assert.Empty(t, fr.Unplaced)

	// Without a row nothing is placed.
	fr.Build(f.Sections[0].Arch, &fn, rec, nil)
	assert.False(t, fr.HasRow || fr.HasSP)
	assert.Empty(t, fr.Slots)
	assert.Len(t, fr.Unplaced, 6)
}
