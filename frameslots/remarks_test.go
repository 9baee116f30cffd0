package frameslots_test

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/frameslots"
	"github.com/stackmaps/stackmaps/regs"
)

const layoutDir = "../testdata/framelayout/"

// TestReadRemarksLLC22: llc-22's remark for layout.c's function, as its
// YAML says (x86_64: a and b at SP-16 and SP-24, buffer at SP-56, counter at
// SP-60, with their source lines).
func TestReadRemarksLLC22(t *testing.T) {
	b, err := os.ReadFile(layoutDir + "layout-x86_64.yaml")
	require.NoError(t, err)
	l, err := frameslots.ReadRemarks(bytes.NewReader(b))
	require.NoError(t, err)
	require.Len(t, l, 1)
	objs := l["layout_frame"]
	byName := map[string]frameslots.Object{}
	for _, o := range objs {
		for _, n := range o.Names {
			byName[n] = o
		}
	}
	assert.Equal(t, frameslots.Object{EntryOff: -56, Type: "Variable", Align: 16, Size: 32, Names: []string{"buffer @ layout.c:8"}}, byName["buffer @ layout.c:8"])
	assert.Equal(t, frameslots.Object{EntryOff: -60, Type: "Variable", Align: 4, Size: 4, Names: []string{"counter @ layout.c:9"}}, byName["counter @ layout.c:9"])
	assert.Equal(t, int64(-16), byName["a @ layout.c:7"].EntryOff)
	assert.Equal(t, int64(-24), byName["b @ layout.c:7"].EntryOff)
	assert.Equal(t, "Spill", objs[0].Type)
}

func TestReadRemarksRefusesBadOffsets(t *testing.T) {
	_, err := frameslots.ReadRemarks(strings.NewReader("--- !Analysis\nPass: stack-frame-layout\nFunction: f\nArgs:\n  - Offset: 'x'\n"))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "remarks line 5")
	l, err := frameslots.ReadRemarks(strings.NewReader("--- !Analysis\nPass: other\nFunction: f\nArgs:\n  - Offset: '-8'\n"))
	require.NoError(t, err)
	assert.Empty(t, l)
}

// TestAddObjectsShiftsByThePushedReturnAddress: remark offsets are from the
// stack pointer at entry, 8 below x86_64's CFA and at AArch64's.
func TestAddObjectsShiftsByThePushedReturnAddress(t *testing.T) {
	obj := frameslots.Object{EntryOff: -56, Type: "Variable", Size: 32}
	var x, a frameslots.Frame
	x.AddObjects([]frameslots.Object{obj}, regs.X86_64)
	a.AddObjects([]frameslots.Object{obj}, regs.AArch64)
	require.Len(t, x.Slots, 1)
	require.Len(t, a.Slots, 1)
	assert.Equal(t, int64(-64), x.Slots[0].Off)
	assert.Equal(t, int64(-56), a.Slots[0].Off)
	assert.Equal(t, frameslots.StackObject, x.Slots[0].Kind)
	assert.Equal(t, 32, x.Slots[0].Size)
}

// FuzzReadRemarks: any remarks file is read without a panic, and a frame
// takes whatever it gives.
func FuzzReadRemarks(f *testing.F) {
	for _, arch := range []string{"x86_64", "aarch64"} {
		b, err := os.ReadFile(layoutDir + "layout-" + arch + ".yaml")
		require.NoError(f, err)
		f.Add(b)
	}
	f.Add([]byte("--- !Analysis\nPass: stack-frame-layout\nFunction: f\nArgs:\n  - Offset: '-8'\n  - Type: Spill\n  - DataLoc: 'x @ a.c:1'\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		l, err := frameslots.ReadRemarks(bytes.NewReader(b))
		if err != nil {
			return
		}
		for _, objs := range l {
			var fr frameslots.Frame
			fr.AddObjects(objs, regs.X86_64)
		}
	})
}
