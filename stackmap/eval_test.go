package stackmap_test

import (
	"encoding/binary"
	"errors"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/internal/stackmaptest"
	"github.com/stackmaps/stackmaps/stackmap"
)

// window is target memory: a byte slice that starts at an address.
type window struct {
	start uint64
	bytes []byte
}

func (w window) ReadMemory(addr uint64, p []byte) error {
	if addr < w.start || addr-w.start+uint64(len(p)) > uint64(len(w.bytes)) {
		return fmt.Errorf("0x%x is outside the window", addr)
	}
	copy(p, w.bytes[addr-w.start:])
	return nil
}

func evalRecord(t *testing.T, bo binary.ByteOrder) stackmap.Record {
	tab := stackmaptest.Table{
		Version:   3,
		Functions: []stackmaptest.Function{{Address: 0x1000, StackSize: 32, RecordCount: 1}},
		Constants: []uint64{0x123456789},
		Records: []stackmaptest.Record{{ID: 1, Locations: []stackmaptest.Location{
			{Kind: 1, Size: 8, Reg: 3},               // rbx
			{Kind: 1, Size: 4, Reg: 3},               // ebx
			{Kind: 2, Size: 8, Reg: 7, Offset: 16},   // rsp+16
			{Kind: 3, Size: 8, Reg: 7, Offset: 8},    // [rsp+8]
			{Kind: 3, Size: 4, Reg: 7, Offset: 0},    // [rsp] 4 bytes
			{Kind: 4, Size: 8, Offset: -5},           // -5
			{Kind: 5, Size: 8, Offset: 0},            // constants[0]
			{Kind: 1, Size: 8, Reg: 99},              // missing register
			{Kind: 3, Size: 8, Reg: 7, Offset: 4096}, // unreadable
			{Kind: 3, Size: 16, Reg: 7, Offset: 0},   // a 16-byte spill: its first 8 bytes
			{Kind: 1, Size: 4, Reg: 1203},            // ppc64: the low half of r3
		}}},
	}
	sec, err := stackmap.Parse(stackmaptest.Encode(bo.(binary.AppendByteOrder), tab), bo)
	require.NoError(t, err)
	return collect(sec.Table(0))[0]
}

func TestEvaluate(t *testing.T) {
	for _, bo := range []binary.ByteOrder{binary.LittleEndian, binary.BigEndian} {
		r := evalRecord(t, bo)
		regs := stackmap.Registers{3: 0xAAAABBBB_CCCCDDDD, 7: 0x7000}
		mem := window{start: 0x7000, bytes: make([]byte, 64)}
		bo.PutUint64(mem.bytes[8:], 0x1122334455667788)
		bo.PutUint32(mem.bytes[0:], 0xDEADBEEF)
		want := []stackmap.Value{
			{Bits: 0xAAAABBBB_CCCCDDDD, Size: 8},
			{Bits: 0xCCCCDDDD, Size: 4},
			{Bits: 0x7010, Size: 8},
			{Bits: 0x1122334455667788, Addr: 0x7008, Size: 8, InMemory: true},
			{Bits: 0xDEADBEEF, Addr: 0x7000, Size: 4, InMemory: true},
			{Bits: ^uint64(4), Size: 8},
			{Bits: 0x123456789, Size: 8},
		}
		for i, w := range want {
			v, err := r.Evaluate(i, regs, mem)
			require.NoError(t, err, "location %d", i)
			assert.Equal(t, w, v, "location %d (%v)", i, bo)
		}
		var ee *stackmap.EvalError
		_, err := r.Evaluate(7, regs, mem)
		require.ErrorAs(t, err, &ee)
		assert.ErrorIs(t, err, stackmap.ErrNoRegister)
		assert.Equal(t, uint16(99), ee.Reg)
		_, err = r.Evaluate(8, regs, mem)
		assert.ErrorIs(t, err, stackmap.ErrMemory)
		require.ErrorAs(t, err, &ee)
		assert.Equal(t, uint64(0x8000), ee.Addr)
		wide, err := r.Evaluate(9, regs, mem)
		require.NoError(t, err)
		first := bo.Uint64(mem.bytes[0:8])
		assert.Equal(t, stackmap.Value{Bits: first, Addr: 0x7000, Size: 16, InMemory: true}, wide, "element 0 of a 16-byte slot")
		_, err = r.Evaluate(3, regs, nil)
		assert.True(t, errors.Is(err, stackmap.ErrMemory))
		v, err := r.Evaluate(10, regs, mem)
		require.NoError(t, err)
		assert.Equal(t, uint64(0xCCCCDDDD), v.Bits, "1200+N reads rN")
		_, err = r.Evaluate(11, regs, mem)
		assert.Error(t, err)
	}
}

