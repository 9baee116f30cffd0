package stackmap_test

import (
	"encoding/binary"
	"math"
	"reflect"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/objfile"
	"github.com/stackmaps/stackmaps/stackmap"
)

func TestMemoryReadUint(t *testing.T) {
	m := stackmap.Memory{Addr: 0x1000, Data: []byte{1, 2, 3, 4, 5, 6, 7, 8, 9}}
	for _, c := range []struct {
		addr uint64
		size int
		le   uint64
		be   uint64
	}{
		{0x1000, 1, 0x01, 0x01},
		{0x1001, 2, 0x0302, 0x0203},
		{0x1000, 3, 0x030201, 0x010203},
		{0x1000, 4, 0x04030201, 0x01020304},
		{0x1002, 7, 0x09080706050403, 0x03040506070809},
		{0x1001, 8, 0x0908070605040302, 0x0203040506070809},
	} {
		v, err := m.ReadUint(c.addr, c.size, binary.LittleEndian)
		require.NoError(t, err)
		assert.Equal(t, c.le, v, "%#x/%d LE", c.addr, c.size)
		v, err = m.ReadUint(c.addr, c.size, binary.BigEndian)
		require.NoError(t, err)
		assert.Equal(t, c.be, v, "%#x/%d BE", c.addr, c.size)
	}
	for _, c := range []struct {
		addr uint64
		size int
	}{{0xfff, 1}, {0x1002, 8}, {0x1009, 1}, {math.MaxUint64, 2}, {0x1000, 0}, {0x1000, 9}} {
		_, err := m.ReadUint(c.addr, c.size, binary.LittleEndian)
		assert.ErrorIs(t, err, stackmap.ErrMemory, "%#x/%d", c.addr, c.size)
	}
	_, err := m.ReadUint(0x1002, 8, binary.LittleEndian)
	assert.Equal(t, stackmap.AddressError{Addr: 0x1002, Size: 8}, err)
	assert.EqualError(t, err, "stackmap: 8 bytes at 0x1002 are outside the memory given")

	var p [3]byte
	require.NoError(t, m.ReadMemory(0x1006, p[:]))
	assert.Equal(t, [3]byte{7, 8, 9}, p)
	assert.ErrorIs(t, m.ReadMemory(0x1007, p[:]), stackmap.ErrMemory)
	// The top of the address space does not wrap.
	top := stackmap.Memory{Addr: math.MaxUint64 - 3, Data: []byte{1, 2, 3, 4}}
	v, err := top.ReadUint(math.MaxUint64-3, 4, binary.LittleEndian)
	require.NoError(t, err)
	assert.Equal(t, uint64(0x04030201), v)
	_, err = top.ReadUint(math.MaxUint64, 2, binary.LittleEndian)
	assert.ErrorIs(t, err, stackmap.ErrMemory)
}

