package stackwalk_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/internal/walktest"
	"github.com/stackmaps/stackmaps/stackmap"
	"github.com/stackmaps/stackmaps/stackwalk"
)

// readOnly hides every method of a memory but ReadMemory: the walker then
// evaluates through its general path, not the one for stackmap.Memory.
type readOnly struct{ m stackmap.MemoryReader }

func (r readOnly) ReadMemory(addr uint64, p []byte) error { return r.m.ReadMemory(addr, p) }

// TestValuesMatchEvaluate walks every checked-in capture with memory the
// walker reads itself (a stackmap.Memory), with the capture's own reader
// and with memory it can only call through ReadMemory, and checks every
// deopt value and GC root of every frame against stackmap's own
// evaluation of the same location with the frame's registers.
func TestValuesMatchEvaluate(t *testing.T) {
	eachCapture(t, func(t *testing.T, f *walktest.File, m *stackwalk.Module, rs *stackwalk.RegisterSet) {
		flat := stackmap.Memory{Addr: f.Stack.Start, Data: f.Stack.Bytes}
		for _, mem := range []stackmap.MemoryReader{&flat, f.Stack, readOnly{f.Stack}} {
			w, err := stackwalk.NewWalker(stackwalk.Config{Modules: []*stackwalk.Module{m}, Memory: mem})
			require.NoError(t, err)
			values := 0
			for range 2 { // a cold cache, then a warm one
				w.Start(f.RetAddr, rs)
				for w.Next() {
					values += checkFrameValues(t, w.Frame(), f.Stack)
				}
			}
			assert.Positive(t, values, "no value evaluated")
		}
	})
}

// checkFrameValues compares each deopt value and root of fr with
// stackmap's Evaluate; it returns the number of values evaluated.
func checkFrameValues(t *testing.T, fr *stackwalk.Frame, mem stackmap.MemoryReader) int {
	rec, ok := fr.Record()
	if !ok {
		return 0
	}
	sp, isSP := fr.Statepoint()
	evaluate := func(i int, got stackwalk.Slot, gotErr error) {
		want, err := rec.Evaluate(i, fr.Registers(), mem)
		if err != nil {
			assert.Error(t, gotErr, "frame %d location %d", fr.Index, i)
			return
		}
		if assert.NoError(t, gotErr, "frame %d location %d", fr.Index, i) {
			assert.Equal(t, want, got.Value, "frame %d location %d", fr.Index, i)
			l, _ := rec.Location(i)
			assert.Equal(t, l, got.Loc, "frame %d location %d", fr.Index, i)
		}
	}
	n := 0
	for i := range fr.NumDeopt() {
		s, err := fr.Deopt(i)
		idx := i
		if isSP {
			idx = sp.DeoptIndex(i)
		}
		evaluate(idx, s, err)
		n++
	}
	for i := range fr.NumRoots() {
		r, err := fr.Root(i)
		bi, di := sp.GCPairIndex(i)
		evaluate(bi, r.Base, err)
		evaluate(di, r.Derived, err)
		n++
	}
	return n
}
