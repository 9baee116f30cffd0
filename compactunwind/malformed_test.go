package compactunwind_test

import (
	"encoding/binary"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/compactunwind"
)

// synth builds an __unwind_info section with two common encodings
// (0x04000001, 0x02001000), no personality, two pages and the sentinel:
// page 0 regular at 0x50 (functions 0x100 enc 0x04000001, 0x180 enc
// 0x03000040), page 1 compressed at 0x68 (base 0x200: +0 common 1, +0x40
// page encoding 0x04000003), sentinel at 0x300, one LSDA entry (0x180 ->
// 0x9000) at 0x48.
func synth() []byte {
	b := make([]byte, 0x80)
	put := func(off int, vs ...uint32) {
		for i, v := range vs {
			binary.LittleEndian.PutUint32(b[off+4*i:], v)
		}
	}
	put16 := func(off int, vs ...uint16) {
		for i, v := range vs {
			binary.LittleEndian.PutUint16(b[off+2*i:], v)
		}
	}
	put(0, 1, 0x1c, 2, 0x24, 0, 0x24, 3)
	put(0x1c, 0x04000001, 0x02001000)
	put(0x24, 0x100, 0x50, 0x48, 0x200, 0x68, 0x50, 0x300, 0, 0x50) // index
	put(0x48, 0x180, 0x9000)                                        // LSDA
	put(0x50, compactunwind.PageRegular)
	put16(0x54, 8, 2)
	put(0x58, 0x100, 0x04000001, 0x180, 0x03000040)
	put(0x68, compactunwind.PageCompressed)
	put16(0x6c, 12, 2, 20, 1)
	put(0x74, 1<<24, 2<<24|0x40) // encoding index << 24 | offset from the page base
	put(0x7c, 0x04000003)
	return b
}

// TestSynthetic: both page kinds, page-local encodings, lengths across
// pages and the LSDA array, on a section built by hand.
func TestSynthetic(t *testing.T) {
	in, err := compactunwind.Parse(synth())
	require.NoError(t, err)
	assert.Equal(t, uint32(compactunwind.PageRegular), in.PageKind(0))
	assert.Equal(t, uint32(compactunwind.PageCompressed), in.PageKind(1))
	var got []compactunwind.Entry
	for _, e := range in.Entries() {
		got = append(got, e)
	}
	assert.Equal(t, []compactunwind.Entry{
		{0x100, 0x04000001, 0x80}, {0x180, 0x03000040, 0x80},
		{0x200, 0x02001000, 0x40}, {0x240, 0x04000003, 0xc0},
	}, got)
	for off, want := range map[uint32]uint32{0x100: 0x100, 0x17f: 0x100, 0x1ff: 0x180, 0x200: 0x200, 0x2ff: 0x240} {
		e, ok := in.Lookup(off)
		require.True(t, ok, "%#x", off)
		assert.Equal(t, want, e.FunctionOffset, "%#x", off)
	}
	for _, off := range []uint32{0, 0xff, 0x300, 0xffffffff} {
		_, ok := in.Lookup(off)
		assert.False(t, ok, "%#x", off)
	}
	require.Equal(t, 1, in.NumLSDAs())
	l, ok := in.FindLSDA(0x180)
	assert.True(t, ok)
	assert.Equal(t, uint32(0x9000), l.LSDAOffset)
	_, ok = in.FindLSDA(0x100)
	assert.False(t, ok)
	allocs := testing.AllocsPerRun(100, func() { in.Lookup(0x250) })
	assert.Zero(t, allocs)
}

