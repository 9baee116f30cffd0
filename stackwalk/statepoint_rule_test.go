package stackwalk_test

import (
	"encoding/binary"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/internal/stackmaptest"
	"github.com/stackmaps/stackmaps/stackmap"
	"github.com/stackmaps/stackmaps/stackwalk"
)

// TestFrameStackmapLookalike: a frame whose return address holds the
// record of constants.o's const_i64_edges (a stackmap call, ID 200, whose
// first live values 0, -1, 1 have a statepoint preamble's shape) is not a
// statepoint frame: it has no roots, and every location is a deopt value.
// The record's locations are llc's, moved to the synthetic function's
// return address.
func TestFrameStackmapLookalike(t *testing.T) {
	raw, err := os.ReadFile("../testdata/objects/llvm22/x86_64-elf/constants.stackmaps.bin")
	require.NoError(t, err)
	sec, err := stackmap.Parse(raw, binary.LittleEndian)
	require.NoError(t, err)
	tab := stackmaptest.FromTable(sec.Table(0))
	var rec *stackmaptest.Record
	for i := range tab.Records {
		if tab.Records[i].ID == 200 {
			rec = &tab.Records[i]
		}
	}
	require.NotNil(t, rec, "const_i64_edges' record")
	rec.InstructionOffset = synRet - synFunc
	tab.Functions = []stackmaptest.Function{{Address: synFunc, StackSize: 40, RecordCount: 1}}
	tab.Records = []stackmaptest.Record{*rec}
	one, err := stackmap.Parse(stackmaptest.Encode(binary.LittleEndian, tab), binary.LittleEndian)
	require.NoError(t, err)

	m, mem, rs := synthetic(t, 1)
	m.Stackmaps = stackmap.NewIndex(one)
	w, err := stackwalk.NewWalker(stackwalk.Config{Modules: []*stackwalk.Module{m}, Memory: mem})
	require.NoError(t, err)
	w.Start(synRet, rs)
	var fr *stackwalk.Frame
	for f, err := range w.Frames() {
		require.NoError(t, err)
		fr = f
		break
	}
	require.NotNil(t, fr)
	require.True(t, fr.HasRecord())
	assert.True(t, fr.RecordExact())
	assert.False(t, fr.IsStatepoint())
	_, ok := fr.Statepoint()
	assert.False(t, ok)
	assert.Zero(t, fr.NumRoots())
	assert.Zero(t, fr.NumGCSlots())
	require.Equal(t, len(rec.Locations), fr.NumDeopt())
	for i, want := range []int64{0, -1, 1, 2147483647, -2147483648} {
		s, err := fr.Deopt(i)
		require.NoError(t, err)
		assert.Equal(t, uint64(want), s.Bits, "deopt value %d", i)
	}
}