func TestMemoryRegions(t *testing.T) {
	stack := stackmap.Memory{Addr: 0x7000, Data: make([]byte, 64)}
	heap := stackmap.Memory{Addr: 0x1000, Data: make([]byte, 16)}
	binary.LittleEndian.PutUint64(stack.Data[56:], 0x1111)
	binary.LittleEndian.PutUint64(heap.Data[0:], 0x2222)
	ms, err := stackmap.NewMemoryRegions(stack, stackmap.Memory{Addr: 0x5000}, heap)
	require.NoError(t, err)
	require.Len(t, ms.Regions(), 2)
	assert.Equal(t, uint64(0x1000), ms.Regions()[0].Addr)
	v, err := ms.ReadUint(0x7038, 8, binary.LittleEndian)
	require.NoError(t, err)
	assert.Equal(t, uint64(0x1111), v)
	v, err = ms.ReadUint(0x1000, 8, binary.LittleEndian)
	require.NoError(t, err)
	assert.Equal(t, uint64(0x2222), v)
	for _, addr := range []uint64{0xfff, 0x1009, 0x1010, 0x6fff, 0x7039, 0x7040, math.MaxUint64} {
		_, err := ms.ReadUint(addr, 8, binary.LittleEndian)
		assert.ErrorIs(t, err, stackmap.ErrMemory, "%#x", addr)
	}
	var b [2]byte
	require.NoError(t, ms.ReadMemory(0x103e-0x30, b[:]))
	assert.ErrorIs(t, ms.ReadMemory(0x100f, b[:]), stackmap.ErrMemory)

	// Adjacent regions are fine, overlapping ones are not; a read across
	// two regions fails.
	a := stackmap.Memory{Addr: 0x2000, Data: []byte{1, 2}}
	c := stackmap.Memory{Addr: 0x2002, Data: []byte{3, 4}}
	ms, err = stackmap.NewMemoryRegions(c, a)
	require.NoError(t, err)
	_, err = ms.ReadUint(0x2001, 2, binary.LittleEndian)
	assert.ErrorIs(t, err, stackmap.ErrMemory)
	_, err = stackmap.NewMemoryRegions(a, stackmap.Memory{Addr: 0x2001, Data: []byte{9}})
	assert.ErrorIs(t, err, stackmap.ErrOverlap)
	_, err = stackmap.NewMemoryRegions(stackmap.Memory{Addr: math.MaxUint64, Data: []byte{1, 2}})
	assert.ErrorIs(t, err, stackmap.ErrOverlap)
}

// statepointFrame returns st_simple's statepoint record (ID 42) of the
// llvm14 x86_64 statepoints.o, whose one GC pointer is spilled at [rsp+0]
// and whose deopt values are the constants llc kept, and a stack where
// [rsp+0] holds a planted pointer.
func statepointFrame(tb testing.TB) (stackmap.Record, stackmap.Registers, stackmap.Memory) {
	f, err := objfile.Open("../testdata/objects/llvm14/x86_64-elf/statepoints.o")
	require.NoError(tb, err)
	tb.Cleanup(func() { f.Close() })
	sec, err := f.Sections[0].Parse()
	require.NoError(tb, err)
	var rec stackmap.Record
	found := false
	for _, r := range sec.Table(0).Records() {
		if r.ID() == 42 {
			rec, found = r, true
		}
	}
	require.True(tb, found)
	stack := stackmap.Memory{Addr: 0x7ffc0000, Data: make([]byte, 64)}
	binary.LittleEndian.PutUint64(stack.Data, 0xc000123450)
	return rec, stackmap.Registers{7: 0x7ffc0000}, stack
}

// TestMemoryEvaluate evaluates a real statepoint's GC pointer over
// Memory and MemoryRegions.
func TestMemoryEvaluate(t *testing.T) {
	rec, regs, stack := statepointFrame(t)
	sp, ok := rec.AsStatepoint()
	require.True(t, ok)
	require.Equal(t, 1, sp.NumGCPairs())
	bi, di := sp.GCPairIndex(0)
	l, _ := rec.Location(bi)
	require.Equal(t, stackmap.Indirect, l.Kind)
	ms, err := stackmap.NewMemoryRegions(stack, stackmap.Memory{Addr: 0xc000000000, Data: make([]byte, 4096)})
	require.NoError(t, err)
	for name, mem := range map[string]stackmap.MemoryReader{"Memory": &stack, "MemoryRegions": ms} {
		for _, i := range []int{bi, di} {
			v, err := rec.Evaluate(i, regs, mem)
			require.NoError(t, err, name)
			assert.Equal(t, uint64(0xc000123450), v.Bits, name)
			assert.Equal(t, uint64(0x7ffc0000), v.Addr, name)
			assert.True(t, v.InMemory, name)
		}
	}
	_, err = rec.Evaluate(bi, stackmap.Registers{7: 0x100}, &stack)
	var ee *stackmap.EvalError
	require.ErrorAs(t, err, &ee)
	assert.ErrorIs(t, err, stackmap.ErrMemory)
	assert.Equal(t, uint64(0x100), ee.Addr)
}

