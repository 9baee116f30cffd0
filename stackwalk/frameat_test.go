package stackwalk_test

import (
	"encoding/binary"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/internal/stackmaptest"
	"github.com/stackmaps/stackmaps/regs"
	"github.com/stackmaps/stackmaps/stackmap"
	"github.com/stackmaps/stackmaps/stackwalk"
)

// frameAtTable is one x86_64 function at 0x1000 with a statepoint at +10
// (calling convention 0, flags 0, deopt values rbx and the constant 7;
// pairs ([rsp+8], [rsp+8]), ([rsp+8], r12); one GC slot rsp+24), a
// malformed statepoint at +20, a patchpoint-style record at +30 (rbx) and
// at +40 a stackmap whose live values are 0, 0, 9.
func frameAtTable() *stackmap.Section {
	pre := []stackmaptest.Location{{Kind: 4, Size: 8, Offset: 0}, {Kind: 4, Size: 8, Offset: 0}, {Kind: 4, Size: 8, Offset: 2}}
	good := append(append([]stackmaptest.Location(nil), pre...),
		stackmaptest.Location{Kind: 1, Size: 8, Reg: 3}, stackmaptest.Location{Kind: 4, Size: 8, Offset: 7},
		stackmaptest.Location{Kind: 3, Size: 8, Reg: 7, Offset: 8}, stackmaptest.Location{Kind: 3, Size: 8, Reg: 7, Offset: 8},
		stackmaptest.Location{Kind: 3, Size: 8, Reg: 7, Offset: 8}, stackmaptest.Location{Kind: 1, Size: 8, Reg: 12},
		stackmaptest.Location{Kind: 2, Size: 8, Reg: 7, Offset: 24})
	odd := append(append([]stackmaptest.Location(nil), pre...),
		stackmaptest.Location{Kind: 1, Size: 8, Reg: 3}, stackmaptest.Location{Kind: 4, Size: 8, Offset: 7},
		stackmaptest.Location{Kind: 3, Size: 8, Reg: 7, Offset: 8})
	data := stackmaptest.Encode(binary.LittleEndian, stackmaptest.Table{
		Version:   3,
		Functions: []stackmaptest.Function{{Address: 0x1000, StackSize: 40, RecordCount: 4}},
		Records: []stackmaptest.Record{
			{ID: stackmap.DefaultStatepointID, InstructionOffset: 10, Locations: good},
			{ID: stackmap.DefaultStatepointID, InstructionOffset: 20, Locations: odd},
			{ID: 5, InstructionOffset: 30, Locations: []stackmaptest.Location{{Kind: 1, Size: 8, Reg: 3}}},
			{ID: 6, InstructionOffset: 40, Locations: []stackmaptest.Location{pre[0], pre[1], {Kind: 4, Size: 8, Offset: 9}}},
		},
	})
	sec, err := stackmap.Parse(data, binary.LittleEndian)
	if err != nil {
		panic(err)
	}
	return sec
}

