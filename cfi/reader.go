package cfi

import "github.com/stackmaps/stackmaps/internal/endian"

// reader is a bounds-checked cursor over b[pos:end]. Offsets are section
// offsets; every read reports ErrTruncated with the offset where it started.
// Values are read in ord (internal/endian: no call through a
// binary.ByteOrder, a frame step reads a dozen values).
type reader struct {
	b   []byte
	pos int
	end int
	ord endian.Order
}

func (r *reader) left() int { return r.end - r.pos }

func (r *reader) need(n int, what string) error {
	if n < 0 || r.end-r.pos < n {
		return errAt(uint64(r.pos), what, ErrTruncated)
	}
	return nil
}

func (r *reader) u8(what string) (uint8, error) {
	if err := r.need(1, what); err != nil {
		return 0, err
	}
	v := r.b[r.pos]
	r.pos++
	return v, nil
}

func (r *reader) u16(what string) (uint16, error) {
	if err := r.need(2, what); err != nil {
		return 0, err
	}
	v := r.ord.U16(r.b, r.pos)
	r.pos += 2
	return v, nil
}

func (r *reader) u32(what string) (uint32, error) {
	if err := r.need(4, what); err != nil {
		return 0, err
	}
	v := r.ord.U32(r.b, r.pos)
	r.pos += 4
	return v, nil
}

func (r *reader) u64(what string) (uint64, error) {
	if err := r.need(8, what); err != nil {
		return 0, err
	}
	v := r.ord.U64(r.b, r.pos)
	r.pos += 8
	return v, nil
}

// uN reads an unsigned value of size 1, 2, 4 or 8 bytes.
func (r *reader) uN(size int, what string) (uint64, error) {
	switch size {
	case 1:
		v, err := r.u8(what)
		return uint64(v), err
	case 2:
		v, err := r.u16(what)
		return uint64(v), err
	case 4:
		v, err := r.u32(what)
		return uint64(v), err
	case 8:
		return r.u64(what)
	}
	return 0, errAt(uint64(r.pos), what, ErrEncoding)
}

// uleb reads an unsigned LEB128 number. A number with significant bits
// past the 64th is an error (ErrLEB128), as in LLVM's decodeULEB128;
// padding (0x80 bytes, a final 0x00) is accepted. The encoding must end
// inside the bounds.
func (r *reader) uleb(what string) (v uint64, err error) {
	start, shift := r.pos, uint(0)
	for err = ErrTruncated; r.pos < r.end; shift += 7 {
		c := uint64(r.b[r.pos])
		r.pos++
		// Bits past the 64th are lost iff s<<shift>>shift != s (shifts of
		// 64 or more give 0).
		s := c & 0x7f
		if s<<shift>>shift != s {
			err = ErrLEB128
			break
		}
		if v |= s << shift; c < 0x80 {
			return v, nil
		}
	}
	return 0, &Error{uint64(start), what, err}
}

// sleb reads a signed LEB128 number. A number that does not fit in an
// int64 is an error (ErrLEB128); sign-extension padding is accepted.
func (r *reader) sleb(what string) (int64, error) {
	start := r.pos
	var v int64
	var shift uint
	bad := ErrTruncated
	for r.pos < r.end {
		c := r.b[r.pos]
		r.pos++
		slice := c & 0x7f
		if shift >= 63 && !slebFits(shift, slice, v) {
			bad = ErrLEB128
			break
		}
		v |= int64(slice) << shift // 0 once shift reaches 64
		shift += 7
		if c&0x80 == 0 {
			if shift < 64 && c&0x40 != 0 {
				v |= -1 << shift
			}
			return v, nil
		}
	}
	return 0, errAt(uint64(start), what, bad)
}

// slebFits reports whether byte slice at shift (63 or more) of a signed
// LEB128 number whose bits so far are v keeps it in an int64: bit 63 is
// the last one kept, and every later bit must equal it.
func slebFits(shift uint, slice byte, v int64) bool {
	if shift == 63 {
		return slice == 0 || slice == 0x7f
	}
	return slice == byte(v>>63)&0x7f
}

// bytes returns the next n bytes as a view.
func (r *reader) bytes(n uint64, what string) ([]byte, error) {
	if n > uint64(r.end-r.pos) {
		return nil, errAt(uint64(r.pos), what, ErrTruncated)
	}
	s := r.b[r.pos : r.pos+int(n) : r.pos+int(n)]
	r.pos += int(n)
	return s, nil
}

// cstring returns the bytes up to a NUL and skips the NUL.
func (r *reader) cstring(what string) ([]byte, error) {
	start := r.pos
	for i := r.pos; i < r.end; i++ {
		if r.b[i] == 0 {
			s := r.b[start:i:i]
			r.pos = i + 1
			return s, nil
		}
	}
	return nil, errAt(uint64(start), what, ErrTruncated)
}