// TestMalformed: every broken structure is an error that names its
// offset, and no truncation of a good section panics.
func TestMalformed(t *testing.T) {
	cases := []struct {
		name string
		edit func(b []byte) []byte
		want string
	}{
		{"short header", func(b []byte) []byte { return b[:27] }, "offset 0x0: header: 27 bytes, need 28"},
		{"version", func(b []byte) []byte { b[0] = 2; return b }, "offset 0x0: header: version 2"},
		{"common count", func(b []byte) []byte { b[8] = 0xff; return b }, "offset 0x4: header: common encodings array of 255 entries at 0x1c runs past"},
		{"index count", func(b []byte) []byte { b[24] = 9; return b }, "offset 0x14: header: first-level index of 9 entries"},
		{"page out of range", func(b []byte) []byte { b[0x28] = 0xf0; return b }, "offset 0x28: first-level index entry 0: page offset 0xf0 is outside"},
		{"page kind", func(b []byte) []byte { b[0x50] = 7; return b }, "offset 0x50: second-level page 0: kind 7 is neither"},
		{"regular count", func(b []byte) []byte { b[0x56] = 200; return b }, "offset 0x54: second-level page 0: 200 entries at 0x58 run past"},
		{"compressed encodings", func(b []byte) []byte { b[0x72] = 9; return b }, "offset 0x70: second-level page 1: 9 encodings at 0x7c"},
		{"encoding index", func(b []byte) []byte { b[0x77] = 3; return b }, "offset 0x74: second-level page 1: entry 0: encoding index 3, but there are 2 common and 1 page"},
		{"unsorted entries", func(b []byte) []byte { b[0x58] = 0x90; b[0x59] = 0x01; return b }, "offset 0x60: second-level page 0: entry 1: function offset 0x180 is below"},
		{"unsorted index", func(b []byte) []byte { b[0x31] = 0; return b }, "offset 0x30: first-level index entry 1: function offset 0x0 is below"},
		{"lsda array", func(b []byte) []byte { b[0x20+0x24] = 0x4d; return b }, "offset 0x2c: first-level index: LSDA array from 0x48 to 0x4d"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := compactunwind.Parse(c.edit(synth()))
			require.Error(t, err)
			var fe *compactunwind.FormatError
			require.True(t, errors.As(err, &fe))
			assert.ErrorIs(t, err, compactunwind.ErrMalformed)
			assert.Contains(t, err.Error(), "__unwind_info: "+c.want)
		})
	}
	good := synth()
	for n := 0; n < len(good); n++ {
		in, err := compactunwind.Parse(good[:n])
		if err == nil {
			for range in.Entries() {
			}
			in.Lookup(0x250)
		}
	}
}

// FuzzParse: no input panics; whatever parses can be walked and looked up
// everywhere its entries say.
func FuzzParse(f *testing.F) {
	f.Add(synth())
	f.Fuzz(func(t *testing.T, data []byte) {
		in, err := compactunwind.Parse(data)
		if err != nil {
			return
		}
		n := 0
		for _, e := range in.Entries() {
			in.Lookup(e.FunctionOffset)
			in.Lookup(e.FunctionOffset + e.Length)
			if n++; n >= 10000 {
				break
			}
		}
		for i := 0; i < in.NumLSDAs() && i < 1000; i++ {
			in.FindLSDA(in.LSDA(i).FunctionOffset)
		}
		for i := 0; i < in.NumPersonalities() && i < 1000; i++ {
			in.Personality(i)
		}
	})
}

// TestObject: a hand-built __compact_unwind section, out of order, with a
// zero-length entry; a partial entry is an error naming its offset.
func TestObject(t *testing.T) {
	b := make([]byte, 3*compactunwind.ObjectEntrySize)
	for i, e := range [][3]uint64{{0x40, 0x20, 0x04000001}, {0x0, 0x40, 0x02000000}, {0x60, 0, 0}} {
		binary.LittleEndian.PutUint64(b[32*i:], e[0])
		binary.LittleEndian.PutUint32(b[32*i+8:], uint32(e[1]))
		binary.LittleEndian.PutUint32(b[32*i+12:], uint32(e[2]))
	}
	o, err := compactunwind.ParseObject(b)
	require.NoError(t, err)
	require.Equal(t, 3, o.NumEntries())
	for addr, want := range map[uint64]uint64{0: 0, 0x3f: 0, 0x40: 0x40, 0x5f: 0x40} {
		e, ok := o.Lookup(addr)
		require.True(t, ok, "%#x", addr)
		assert.Equal(t, want, e.Function)
	}
	for _, addr := range []uint64{0x60, 0x1000, ^uint64(0)} {
		_, ok := o.Lookup(addr)
		assert.False(t, ok, "%#x", addr)
	}
	assert.Equal(t, uint32(0x20), o.Entry(1).Offset)
	assert.Zero(t, testing.AllocsPerRun(100, func() { o.Lookup(0x50) }))

	_, err = compactunwind.ParseObject(b[:70])
	assert.EqualError(t, err, "__compact_unwind: offset 0x40: entry 2: 6 bytes left, an entry has 32")
	assert.ErrorIs(t, err, compactunwind.ErrMalformed)
}

// FuzzObject: no section panics ParseObject or Lookup.
func FuzzObject(f *testing.F) {
	f.Add(make([]byte, 64), uint64(0))
	f.Fuzz(func(t *testing.T, data []byte, addr uint64) {
		o, err := compactunwind.ParseObject(data)
		if err != nil {
			return
		}
		o.Lookup(addr)
		for i := 0; i < o.NumEntries(); i++ {
			o.Lookup(o.Entry(i).Function)
		}
	})
}