// TestFrameAt: the frame of one return address, without CFI (what
// stackmap's Index.Deopt gave before), through the one frame model.
func TestFrameAt(t *testing.T) {
	sec := frameAtTable()
	// Bare bytes: the function's extent comes from the runtime.
	ix := stackmap.NewIndexOptions(sec, stackmap.IndexOptions{Extents: []stackmap.Extent{{Start: 0x1000, End: 0x1030}}})
	mem := stackmap.Memory{Addr: 0x9000, Data: make([]byte, 64)}
	binary.LittleEndian.PutUint64(mem.Data[8:], 0x5000)
	w, err := stackwalk.NewWalker(stackwalk.Config{Arch: regs.X86_64, Memory: &mem})
	require.NoError(t, err)
	var rs stackwalk.RegisterSet
	rs.SetAll(stackmap.Registers{3: 41, 7: 0x9000, 12: 0x5010})
	const bias = 0x10000

	fr, err := w.FrameAt(ix, bias+0x100a, bias, &rs)
	require.NoError(t, err)
	assert.Equal(t, 0, fr.Index)
	assert.Equal(t, uint64(bias+0x100a), fr.PC)
	assert.Equal(t, uint64(0x9000), fr.SP)
	assert.Nil(t, fr.Row())
	assert.Nil(t, fr.Module)
	require.True(t, fr.IsStatepoint() && fr.RecordExact())
	require.Equal(t, 2, fr.NumDeopt())
	d0, err := fr.Deopt(0)
	require.NoError(t, err)
	assert.Equal(t, uint64(41), d0.Bits)
	assert.Equal(t, stackwalk.Home{Kind: stackwalk.HomeRegister, Reg: 3}, d0.Home)
	d1, err := fr.Deopt(1)
	require.NoError(t, err)
	assert.Equal(t, uint64(7), d1.Bits)
	require.Equal(t, 2, fr.NumRoots())
	r0, err := fr.Root(0)
	require.NoError(t, err)
	assert.Equal(t, uint64(0x5000), r0.Base.Bits)
	addr, ok := r0.Base.UpdateAddr()
	assert.True(t, ok)
	assert.Equal(t, uint64(0x9008), addr)
	r1, err := fr.Root(1)
	require.NoError(t, err)
	assert.Equal(t, uint64(0x5010), r1.Derived.Bits)
	assert.Equal(t, stackwalk.Home{Kind: stackwalk.HomeRegister, Reg: 12}, r1.Derived.Home)
	require.Equal(t, 1, fr.NumGCSlots())
	s0, err := fr.GCSlot(0)
	require.NoError(t, err)
	assert.Equal(t, uint64(0x9018), s0.Bits)
	// No CFI: the walk ends after the frame.
	assert.False(t, w.Next())
	assert.Equal(t, stackwalk.EndStopPC, w.End())

	// A patchpoint-style record is found before the return address,
	// inside the function's extent.
	fr, err = w.FrameAt(ix, bias+0x1021, bias, &rs)
	require.NoError(t, err)
	assert.False(t, fr.IsStatepoint() || fr.RecordExact())
	r, _ := fr.Record()
	assert.Equal(t, uint64(5), r.ID())
	require.Equal(t, 1, fr.NumDeopt())
	d0, err = fr.Deopt(0)
	require.NoError(t, err)
	assert.Equal(t, uint64(41), d0.Bits)
	assert.Zero(t, fr.NumRoots())

	// Without the extent, only exact answers; past the extent, after a
	// statepoint (its record is another call's return address), and in no
	// function: none.
	_, err = w.FrameAt(stackmap.NewIndex(sec), bias+0x1021, bias, &rs)
	assert.ErrorIs(t, err, stackmap.ErrNoRecord)
	fr, err = w.FrameAt(stackmap.NewIndex(sec), bias+0x101e, bias, &rs)
	require.NoError(t, err)
	r, _ = fr.Record()
	assert.Equal(t, uint64(5), r.ID())
	for _, pc := range []uint64{bias + 0x1030, bias + 0x100b, 0x10} {
		_, err = w.FrameAt(ix, pc, bias, &rs)
		assert.ErrorIs(t, err, stackmap.ErrNoRecord, "%#x", pc)
	}
	// A register the capture lacks.
	var none stackwalk.RegisterSet
	fr, err = w.FrameAt(ix, bias+0x100a, bias, &none)
	require.NoError(t, err)
	_, err = fr.Deopt(0)
	assert.ErrorIs(t, err, stackmap.ErrNoRegister)

	// Allocation-free, like a walk.
	assert.Zero(t, testing.AllocsPerRun(100, func() {
		fr, _ := w.FrameAt(ix, bias+0x100a, bias, &rs)
		r, _ := fr.Root(0)
		sinkFrameAt += r.Base.Bits
	}))
}

var sinkFrameAt uint64
