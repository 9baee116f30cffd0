package stackwalk_test

import (
	"encoding/binary"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/stackwalk"
)

// TestModules walks a stack whose frames alternate between two modules:
// the synthetic one and a copy of it loaded 0x10000 higher (bias), as a
// shared library would be.
func TestModules(t *testing.T) {
	const n, bias = 20, 0x10000
	a, mem, rs := synthetic(t, n)
	b := *a
	b.Name, b.Bias, b.Start, b.End = "copy", bias, a.Start+bias, a.End+bias
	for i := 0; i+1 < n; i++ {
		if (i+1)%2 == 1 { // frame i+1 runs in the copy
			binary.LittleEndian.PutUint64(mem.b[synFrame*i+40:], synRet+bias)
		}
	}
	w, err := stackwalk.NewWalker(stackwalk.Config{Modules: []*stackwalk.Module{a, &b}, Memory: mem})
	require.NoError(t, err)
	w.Start(synRet, rs)
	i := 0
	for fr, err := range w.Frames() {
		require.NoError(t, err)
		want := a
		if i%2 == 1 {
			want = &b
		}
		assert.Same(t, want, fr.Module, "frame %d", i)
		assert.Equal(t, uint64(synBase+synFrame*(i+1)), fr.CFA)
		r, err := fr.Root(0)
		require.NoError(t, err)
		assert.Equal(t, 0x10000+uint64(i), r.Base.Bits)
		regs := 0
		for range fr.KnownRegs() {
			regs++
		}
		if i > 0 {
			assert.Equal(t, 4, regs, "frame %d: rbx, rbp, rsp and the return address column", i)
		}
		i++
	}
	assert.Equal(t, n, i)
}
