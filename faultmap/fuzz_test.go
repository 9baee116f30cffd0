package faultmap_test

import (
	"encoding/binary"
	"errors"
	"testing"

	"github.com/stackmaps/stackmaps/faultmap"
)

// FuzzParse: any bytes either decode, with every part readable inside the
// section and every fault found by the index, or are refused with a
// *DecodeError whose offset lies in the section. The seed corpus
// (testdata/fuzz/FuzzParse) holds llc's tables and hostile variants.
func FuzzParse(f *testing.F) {
	f.Add([]byte{1, 0, 0, 0, 0, 0, 0, 0}, false)
	f.Add(table(binary.LittleEndian, 0x10, [3]uint32{1, 2, 3}), false)
	f.Add(table(binary.BigEndian, 0x10, [3]uint32{3, 2, 3}), true)
	f.Fuzz(func(t *testing.T, data []byte, big bool) {
		var bo binary.ByteOrder = binary.LittleEndian
		if big {
			bo = binary.BigEndian
		}
		s, err := faultmap.Parse(data, bo)
		if err != nil {
			var de *faultmap.DecodeError
			if !errors.As(err, &de) {
				t.Fatalf("error %T %v is not a *DecodeError", err, err)
			}
			if de.Offset < 0 || de.Offset > len(data) {
				t.Fatalf("offset %d outside %d bytes: %v", de.Offset, len(data), err)
			}
			return
		}
		n, end := 0, 0
		for i := range s.NumTables() {
			tb := s.Table(i)
			if tb.Offset() < end {
				t.Fatalf("table %d at %d overlaps the one before (ends at %d)", i, tb.Offset(), end)
			}
			end = tb.Offset() + tb.Size()
			if end > len(data) {
				t.Fatalf("table %d ends at %d, past %d", i, end, len(data))
			}
			for j := range tb.NumFunctions() {
				fn := tb.Function(j)
				for k := range fn.NumFaults() {
					if ft := fn.Fault(k); !ft.Kind.Valid() {
						t.Fatalf("kind %d accepted", ft.Kind)
					}
					n++
				}
			}
		}
		x := faultmap.NewIndex(s)
		if x.Len() != n {
			t.Fatalf("index has %d entries, the section %d faults", x.Len(), n)
		}
		for i := range x.Len() {
			e := x.Entry(i)
			if got, ok := x.Lookup(e.FaultingPC, 0); !ok || got.FaultingPC != e.FaultingPC {
				t.Fatalf("lookup of %#x: %v %v", e.FaultingPC, got, ok)
			}
		}
	})
}
