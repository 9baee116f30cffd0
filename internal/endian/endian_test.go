package endian

import (
	"encoding/binary"
	"testing"
)

// otherLE is a binary.ByteOrder that is not binary.LittleEndian itself.
type otherLE struct{ binary.ByteOrder }

func TestOrder(t *testing.T) {
	b := []byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}
	for _, bo := range []binary.ByteOrder{binary.LittleEndian, binary.BigEndian} {
		o := Of(bo)
		if o.ByteOrder() != bo {
			t.Fatalf("Of(%v).ByteOrder() = %v", bo, o.ByteOrder())
		}
		for off := 0; off+8 <= len(b); off++ {
			if got, want := o.U16(b, off), bo.Uint16(b[off:]); got != want {
				t.Errorf("%v U16 at %d = %#x, want %#x", bo, off, got, want)
			}
			if got, want := o.U32(b, off), bo.Uint32(b[off:]); got != want {
				t.Errorf("%v U32 at %d = %#x, want %#x", bo, off, got, want)
			}
			if got, want := o.U64(b, off), bo.Uint64(b[off:]); got != want {
				t.Errorf("%v U64 at %d = %#x, want %#x", bo, off, got, want)
			}
		}
		if got, want := o.Uint(b[1:3]), uint64(bo.Uint16(b[1:3])); got != want {
			t.Errorf("%v Uint of 2 bytes = %#x, want %#x", bo, got, want)
		}
		if got, want := o.Uint(b[2:10]), bo.Uint64(b[2:10]); got != want {
			t.Errorf("%v Uint of 8 bytes = %#x, want %#x", bo, got, want)
		}
	}
	if got := Of(otherLE{binary.LittleEndian}); got != (Order{}) {
		t.Errorf("Of(a wrapped little-endian order) = %+v, want little-endian", got)
	}
	if got := Of(otherLE{binary.BigEndian}); !got.Big {
		t.Errorf("Of(a wrapped big-endian order) = %+v, want big-endian", got)
	}
}