// statepointTable has one statepoint record: preamble (cc 0, flags 0, 2
// deopt), deopt [Register rbx, Constant 7], pairs (Indirect [rsp+8],
// Indirect [rsp+8]) and (Indirect [rsp+8], Register r12), one GC slot
// (Direct rsp+24); and a malformed one with an odd number of GC locations.
func statepointTable() stackmaptest.Table {
	pre := []stackmaptest.Location{{Kind: 4, Size: 8, Offset: 0}, {Kind: 4, Size: 8, Offset: 0}, {Kind: 4, Size: 8, Offset: 2}}
	good := append(append([]stackmaptest.Location(nil), pre...),
		stackmaptest.Location{Kind: 1, Size: 8, Reg: 3}, stackmaptest.Location{Kind: 4, Size: 8, Offset: 7},
		stackmaptest.Location{Kind: 3, Size: 8, Reg: 7, Offset: 8}, stackmaptest.Location{Kind: 3, Size: 8, Reg: 7, Offset: 8},
		stackmaptest.Location{Kind: 3, Size: 8, Reg: 7, Offset: 8}, stackmaptest.Location{Kind: 1, Size: 8, Reg: 12},
		stackmaptest.Location{Kind: 2, Size: 8, Reg: 7, Offset: 24})
	odd := append(append([]stackmaptest.Location(nil), pre...),
		stackmaptest.Location{Kind: 1, Size: 8, Reg: 3}, stackmaptest.Location{Kind: 4, Size: 8, Offset: 7},
		stackmaptest.Location{Kind: 3, Size: 8, Reg: 7, Offset: 8})
	return stackmaptest.Table{
		Version:   3,
		Functions: []stackmaptest.Function{{Address: 0x1000, StackSize: 40, RecordCount: 4}},
		Records: []stackmaptest.Record{
			{ID: stackmap.DefaultStatepointID, InstructionOffset: 10, Locations: good},
			{ID: stackmap.DefaultStatepointID, InstructionOffset: 20, Locations: odd},
			{ID: 5, InstructionOffset: 30, Locations: []stackmaptest.Location{{Kind: 1, Size: 8, Reg: 3}}},
			{ID: 6, InstructionOffset: 40, Locations: []stackmaptest.Location{pre[0], pre[1], {Kind: 4, Size: 8, Offset: 9}}},
		},
	}
}

func TestStatepointView(t *testing.T) {
	sec, err := stackmap.Parse(stackmaptest.Encode(binary.LittleEndian, statepointTable()), binary.LittleEndian)
	require.NoError(t, err)
	recs := collect(sec.Table(0))
	sp, err := recs[0].Statepoint()
	require.NoError(t, err)
	assert.Equal(t, int64(0), sp.CallingConv())
	assert.Equal(t, int64(0), sp.Flags())
	assert.Equal(t, 2, sp.NumDeopt())
	d1, _ := sp.Deopt(1)
	assert.Equal(t, int64(7), d1.SmallConstant())
	require.Equal(t, 2, sp.NumGCPairs())
	b, d, ok := sp.GCPair(1)
	require.True(t, ok)
	assert.Equal(t, stackmap.Indirect, b.Kind)
	assert.Equal(t, uint16(12), d.Reg)
	assert.True(t, stackmap.RootInRegister(d))
	assert.False(t, stackmap.RootInRegister(b))
	var roots []int
	for i, l := range sp.RegisterRoots() {
		roots = append(roots, i)
		assert.Equal(t, uint16(12), l.Reg)
	}
	assert.Equal(t, []int{8}, roots) // pair 1's derived pointer, r12
	assert.Zero(t, testing.AllocsPerRun(100, func() {
		for range sp.RegisterRoots() {
		}
	}))
	require.Equal(t, 1, sp.NumGCSlots())
	s, _ := sp.GCSlot(0)
	assert.Equal(t, int32(24), s.Offset)

	_, err = recs[1].Statepoint()
	assert.ErrorIs(t, err, stackmap.ErrNotStatepoint)
	assert.Contains(t, err.Error(), "even")
	_, err = recs[2].Statepoint()
	assert.ErrorIs(t, err, stackmap.ErrNotStatepoint)
	_, err = recs[3].Statepoint()
	assert.ErrorIs(t, err, stackmap.ErrNotStatepoint)
	assert.Contains(t, err.Error(), "9 deopt arguments")
}

