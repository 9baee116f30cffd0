package main

import "encoding/binary"

// rawWalk computes walk's sums straight from little-endian version 3
// bytes, table after table, in one pass and with no checks but Go's bounds
// checks: no project code. It shows what the language costs next to the
// C++ parser. It stops at the first table that does not fit.
func rawWalk(d []byte) (s sums) {
	le := binary.LittleEndian
	for len(d) >= 16 {
		nf, nc, nr := int(le.Uint32(d[4:])), int(le.Uint32(d[8:])), int(le.Uint32(d[12:]))
		p := 16
		if p+24*nf+8*nc > len(d) {
			return s
		}
		for range nf {
			e := d[p : p+24]
			s.sum += le.Uint64(e) + le.Uint64(e[8:]) + le.Uint64(e[16:])
			p += 24
		}
		for range nc {
			s.sum += le.Uint64(d[p:])
			p += 8
		}
		for range nr {
			if p+16 > len(d) {
				return s
			}
			h := d[p : p+16]
			nl := int(le.Uint16(h[14:]))
			s.records++
			s.sum += le.Uint64(h) + uint64(le.Uint32(h[8:])) + uint64(le.Uint16(h[12:]))
			q := p + 16
			if q+12*nl+4 > len(d) {
				return s
			}
			for range nl {
				l := d[q : q+12]
				k := l[0]
				s.locations++
				s.sum += uint64(k) + uint64(le.Uint16(l[2:])) + uint64(le.Uint16(l[4:]))
				if k != 1 {
					s.sum += uint64(int64(int32(le.Uint32(l[8:]))))
				}
				q += 12
			}
			q = (q + 7) &^ 7
			if q+4 > len(d) {
				return s
			}
			nlo := int(le.Uint16(d[q+2:]))
			q += 4
			if q+4*nlo > len(d) {
				return s
			}
			for range nlo {
				s.liveOuts++
				s.sum += uint64(le.Uint16(d[q:])) + uint64(d[q+3])
				q += 4
			}
			p = (q + 7) &^ 7
		}
		s.tables++
		if p > len(d) {
			return s
		}
		d = d[p:]
	}
	return s
}
