package stackmap_test

import (
	"encoding/binary"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/machosection"
	"github.com/stackmaps/stackmaps/regs"
	"github.com/stackmaps/stackmaps/stackmap"
)

// The old-format samples in testdata/samples hold the table of LLVM 3.7's
// own llvm-readobj test, whose expected values are in the samples' README.

func TestVersion1MachOSample(t *testing.T) {
	lf, err := machosection.Open("../testdata/samples/v1-x86_64-macho.o")
	require.NoError(t, err)
	defer lf.Close()
	sd, err := lf.StackMaps()
	require.NoError(t, err)
	defer sd.Close()
	assert.Equal(t, stackmap.FormatMachO, sd.Format)
	assert.Equal(t, regs.X86_64, sd.Arch)
	assert.Equal(t, "__LLVM_STACKMAPS,__llvm_stackmaps", sd.Name)
	assert.Len(t, sd.Data, 104)
	sec, err := sd.Parse()
	require.NoError(t, err)
	assertSampleTable(t, sec, stackmap.Version1)
}

func TestVersion1And2RawSamples(t *testing.T) {
	for file, v := range map[string]stackmap.Version{
		"../testdata/samples/v1-x86_64.bin": stackmap.Version1,
		"../testdata/samples/v2-x86_64.bin": stackmap.Version2,
	} {
		t.Run(file, func(t *testing.T) {
			data, err := os.ReadFile(file)
			require.NoError(t, err)
			sec, err := stackmap.Parse(data, binary.LittleEndian)
			require.NoError(t, err)
			assertSampleTable(t, sec, v)
		})
	}
}

// assertSampleTable checks the values LLVM 3.7's test expected:
// one function (stack size 16), constant 10000000000, record ID 2 at
// offset 1 with Register R#5, Constant 10, ConstantIndex #0, Direct R#4-8,
// Indirect [R#6-16], every location 8 bytes, one live-out R#7 (8 bytes).
func assertSampleTable(t *testing.T, sec *stackmap.Section, v stackmap.Version) {
	t.Helper()
	require.Equal(t, 1, sec.NumTables())
	tab := sec.Table(0)
	assert.Equal(t, v, tab.Version())
	require.Equal(t, 1, tab.NumFunctions())
	f, ok := tab.Function(0)
	require.True(t, ok)
	assert.Equal(t, uint64(0), f.Address())
	assert.Equal(t, uint64(16), f.StackSize())
	assert.False(t, f.DynamicStack())
	assert.Equal(t, v != stackmap.Version1, f.HasRecordCount())
	if v == stackmap.Version2 {
		assert.Equal(t, uint64(1), f.RecordCount())
	}
	require.Equal(t, 1, tab.NumConstants())
	c, ok := tab.Constant(0)
	require.True(t, ok)
	assert.Equal(t, uint64(10000000000), c)

	recs := collect(tab)
	require.Len(t, recs, 1)
	r := recs[0]
	assert.Equal(t, uint64(2), r.ID())
	assert.Equal(t, uint32(1), r.InstructionOffset())
	assert.Equal(t, 0, r.Function(), "a single-function table attributes its records even in version 1")
	want := []stackmap.Location{
		{Kind: stackmap.Register, Size: 8, Reg: 5},
		{Kind: stackmap.Constant, Size: 8, Offset: 10},
		{Kind: stackmap.ConstantIndex, Size: 8, Offset: 0},
		{Kind: stackmap.Direct, Size: 8, Reg: 4, Offset: -8},
		{Kind: stackmap.Indirect, Size: 8, Reg: 6, Offset: -16},
	}
	assert.Equal(t, want, locations(r))
	l, _ := r.Location(2)
	cv, ok := r.ConstantValue(l)
	assert.True(t, ok)
	assert.Equal(t, uint64(10000000000), cv)
	require.Equal(t, 1, r.NumLiveOuts())
	lo, _ := r.LiveOut(0)
	assert.Equal(t, stackmap.LiveOut{Reg: 7, Size: 8}, lo)
}

// collect returns a table's records.
func collect(tab *stackmap.Table) []stackmap.Record {
	var out []stackmap.Record
	for _, r := range tab.Records() {
		out = append(out, r)
	}
	return out
}

// locations returns a record's locations.
func locations(r stackmap.Record) []stackmap.Location {
	var out []stackmap.Location
	for _, l := range r.Locations() {
		out = append(out, l)
	}
	return out
}
