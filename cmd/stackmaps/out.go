package main

import (
	"bufio"
	"strconv"
)

// These helpers append numbers straight into a bufio.Writer's free space
// (AvailableBuffer), so that writing a field costs neither an allocation
// nor fmt's reflection: the formats write millions of them.

// writeUint writes v in decimal.
func writeUint(w *bufio.Writer, v uint64) {
	w.Write(strconv.AppendUint(w.AvailableBuffer(), v, 10))
}

// writeInt writes v in decimal.
func writeInt(w *bufio.Writer, v int64) {
	w.Write(strconv.AppendInt(w.AvailableBuffer(), v, 10))
}

// writeHex writes v as fmt's %#x does: "0x1f", "0x0".
func writeHex(w *bufio.Writer, v uint64) {
	b := append(w.AvailableBuffer(), '0', 'x')
	w.Write(strconv.AppendUint(b, v, 16))
}

// writeSignedHex writes v as fmt's %+#x does: "+0x10", "-0x10", "+0x0".
func writeSignedHex(w *bufio.Writer, v int64) {
	b := w.AvailableBuffer()
	u := uint64(v)
	if v < 0 {
		b = append(b, '-')
		u = -u
	} else {
		b = append(b, '+')
	}
	b = append(b, '0', 'x')
	w.Write(strconv.AppendUint(b, u, 16))
}

// writePlural writes "1 record", "2 records" (see plural).
func writePlural(w *bufio.Writer, n int, noun string) {
	writeInt(w, int64(n))
	w.WriteByte(' ')
	w.WriteString(noun)
	if n != 1 {
		w.WriteByte('s')
	}
}
