package stackwalk_test

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/stackmap"
	"github.com/stackmaps/stackmaps/stackwalk"
)

// TestErrMemoryIsOne: a walk that cannot read a saved register and a
// record location that cannot be loaded give the same sentinel, so one
// errors.Is test covers both, whichever package's name the caller uses.
// The stack is a stackmap.Memory over the synthetic stack's bytes.
func TestErrMemoryIsOne(t *testing.T) {
	require.Same(t, stackmap.ErrMemory, stackwalk.ErrMemory)

	m, flat, rs := synthetic(t, 10)
	// Frame 5's saved registers are gone.
	mem := stackmap.Memory{Addr: flat.base, Data: flat.b[:5*synFrame+20]}
	w, err := stackwalk.NewWalker(stackwalk.Config{Modules: []*stackwalk.Module{m}, Memory: &mem})
	require.NoError(t, err)
	w.Start(synRet, rs)
	k := 0
	var last *stackwalk.Frame
	failed := false
	for fr, err := range w.Frames() {
		if err != nil {
			failed = true
			var we *stackwalk.Error
			require.ErrorAs(t, err, &we)
			assert.Equal(t, 5, we.Frame)
			for _, target := range []error{stackwalk.ErrMemory, stackmap.ErrMemory} {
				assert.ErrorIs(t, err, target)
			}
			var ae stackmap.AddressError
			require.ErrorAs(t, err, &ae, "the reader's own error is kept")
			assert.Equal(t, uint64(synBase+5*synFrame+24), ae.Addr)
			break
		}
		k++
		last = fr
		root, err := fr.Root(0) // [rsp+0], which the memory still holds
		require.NoError(t, err)
		assert.Equal(t, 0x10000+uint64(fr.Index), root.Base.Bits)
	}
	assert.Equal(t, 6, k)
	assert.True(t, failed, "the walk ended without an error")
	require.NotNil(t, last)

	// A record's Indirect location outside the memory.
	m, _, rs = synthetic(t, 2)
	w, err = stackwalk.NewWalker(stackwalk.Config{Modules: []*stackwalk.Module{m}, Memory: &stackmap.Memory{Addr: synBase + 8, Data: make([]byte, 256)}})
	require.NoError(t, err)
	w.Start(synRet, rs)
	for fr, err := range w.Frames() {
		require.NoError(t, err)
		_, err = fr.Root(0) // [rsp+0] = synBase, one word below the memory
		require.Error(t, err)
		assert.True(t, errors.Is(err, stackwalk.ErrMemory) && errors.Is(err, stackmap.ErrMemory), "%v", err)
		var ee *stackmap.EvalError
		assert.ErrorAs(t, err, &ee)
		break
	}
}
