package stackwalk_test

import (
	"debug/elf"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/cfi"
	"github.com/stackmaps/stackmaps/internal/walktest"
	"github.com/stackmaps/stackmaps/objfile"
)

// reversedHdrCopy writes a copy of an ELF executable whose .eh_frame_hdr
// search table (sdata4 pairs after a 12-byte header, as GNU ld and lld
// write it) lists its entries in reverse order.
func reversedHdrCopy(t *testing.T, exe string) string {
	t.Helper()
	data, err := os.ReadFile(exe)
	require.NoError(t, err)
	ef, err := elf.Open(exe)
	require.NoError(t, err)
	hdr := ef.Section(".eh_frame_hdr")
	ef.Close()
	require.NotNil(t, hdr)
	h := data[hdr.Offset : hdr.Offset+hdr.Size]
	require.Equal(t, byte(0x3b), h[3], "table encoding datarel|sdata4")
	n := int(ef.ByteOrder.Uint32(h[8:]))
	tab := h[12 : 12+8*n]
	for i := range n / 2 {
		a, b := tab[8*i:8*i+8], tab[8*(n-1-i):8*(n-i)]
		var tmp [8]byte
		copy(tmp[:], a)
		copy(a, b)
		copy(b, tmp[:])
	}
	out := filepath.Join(t.TempDir(), "walk")
	require.NoError(t, os.WriteFile(out, data, 0o755))
	return out
}

// TestWalkReversedHdr: the walk executables with their .eh_frame_hdr
// table reversed walk exactly as the originals: the unwind table does not
// trust the unsorted table (HdrErr says so) and indexes the FDEs. Before
// the order check, a binary search of the reversed table found no FDE at
// 4 of 4 records.
func TestWalkReversedHdr(t *testing.T) {
	cases, err := walktest.Cases()
	require.NoError(t, err)
	walked := 0
	for _, c := range cases {
		if c.Name != "x86_64-nopie-statepoint" && c.Name != "aarch64-pie-patchpoint" {
			continue
		}
		f, err := walktest.ParseFile(c.Capture)
		require.NoError(t, err)
		rev := reversedHdrCopy(t, c.Binary)
		m, err := objfile.OpenModule(rev, 0)
		require.NoError(t, err)
		require.ErrorIs(t, m.Unwind.HdrErr(), cfi.ErrHdrOrder, c.Name)
		require.NoError(t, m.Close())
		want := walkCapture(t, c.Binary, f)
		got := walkCapture(t, rev, f)
		assert.Equal(t, want.frames, got.frames, c.Name)
		assert.Equal(t, want.values, got.values, c.Name)
		assert.Equal(t, want.roots, got.roots, c.Name)
		walked++
	}
	assert.Equal(t, 2, walked)
}