// TestEvaluateAllocs: every way the README, the godoc and the Examples
// evaluate a record allocates nothing per location. Each form is written
// here as those docs write it, in the measured function, so a reader
// boxed into the MemoryReader interface on each call would count: a
// Memory passed by value no longer compiles (its methods have pointer
// receivers), and &stack is free.
func TestEvaluateAllocs(t *testing.T) {
	rec, regs, stack := statepointFrame(t)
	ms, err := stackmap.NewMemoryRegions(stack, stackmap.Memory{Addr: 0xc000000000, Data: make([]byte, 4096)})
	require.NoError(t, err)
	every := func(eval func(i int) (stackmap.Value, error)) func() {
		return func() {
			for i := 0; i < rec.NumLocations(); i++ {
				v, err := eval(i)
				if err != nil {
					t.Fatal(err)
				}
				sink += v.Bits
			}
		}
	}
	require.Greater(t, rec.NumLocations(), 3)
	forms := map[string]func(){
		// README.md and ExampleIndex_Lookup: r.Evaluate(i, regs, &stack).
		"Evaluate(&stack)": every(func(i int) (stackmap.Value, error) { return rec.Evaluate(i, regs, &stack) }),
		// ExampleNewMemoryRegions: a *MemoryRegions from NewMemoryRegions.
		"Evaluate(regions)": every(func(i int) (stackmap.Value, error) { return rec.Evaluate(i, regs, ms) }),
		// A reader held in an interface variable (stackwalk.Config.Memory).
		"Evaluate(MemoryReader)": func() func() {
			var mem stackmap.MemoryReader = &stack
			return every(func(i int) (stackmap.Value, error) { return rec.Evaluate(i, regs, mem) })
		}(),
		// EvaluateLocation with the location in hand (Record.Locations).
		"EvaluateLocation(&stack)": func() {
			for i, l := range rec.Locations() {
				v, err := rec.EvaluateLocation(i, l, regs, &stack)
				if err != nil {
					t.Fatal(err)
				}
				sink += v.Bits
			}
		},
	}
	for name, f := range forms {
		f() // the values are right (no error), then measured
		assert.Zero(t, testing.AllocsPerRun(100, f), name)
	}
	// The form that allocated, a Memory by value, is not a reader at all.
	reader := reflect.TypeFor[stackmap.MemoryReader]()
	assert.False(t, reflect.TypeFor[stackmap.Memory]().Implements(reader), "Memory by value")
	assert.True(t, reflect.TypeFor[*stackmap.Memory]().Implements(reader))
	assert.True(t, reflect.TypeFor[*stackmap.Memory]().Implements(reflect.TypeFor[stackmap.UintReader]()))
}

// BenchmarkMemoryEvaluate: one Indirect location evaluated over each
// reader, 0 allocations per location.
func BenchmarkMemoryEvaluate(b *testing.B) {
	rec, _, stack := statepointFrame(b)
	sp, _ := rec.AsStatepoint()
	bi, _ := sp.GCPairIndex(0)
	var regs stackmap.RegisterFile = benchRegs{sp: 0x7ffc0000}
	ms, err := stackmap.NewMemoryRegions(stackmap.Memory{Addr: 0x1000, Data: make([]byte, 64)}, stack, stackmap.Memory{Addr: 0xc000000000, Data: make([]byte, 4096)})
	require.NoError(b, err)
	for name, mem := range map[string]stackmap.MemoryReader{"Memory": &stack, "MemoryRegions": ms} {
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				v, err := rec.Evaluate(bi, regs, mem)
				if err != nil {
					b.Fatal(err)
				}
				sink += v.Bits
			}
		})
	}
}

// benchRegs is a register file of one register, rsp, that allocates
// nothing.
type benchRegs struct{ sp uint64 }

func (r benchRegs) Register(n uint16) (uint64, bool) { return r.sp, n == 7 }