// wordWindow is a window that also implements UintReader.
type wordWindow struct{ window }

func (w wordWindow) ReadUint(addr uint64, size int, order binary.ByteOrder) (uint64, error) {
	if addr < w.start || addr-w.start+uint64(size) > uint64(len(w.bytes)) {
		return 0, fmt.Errorf("0x%x is outside the window", addr)
	}
	b := w.bytes[addr-w.start:]
	if size == 8 {
		return order.Uint64(b), nil
	}
	return uint64(order.Uint32(b)), nil
}

func TestEvaluateIndirectWithoutAllocation(t *testing.T) {
	r := evalRecord(t, binary.LittleEndian)
	regs := stackmap.Registers{3: 1, 7: 0x7000}
	mem := wordWindow{window{start: 0x7000, bytes: make([]byte, 64)}}
	binary.LittleEndian.PutUint64(mem.bytes[8:], 0x1122334455667788)
	binary.LittleEndian.PutUint32(mem.bytes[0:], 0xDEADBEEF)
	v, err := r.Evaluate(3, regs, mem)
	require.NoError(t, err)
	assert.Equal(t, uint64(0x1122334455667788), v.Bits)
	v, err = r.Evaluate(4, regs, mem)
	require.NoError(t, err)
	assert.Equal(t, uint64(0xDEADBEEF), v.Bits)
	var m stackmap.MemoryReader = mem
	var rf stackmap.RegisterFile = regs
	assert.Zero(t, testing.AllocsPerRun(100, func() {
		v, _ := r.Evaluate(3, rf, m)
		sink += v.Bits
	}), "an Indirect location read through a UintReader allocates nothing")
	_, err = r.Evaluate(8, regs, mem)
	assert.ErrorIs(t, err, stackmap.ErrMemory)
}

func TestEvaluateNilRegisterFile(t *testing.T) {
	r := evalRecord(t, binary.LittleEndian)
	_, err := r.Evaluate(0, nil, nil)
	assert.ErrorIs(t, err, stackmap.ErrNoRegister)
	v, err := r.Evaluate(5, nil, nil)
	require.NoError(t, err, "constants need no registers")
	assert.Equal(t, ^uint64(4), v.Bits)
}

// TestResolve checks Evaluate's rule without I/O on the same locations:
// with the register's value given, every kind but Indirect gives
// Evaluate's value, and Indirect gives the address to load from; and
// ResolveRegister's answers for the kinds that name a register.
func TestResolve(t *testing.T) {
	r := evalRecord(t, binary.LittleEndian)
	const rbx, rsp = 0xAAAABBBB_CCCCDDDD, 0x7000
	cases := []struct {
		base uint64
		want stackmap.Value
		load bool
	}{
		{rbx, stackmap.Value{Bits: rbx, Size: 8}, false},
		{rbx, stackmap.Value{Bits: 0xCCCCDDDD, Size: 4}, false},
		{rsp, stackmap.Value{Bits: 0x7010, Size: 8}, false},
		{rsp, stackmap.Value{Addr: 0x7008, Size: 8, InMemory: true}, true},
		{rsp, stackmap.Value{Addr: 0x7000, Size: 4, InMemory: true}, true},
		{12345, stackmap.Value{Bits: ^uint64(4), Size: 8}, false},
		{12345, stackmap.Value{Bits: 0x123456789, Size: 8}, false},
	}
	for i, c := range cases {
		l, ok := r.Location(i)
		require.True(t, ok)
		v, load := r.Resolve(l, c.base)
		assert.Equal(t, c.want, v, "location %d", i)
		assert.Equal(t, c.load, load, "location %d", i)
		// ResolveRegister answers the register kinds alone, and gives
		// constants the zero Value.
		v, load = l.ResolveRegister(c.base)
		if l.InRegister() {
			assert.Equal(t, c.want, v, "ResolveRegister, location %d", i)
			assert.Equal(t, c.load, load, "ResolveRegister, location %d", i)
		} else {
			assert.Equal(t, stackmap.Value{}, v, "ResolveRegister, constant %d", i)
			assert.False(t, load)
		}
	}
	gpr, ok := stackmap.PPCHalf(1203)
	assert.True(t, ok)
	assert.Equal(t, uint16(3), gpr)
	for _, n := range []uint16{3, 1199, 1232} {
		gpr, ok := stackmap.PPCHalf(n)
		assert.False(t, ok, "%d", n)
		assert.Equal(t, n, gpr)
	}
}
