package cfi

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// benchPCs returns a PC in the middle of every FDE of the file's .eh_frame.
func benchPCs(b *testing.B, s *Section) []uint64 {
	b.Helper()
	var pcs []uint64
	for f, err := range s.FDEs() {
		require.NoError(b, err)
		if f.PCEnd > f.PCBegin {
			pcs = append(pcs, f.PCBegin+(f.PCEnd-f.PCBegin)*3/4)
		}
	}
	require.NotEmpty(b, pcs)
	return pcs
}

// BenchmarkRowAt finds the FDE (binary search in .eh_frame_hdr) and
// computes the row, for PCs late in each function of a linked binary.
func BenchmarkRowAt(b *testing.B) {
	ef := openELF(b, "cfi/build/x86_64/exe")
	pcs := benchPCs(b, ef.eh)
	var u Unwinder
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := ef.eh.RowAt(pcs[i%len(pcs)], &u); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkFDERow computes the row of an already found FDE.
func BenchmarkFDERow(b *testing.B) {
	ef := openELF(b, "cfi/build/aarch64/pie")
	var fdes []FDE
	for f, err := range ef.eh.FDEs() {
		require.NoError(b, err)
		fdes = append(fdes, f)
	}
	var u Unwinder
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		f := &fdes[i%len(fdes)]
		if _, err := ef.eh.FDERow(f, f.PCEnd-1, &u); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkFindFDE compares the .eh_frame_hdr binary search with the
// linear scan, on the largest linked binary.
func BenchmarkFindFDE(b *testing.B) {
	ef := openELF(b, "linked/x86_64-elf/libstackmaps.so")
	pcs := benchPCs(b, ef.eh)
	for _, c := range []struct {
		name string
		s    *Section
	}{{"hdr", ef.eh}, {"scan", ef.ehNoHdr}} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				if _, err := c.s.FindFDE(pcs[i%len(pcs)]); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkFDEs iterates over every FDE of a section.
func BenchmarkFDEs(b *testing.B) {
	ef := openELF(b, "cfi/build/ppc64/exe")
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		for _, err := range ef.eh.FDEs() {
			if err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkIndexFindFDE is the Index search on the same binary as
// BenchmarkFindFDE.
func BenchmarkIndexFindFDE(b *testing.B) {
	ef := openELF(b, "linked/x86_64-elf/libstackmaps.so")
	pcs := benchPCs(b, ef.eh)
	x, err := ef.ehNoHdr.NewIndex()
	require.NoError(b, err)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := x.FindFDE(pcs[i%len(pcs)]); err != nil {
			b.Fatal(err)
		}
	}
}
