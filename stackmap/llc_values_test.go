package stackmap_test

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/internal/corpus"
	"github.com/stackmaps/stackmaps/stackmap"
)

// These tests pin values that real llc wrote, from our IR in testdata/ir,
// on every LLVM version and target the test data holds.

// goldenTables returns the decoded table of every checked-in object
// compiled from the named IR file (e.g. "constants").
func goldenTables(t *testing.T, ir string) map[string]*stackmap.Table {
	t.Helper()
	objs, err := corpus.Objects()
	require.NoError(t, err)
	out := map[string]*stackmap.Table{}
	for _, o := range objs {
		if strings.TrimSuffix(filepath.Base(o.Path), ".o") != ir {
			continue
		}
		data, err := os.ReadFile(o.Base() + ".stackmaps.bin")
		require.NoError(t, err)
		sec, err := stackmap.Parse(data, o.ByteOrder)
		require.NoError(t, err, o.Name())
		require.Equal(t, 1, sec.NumTables())
		out[o.Name()] = sec.Table(0)
	}
	require.NotEmpty(t, out, "no objects compiled from %s.ll", ir)
	return out
}

// recordByID returns the first record with the given ID.
func recordByID(t *testing.T, tab *stackmap.Table, id uint64) stackmap.Record {
	t.Helper()
	for _, r := range tab.Records() {
		if r.ID() == id {
			return r
		}
	}
	t.Fatalf("no record with ID %d", id)
	return stackmap.Record{}
}

func constantValues(r stackmap.Record) ([]stackmap.Kind, []int64) {
	var kinds []stackmap.Kind
	var values []int64
	for _, l := range r.Locations() {
		v, _ := r.ConstantValue(l)
		kinds = append(kinds, l.Kind)
		values = append(values, int64(v))
	}
	return kinds, values
}

func TestLLCConstants(t *testing.T) {
	const C, CI = stackmap.Constant, stackmap.ConstantIndex
	for name, tab := range goldenTables(t, "constants") {
		kinds, values := constantValues(recordByID(t, tab, 200))
		assert.Equal(t, []int64{0, -1, 1, 2147483647, -2147483648, 2147483648, -2147483649, 4294967295, 4294967296,
			math.MaxInt64, math.MinInt64, 0x7FFFFFFF00000000}, values, name)
		assert.Equal(t, []stackmap.Kind{C, C, C, C, C, CI, CI, CI, CI, CI, CI, CI}, kinds, name)

		kinds, values = constantValues(recordByID(t, tab, 201))
		assert.Equal(t, []int64{0, -1, 2147483647, -2147483648, -1}, values, name+": i32 operands")
		assert.Equal(t, []stackmap.Kind{C, C, C, C, C}, kinds, name)
		for _, l := range recordByID(t, tab, 200).Locations() {
			assert.Equal(t, uint16(8), l.Size, name)
		}
	}
}

func TestLLCZeroLocations(t *testing.T) {
	for name, tab := range goldenTables(t, "zero_locations") {
		f, _ := tab.Function(0)
		require.Equal(t, uint64(6), f.RecordCount(), name)
		var ids []uint64
		for _, r := range tab.Records() {
			if r.Function() == 0 {
				ids = append(ids, r.ID())
				assert.Zero(t, r.NumLocations(), name)
				assert.Zero(t, r.NumLiveOuts(), name)
				assert.Equal(t, 24, r.Size(), name)
			}
		}
		assert.Equal(t, []uint64{0, 1, 0xFFFFFFFF, 0x100000000, math.MaxInt64, 0xFFFFFFFFFFFFFFFE}, ids, name)
	}
}

func TestLLCDynamicStack(t *testing.T) {
	for name, tab := range goldenTables(t, "dynamic_alloca") {
		require.Equal(t, 4, tab.NumFunctions(), name)
		f0, _ := tab.Function(0)
		assert.True(t, f0.DynamicStack(), "%s: a variable-sized alloca makes the frame size dynamic", name)
		if strings.Contains(name, "s390x") {
			continue // SystemZ reports every frame here as dynamic and holds the big alloca's address in a register (r13)
		}
		big, _ := tab.Function(3)
		assert.False(t, big.DynamicStack(), name)
		assert.Greater(t, big.StackSize(), uint64(128*1024), "%s: the 128 KiB frame", name)
		l, _ := recordByID(t, tab, 304).Location(0)
		assert.Equal(t, stackmap.Direct, l.Kind, name)
	}
	tab := goldenTables(t, "dynamic_alloca")["llvm14/x86_64-elf/dynamic_alloca"]
	require.NotNil(t, tab)
	l, _ := recordByID(t, tab, 304).Location(0)
	assert.Equal(t, stackmap.Location{Kind: stackmap.Direct, Size: 8, Reg: 6, Offset: -131088}, l, "Direct rbp-131088")
}

