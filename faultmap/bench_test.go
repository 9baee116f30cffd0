package faultmap_test

import (
	"testing"

	"github.com/stackmaps/stackmaps/faultmap"
)

// BenchmarkLookup looks up every faulting pc of the linked test program
// and one pc that faults nowhere, per iteration.
func BenchmarkLookup(b *testing.B) {
	x := faultmap.NewIndex(open(b, "linked-x86_64"))
	pcs := make([]uint64, 0, x.Len()+1)
	for i := range x.Len() {
		pcs = append(pcs, x.Entry(i).FaultingPC)
	}
	pcs = append(pcs, 0x1741)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		for _, pc := range pcs {
			x.Lookup(pc, 0)
		}
	}
}

// BenchmarkParse decodes the linked test program's section (two tables).
func BenchmarkParse(b *testing.B) {
	s := open(b, "linked-x86_64")
	data, bo := s.Data(), s.ByteOrder()
	b.ReportAllocs()
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := faultmap.Parse(data, bo); err != nil {
			b.Fatal(err)
		}
	}
}
