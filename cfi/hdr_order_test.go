package cfi

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// reverseHdrTable returns a copy of an .eh_frame_hdr whose search table
// lists the same pairs in reverse order.
func reverseHdrTable(t testing.TB, c Config) []byte {
	s, err := New(c)
	require.NoError(t, err)
	require.True(t, s.HasHdr())
	h := append([]byte(nil), c.Hdr...)
	pair := 2 * s.hdr.entrySize
	n := int(s.hdr.count)
	for i := range n / 2 {
		a, b := s.hdr.tableOff+i*pair, s.hdr.tableOff+(n-1-i)*pair
		for k := range pair {
			h[a+k], h[b+k] = h[b+k], h[a+k]
		}
	}
	return h
}

// TestHdrUnsorted: a walk executable's .eh_frame_hdr table, reversed in a
// copy, is not trusted: New checks the order once and says why
// (HdrErr, ErrHdrOrder naming the first entry out of order); FindFDE then
// scans and NewFinder indexes, so every FDE is still found (a binary
// search of the reversed table missed them).
func TestHdrUnsorted(t *testing.T) {
	for _, exe := range []string{"walk/captures/x86_64-nopie-statepoint/walk", "walk/captures/aarch64-pie-patchpoint/walk", "cfi/build/ppc64/pie"} {
		base := realEHFrame(t, exe)
		rev := base
		rev.Hdr = reverseHdrTable(t, base)
		good, err := New(base)
		require.NoError(t, err)
		require.NoError(t, good.HdrErr())
		s, err := New(rev)
		require.NoError(t, err, exe)
		assert.False(t, s.HasHdr(), exe)
		require.ErrorIs(t, s.HdrErr(), ErrHdrOrder, exe)
		var ce *Error
		require.ErrorAs(t, s.HdrErr(), &ce)
		assert.Equal(t, uint64(12+8), ce.Offset, "%s: entry 1 is the first out of order", exe)
		fd, err := s.NewFinder()
		require.NoError(t, err)
		_, isIndex := fd.(*Index)
		assert.True(t, isIndex, exe)

		// Binary search of the reversed table, as before the check: most
		// FDEs are missed. The finder and the scan find every one.
		s.hdr.usable = true
		missed, n := 0, 0
		for f, err := range good.FDEs() {
			require.NoError(t, err)
			if f.PCEnd <= f.PCBegin {
				continue
			}
			n++
			if g, err := s.FindFDE(f.PCBegin); err != nil || g.Offset != f.Offset {
				missed++
			}
			g, err := fd.FindFDE(f.PCBegin)
			require.NoError(t, err, "%s: %#x", exe, f.PCBegin)
			assert.Equal(t, f.Offset, g.Offset)
		}
		s.hdr.usable = false
		t.Logf("%s: %d FDEs, %d missed by a search of the reversed table", exe, n, missed)
		assert.Greater(t, missed, n/2, exe)
	}
}
