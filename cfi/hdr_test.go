package cfi

import (
	"debug/elf"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// realEHFrame returns the .eh_frame config of a linked test binary, with
// its .eh_frame_hdr.
func realEHFrame(t testing.TB, rel string) Config {
	t.Helper()
	f, err := elf.Open(filepath.Join(testdataDir, rel))
	require.NoError(t, err)
	defer f.Close()
	eh, hdr := f.Section(".eh_frame"), f.Section(".eh_frame_hdr")
	require.NotNil(t, eh)
	require.NotNil(t, hdr)
	return Config{Kind: EHFrame, Data: sectionBytes(t, eh), Addr: eh.Addr, Order: f.ByteOrder, PtrSize: 8,
		Hdr: sectionBytes(t, hdr), HdrAddr: hdr.Addr}
}

func TestHdrErrors(t *testing.T) {
	base := realEHFrame(t, "cfi/build/ppc64/pie")
	s, err := New(base)
	require.NoError(t, err)
	require.True(t, s.HasHdr())
	require.Equal(t, uint8(PEDataRel|PESData4), s.hdr.enc)

	mut := func(f func(h []byte)) Config {
		c := base
		c.Hdr = append([]byte(nil), base.Hdr...)
		f(c.Hdr)
		return c
	}
	_, err = New(mut(func(h []byte) { h[0] = 2 }))
	requireCFIError(t, err, ErrVersion, 0)
	_, err = New(mut(func(h []byte) { h[1] = 0x07 }))
	requireCFIError(t, err, ErrEncoding, 1)
	_, err = New(mut(func(h []byte) { h[4]++ })) // eh_frame_ptr off by one
	requireCFIError(t, err, ErrConfig, 4)
	_, err = New(mut(func(h []byte) { h[8] = 0x7f })) // fde_count far too large (big-endian)
	requireCFIError(t, err, ErrTruncated, 12)
	c := base
	c.Hdr = base.Hdr[:3]
	_, err = New(c)
	requireCFIError(t, err, ErrTruncated, 3)

	// A table encoding that is not fixed-size: accepted, searched linearly.
	s, err = New(mut(func(h []byte) { h[3] = PEDataRel | PEULEB128 }))
	require.NoError(t, err)
	require.False(t, s.HasHdr())
	// No table at all.
	s, err = New(mut(func(h []byte) { h[2] = PEOmit }))
	require.NoError(t, err)
	require.False(t, s.HasHdr())

	// A table entry pointing outside .eh_frame.
	s, err = New(mut(func(h []byte) {
		for i := 12; i+8 <= len(h); i += 8 {
			h[i+4] = 0x7f
		}
	}))
	require.NoError(t, err)
	ref, _ := New(base)
	f, err := ref.FindFDE(0)
	require.ErrorIs(t, err, ErrNotFound)
	for fde, err := range ref.FDEs() {
		require.NoError(t, err)
		f = fde
		break
	}
	_, err = s.FindFDE(f.PCBegin)
	require.ErrorIs(t, err, ErrLength)
}
