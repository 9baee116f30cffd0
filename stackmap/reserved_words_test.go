package stackmap

import "testing"

// TestLiveOutReservedWordsEveryByte sets each byte of live-out areas of 0
// to 12 live-outs, one at a time, and checks liveOutReservedWords against
// the layout: the header's padding (bytes 0-1), each live-out's reserved
// byte (byte 2 of each 4-byte live-out after the 4-byte header) and the
// padding to 8 bytes are refused; the count and each live-out's register
// and size are not.
func TestLiveOutReservedWordsEveryByte(t *testing.T) {
	const live = 8 // not at the start of the bytes
	for n := range 13 {
		size := align8(liveOutHeader + n*liveOutSize)
		for b := range size {
			reserved := b < 2 || b >= liveOutHeader+n*liveOutSize || (b >= liveOutHeader && (b-liveOutHeader)%liveOutSize == 2)
			for _, v := range []byte{1, 0x80, 0xff} {
				d := make([]byte, live+size+8) // bytes after the area must not count
				for i := live + size; i < len(d); i++ {
					d[i] = 0xff
				}
				d[live+b] = v
				if got := liveOutReservedWords(d, live, n, live+size) != 0; got != reserved {
					t.Errorf("%d live-outs, byte %d = %#x: refused %v, want %v", n, b, v, got, reserved)
				}
			}
		}
	}
}
