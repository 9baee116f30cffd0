package main

import (
	"io"
	"strconv"
)

// outBuf collects output in a byte slice and hands it to the underlying
// writer in large blocks. Its writes are plain appends, cheaper than a
// bufio.Writer's for the millions of small pieces the formats write;
// numbers are appended with strconv, with neither an allocation nor fmt's
// reflection. Call flushIfFull at convenient points (after each record)
// and Flush at the end; the first write error is kept and returned by
// Flush, and later output is dropped.
type outBuf struct {
	b   []byte
	w   io.Writer
	err error
}

// outBlock is the size at which flushIfFull hands the output on.
const outBlock = 64 << 10

func newOutBuf(w io.Writer) *outBuf {
	return &outBuf{b: make([]byte, 0, outBlock+4<<10), w: w}
}

// Write appends p; it never fails (see Flush).
func (o *outBuf) Write(p []byte) (int, error) {
	o.b = append(o.b, p...)
	return len(p), nil
}

// WriteString appends s.
func (o *outBuf) WriteString(s string) { o.b = append(o.b, s...) }

// WriteByte appends c; it never fails (see Flush).
func (o *outBuf) WriteByte(c byte) error {
	o.b = append(o.b, c)
	return nil
}

// flushIfFull hands the output on once a block has gathered.
func (o *outBuf) flushIfFull() {
	if len(o.b) >= outBlock {
		o.Flush()
	}
}

// Flush hands everything gathered to the writer and returns the first
// write error met so far.
func (o *outBuf) Flush() error {
	if len(o.b) > 0 && o.err == nil {
		_, o.err = o.w.Write(o.b)
	}
	o.b = o.b[:0]
	return o.err
}

// writeUint writes v in decimal.
func writeUint(w *outBuf, v uint64) { w.b = strconv.AppendUint(w.b, v, 10) }

// writeInt writes v in decimal.
func writeInt(w *outBuf, v int64) { w.b = strconv.AppendInt(w.b, v, 10) }

// writeHex writes v as fmt's %#x does: "0x1f", "0x0".
func writeHex(w *outBuf, v uint64) {
	w.b = strconv.AppendUint(append(w.b, '0', 'x'), v, 16)
}

// writeSignedHex writes v as fmt's %+#x does: "+0x10", "-0x10", "+0x0".
func writeSignedHex(w *outBuf, v int64) {
	u := uint64(v)
	if v < 0 {
		w.b = append(w.b, '-')
		u = -u
	} else {
		w.b = append(w.b, '+')
	}
	writeHex(w, u)
}

// writePlural writes "1 record", "2 records" (see plural).
func writePlural(w *outBuf, n int, noun string) {
	writeInt(w, int64(n))
	w.b = append(w.b, ' ')
	w.b = append(w.b, noun...)
	if n != 1 {
		w.b = append(w.b, 's')
	}
}
