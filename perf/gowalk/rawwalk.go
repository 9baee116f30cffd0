package main

import "encoding/binary"

// rawWalk computes walk's sums straight from little-endian version 3
// bytes, table after table, in one pass and with no checks but Go's bounds
// checks: no project code. It shows what the language costs next to the
// C++ parser. It stops at the first table that does not fit.
func rawWalk(d []byte) sums {
	le := binary.LittleEndian
	var sum, tables, records, locations, liveOuts uint64 // locals, as in walk
tables:
	for len(d) >= 16 {
		nf, nc, nr := int(le.Uint32(d[4:])), int(le.Uint32(d[8:])), int(le.Uint32(d[12:]))
		p := 16
		if p+24*nf+8*nc > len(d) {
			break tables
		}
		for range nf {
			e := d[p : p+24]
			sum += le.Uint64(e) + le.Uint64(e[8:]) + le.Uint64(e[16:])
			p += 24
		}
		for range nc {
			sum += le.Uint64(d[p:])
			p += 8
		}
		for range nr {
			if p+16 > len(d) {
				break tables
			}
			h := d[p : p+16]
			nl := int(le.Uint16(h[14:]))
			records++
			sum += le.Uint64(h) + uint64(le.Uint32(h[8:])) + uint64(le.Uint16(h[12:]))
			q := p + 16
			if q+12*nl+4 > len(d) {
				break tables
			}
			for range nl {
				l := d[q : q+12]
				k := l[0]
				locations++
				sum += uint64(k) + uint64(le.Uint16(l[2:])) + uint64(le.Uint16(l[4:]))
				if k != 1 {
					sum += uint64(int64(int32(le.Uint32(l[8:]))))
				}
				q += 12
			}
			q = (q + 7) &^ 7
			if q+4 > len(d) {
				break tables
			}
			nlo := int(le.Uint16(d[q+2:]))
			q += 4
			if q+4*nlo > len(d) {
				break tables
			}
			for range nlo {
				liveOuts++
				sum += uint64(le.Uint16(d[q:])) + uint64(d[q+3])
				q += 4
			}
			p = (q + 7) &^ 7
		}
		tables++
		if p > len(d) {
			break tables
		}
		d = d[p:]
	}
	return sums{sum: sum, tables: tables, records: records, locations: locations, liveOuts: liveOuts}
}
