package textout

import (
	"io"
	"strconv"
)

// Buffer collects output in a byte slice and hands it to the underlying
// writer in large blocks. Its writes are plain appends, cheaper than a
// bufio.Writer's for the millions of small pieces the formats write;
// numbers are appended with strconv, with neither an allocation nor fmt's
// reflection. Call FlushIfFull at convenient points (after each record)
// and Flush at the end; the first write error is kept and returned by
// Flush, and later output is dropped.
type Buffer struct {
	b   []byte
	w   io.Writer
	err error
}

// outBlock is the size at which FlushIfFull hands the output on.
const outBlock = 64 << 10

// NewBuffer returns a Buffer that hands its output to w.
func NewBuffer(w io.Writer) *Buffer {
	return &Buffer{b: make([]byte, 0, outBlock+4<<10), w: w}
}

// Write appends p; it never fails (see Flush).
func (o *Buffer) Write(p []byte) (int, error) {
	o.b = append(o.b, p...)
	return len(p), nil
}

// WriteString appends s.
func (o *Buffer) WriteString(s string) { o.b = append(o.b, s...) }

// WriteByte appends c; it never fails (see Flush).
func (o *Buffer) WriteByte(c byte) error {
	o.b = append(o.b, c)
	return nil
}

// FlushIfFull hands the output on once a block has gathered.
func (o *Buffer) FlushIfFull() {
	if len(o.b) >= outBlock {
		o.Flush()
	}
}

// Flush hands everything gathered to the writer and returns the first
// write error met so far.
func (o *Buffer) Flush() error {
	if len(o.b) > 0 && o.err == nil {
		_, o.err = o.w.Write(o.b)
	}
	o.b = o.b[:0]
	return o.err
}

// Uint writes v in decimal.
func (w *Buffer) Uint(v uint64) { w.b = strconv.AppendUint(w.b, v, 10) }

// Int writes v in decimal.
func (w *Buffer) Int(v int64) { w.b = strconv.AppendInt(w.b, v, 10) }

// Hex writes v as fmt's %#x does: "0x1f", "0x0".
func (w *Buffer) Hex(v uint64) {
	w.b = strconv.AppendUint(append(w.b, '0', 'x'), v, 16)
}

// SignedHex writes v as fmt's %+#x does: "+0x10", "-0x10", "+0x0".
func (w *Buffer) SignedHex(v int64) {
	u := uint64(v)
	if v < 0 {
		w.b = append(w.b, '-')
		u = -u
	} else {
		w.b = append(w.b, '+')
	}
	w.Hex(u)
}

// Signed writes v in decimal with its sign: "+16", "-8", "+0".
func (w *Buffer) Signed(v int64) {
	if v >= 0 {
		w.b = append(w.b, '+')
	}
	w.Int(v)
}

// HexDigits writes v as 0x and at least n lower-case hex digits, padded
// with zeros as fmt's %#0Nx pads them: HexDigits(0x4000001, 8) writes
// "0x04000001".
func (w *Buffer) HexDigits(v uint64, n int) {
	w.b = append(w.b, '0', 'x')
	digits := 1
	for x := v >> 4; x != 0; x >>= 4 {
		digits++
	}
	for ; digits < n; digits++ {
		w.b = append(w.b, '0')
	}
	w.b = strconv.AppendUint(w.b, v, 16)
}

// Plural writes "1 record", "2 records": n and noun, with an s unless n
// is 1.
func (w *Buffer) Plural(n int, noun string) {
	w.Int(int64(n))
	w.b = append(w.b, ' ')
	w.b = append(w.b, noun...)
	if n != 1 {
		w.b = append(w.b, 's')
	}
}

// Bytes returns what has gathered since the last Flush (valid until the
// next write).
func (o *Buffer) Bytes() []byte { return o.b }

// Reset drops what has gathered since the last Flush.
func (o *Buffer) Reset() { o.b = o.b[:0] }