func TestLLCPatchpointLiveOuts(t *testing.T) {
	for name, tab := range goldenTables(t, "patchpoints") {
		r := recordByID(t, tab, 400)
		assert.Positive(t, r.NumLiveOuts(), "%s: an anyregcc patchpoint reports live-outs", name)
		for _, l := range r.Locations() {
			assert.Equal(t, stackmap.Register, l.Kind, "%s: anyregcc arguments are in registers", name)
		}
	}
	tab := goldenTables(t, "patchpoints")["llvm14/x86_64-elf/patchpoints"]
	require.NotNil(t, tab)
	r := recordByID(t, tab, 400)
	assert.Equal(t, uint32(4), r.InstructionOffset())
	var regs []uint16
	for _, l := range r.Locations() {
		regs = append(regs, l.Reg)
	}
	assert.Equal(t, []uint16{0, 5, 4, 1}, regs, "rax (result), rdi, rsi, rdx")
	var live []stackmap.LiveOut
	for _, lo := range r.LiveOuts() {
		live = append(live, lo)
	}
	assert.Equal(t, []stackmap.LiveOut{{Reg: 0, Size: 8}, {Reg: 1, Size: 8}, {Reg: 4, Size: 8}, {Reg: 5, Size: 8}, {Reg: 7, Size: 8}}, live)
	kinds, values := constantValues(recordByID(t, tab, 401))
	assert.Equal(t, []stackmap.Kind{stackmap.Register, stackmap.Register, stackmap.Register, stackmap.Constant, stackmap.ConstantIndex}, kinds)
	assert.Equal(t, []int64{7, 8589934592}, values[3:])
}

func TestLLCStatepoints(t *testing.T) {
	for name, tab := range goldenTables(t, "statepoints") {
		sp, err := recordByID(t, tab, 42).Statepoint()
		require.NoError(t, err, name)
		assert.Equal(t, 2, sp.NumDeopt(), name)
		for i, want := range []int64{1, 2} {
			l, _ := sp.Deopt(i)
			assert.Equal(t, stackmap.Constant, l.Kind, name)
			assert.Equal(t, want, l.SmallConstant(), name)
		}
		assert.Equal(t, 1, sp.NumGCPairs(), name)
		assert.Zero(t, sp.NumGCSlots(), name)
		_, err = recordByID(t, tab, stackmap.DefaultStatepointID).Statepoint()
		assert.NoError(t, err, name)
		for _, r := range tab.Records() {
			_, err := r.Statepoint()
			assert.NoError(t, err, "%s: record %d (ID %d)", name, r.Index(), r.ID())
		}
	}
	tab := goldenTables(t, "statepoints")["llvm14/x86_64-elf/statepoints"]
	require.NotNil(t, tab)
	r := recordByID(t, tab, 42)
	assert.Equal(t, uint32(10), r.InstructionOffset(), "the return address of the call")
	sp, _ := r.Statepoint()
	b, d, _ := sp.GCPair(0)
	assert.Equal(t, stackmap.Location{Kind: stackmap.Indirect, Size: 8, Reg: 7}, b, "base spilled at [rsp+0]")
	assert.Equal(t, b, d, "an underived pointer is its own base")
}

// TestLLCStatepointDerivedPairs checks st_derived on x86_64 and aarch64:
// the IR relocates %base and %derived = %base + %off, so the record holds
// two (base, derived) pairs: one whose derived pointer has its own slot,
// and one that is %base itself, both with the same base slot.
func TestLLCStatepointDerivedPairs(t *testing.T) {
	checked := 0
	for name, tab := range goldenTables(t, "statepoints") {
		if !strings.Contains(name, "x86_64-elf") && !strings.Contains(name, "aarch64-elf") {
			continue
		}
		sp, err := recordByID(t, tab, 8).Statepoint()
		require.NoError(t, err, name)
		require.Equal(t, 2, sp.NumGCPairs(), name)
		b0, d0, _ := sp.GCPair(0)
		b1, d1, _ := sp.GCPair(1)
		assert.Equal(t, b0, b1, "%s: both pairs share %%base's slot", name)
		assert.Equal(t, b1, d1, "%s: %%base is its own base", name)
		assert.NotEqual(t, b0, d0, "%s: %%derived lives apart from its base", name)
		assert.Equal(t, stackmap.Indirect, d0.Kind, name)
		checked++
	}
	assert.Equal(t, 6, checked, "x86_64 and aarch64, LLVM 14, 19 and 22")
}
