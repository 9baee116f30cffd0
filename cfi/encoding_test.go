package cfi

import (
	"encoding/binary"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/internal/endian"
)

func TestReadPointerEncodings(t *testing.T) {
	b := bases{addr: 0x10000, text: 0x20000, data: 0x30000, fn: 0x40000}
	le, be := binary.LittleEndian, binary.BigEndian
	cases := []struct {
		name     string
		enc      uint8
		ptr      int
		order    binary.ByteOrder
		bytes    []byte
		pos      int // where the value starts
		want     uint64
		indirect bool
		consumed int
	}{
		{"absptr 8", PEAbsPtr, 8, le, []byte{1, 2, 3, 4, 5, 6, 7, 8}, 0, 0x0807060504030201, false, 8},
		{"absptr 4", PEAbsPtr, 4, be, []byte{1, 2, 3, 4}, 0, 0x01020304, false, 4},
		{"signed absptr 4", PESigned, 4, le, []byte{0xfe, 0xff, 0xff, 0xff}, 0, 0xfffffffe, false, 4},
		{"udata2", PEUData2, 8, be, []byte{0x80, 0x01}, 0, 0x8001, false, 2},
		{"sdata2", PESData2, 8, le, []byte{0xfe, 0xff}, 0, ^uint64(1), false, 2},
		{"udata4", PEUData4, 8, le, []byte{0, 0, 0, 0x80}, 0, 0x80000000, false, 4},
		{"sdata4", PESData4, 8, be, []byte{0xff, 0xff, 0xff, 0xf0}, 0, ^uint64(15), false, 4},
		{"udata8", PEUData8, 8, be, []byte{0, 0, 0, 0, 0, 0, 1, 0}, 0, 0x100, false, 8},
		{"sdata8", PESData8, 8, le, []byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff}, 0, ^uint64(0), false, 8},
		{"uleb128", PEULEB128, 8, le, []byte{0xe5, 0x8e, 0x26}, 0, 624485, false, 3},
		{"sleb128", PESLEB128, 8, le, []byte{0xc0, 0xbb, 0x78}, 0, uint64(0xffffffffffffffff - 123455), false, 3},
		{"pcrel sdata4", PEPCRel | PESData4, 8, le, []byte{0, 0, 0xf0, 0xff, 0xff, 0xff}, 2, 0x10002 - 16, false, 4},
		{"textrel udata4", PETextRel | PEUData4, 8, le, []byte{0x10, 0, 0, 0}, 0, 0x20010, false, 4},
		{"datarel sdata4", PEDataRel | PESData4, 8, be, []byte{0xff, 0xff, 0xff, 0xf8}, 0, 0x30000 - 8, false, 4},
		{"funcrel udata2", PEFuncRel | PEUData2, 8, le, []byte{4, 0}, 0, 0x40004, false, 2},
		{"aligned", PEAligned, 8, le, []byte{9, 9, 9, 7, 7, 7, 7, 7, 1, 0, 0, 0, 0, 0, 0, 0}, 3, 1, false, 13},
		{"indirect pcrel sdata4", PEIndirect | PEPCRel | PESData4, 8, le, []byte{8, 0, 0, 0}, 0, 0x10008, true, 4},
		{"pcrel wraps at 32 bits", PEPCRel | PESData4, 4, le, []byte{0, 0, 0, 0x80}, 0, 0x80010000, false, 4},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := reader{b: c.bytes, pos: c.pos, end: len(c.bytes), ord: endian.Of(c.order)}
			v, ind, err := r.readPointer(c.enc, c.ptr, &b, "test")
			require.NoError(t, err)
			require.Equal(t, c.want, v)
			require.Equal(t, c.indirect, ind)
			require.Equal(t, c.consumed, r.pos-c.pos)
		})
	}
}

func TestReadPointerErrors(t *testing.T) {
	b := bases{}
	for _, c := range []struct {
		name     string
		enc      uint8
		bytes    []byte
		sentinel error
	}{
		{"omit", PEOmit, []byte{1, 2, 3, 4}, ErrEncoding},
		{"bad format", 0x05, []byte{1, 2, 3, 4}, ErrEncoding},
		{"bad application", 0x60 | PEUData4, []byte{1, 2, 3, 4}, ErrEncoding},
		{"truncated udata4", PEUData4, []byte{1, 2, 3}, ErrTruncated},
		{"truncated uleb", PEULEB128, []byte{0x80, 0x80}, ErrTruncated},
		{"aligned not absptr", PEAligned | PEUData4, []byte{0, 0, 0, 0, 0, 0, 0, 0}, ErrEncoding},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := reader{b: c.bytes, end: len(c.bytes), ord: endian.Of(binary.LittleEndian)}
			_, _, err := r.readPointer(c.enc, 8, &b, "test")
			requireCFIError(t, err, c.sentinel, 0)
		})
	}
}

func TestLEB128(t *testing.T) {
	for _, v := range []int64{0, 1, -1, 63, 64, -64, -65, 127, 128, 1 << 40, -(1 << 40), 1<<63 - 1, -1 << 63} {
		r := reader{b: sleb(v), end: len(sleb(v))}
		got, err := r.sleb("t")
		require.NoError(t, err)
		require.Equal(t, v, got)
		u := uint64(v)
		r = reader{b: uleb(u), end: len(uleb(u))}
		gu, err := r.uleb("t")
		require.NoError(t, err)
		require.Equal(t, u, gu)
	}
	// Padding past 64 bits (0x80 bytes, a final 0x00; sign bytes 0x7f
	// for a negative number) is accepted; significant bits past the 64th
	// are an error, not silently dropped.
	long := append(make([]byte, 0, 20), 0x81)
	for i := 0; i < 15; i++ {
		long = append(long, 0x80)
	}
	long = append(long, 0)
	r := reader{b: long, end: len(long)}
	v, err := r.uleb("t")
	require.NoError(t, err)
	require.Equal(t, uint64(1), v)

	neg := []byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f} // -1, 12 bytes
	r = reader{b: neg, end: len(neg)}
	sv, err := r.sleb("t")
	require.NoError(t, err)
	require.Equal(t, int64(-1), sv)

	for _, c := range []struct {
		name   string
		signed bool
		b      []byte
	}{
		// 2^64: the 10th byte holds bit 64.
		{"uleb 2^64", false, []byte{0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x02}},
		// Bit 70 set after padding.
		{"uleb bit 70", false, []byte{0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x01}},
		// The ten bytes of math.MaxUint64 with one more bit.
		{"uleb 2^65-1", false, []byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x03}},
		// 2^63 does not fit in an int64.
		{"sleb 2^63", true, []byte{0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x01}},
		// -1 followed by a zero byte: bits past 64 disagree with the sign.
		{"sleb bad extension", true, []byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x00}},
	} {
		r := reader{b: c.b, end: len(c.b)}
		if c.signed {
			_, err = r.sleb("t")
		} else {
			_, err = r.uleb("t")
		}
		requireCFIError(t, err, ErrLEB128, 0)
	}
	// The largest values still decode.
	max := []byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01}
	r = reader{b: max, end: len(max)}
	v, err = r.uleb("t")
	require.NoError(t, err)
	require.Equal(t, ^uint64(0), v)
}
