package compactunwind_test

import (
	"testing"

	"github.com/stackmaps/stackmaps/compactunwind"
	"github.com/stackmaps/stackmaps/machosection"
	"github.com/stackmaps/stackmaps/regs"
)

// BenchmarkLookup: an __unwind_info lookup (compressed page, binary
// searches) and interpreting the encoding, on the x86_64 ground-truth
// image: no allocation.
func BenchmarkLookup(b *testing.B) {
	cu, err := openCompactUnwind(td + "compactunwind/x86_64.dylib")
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		e, ok := cu.Info.Lookup(0x590 + uint32(i%0x1a0))
		if !ok {
			b.Fatal("not found")
		}
		if _, err := compactunwind.Interpret(regs.X86_64, e.Encoding); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkObjectLookup: a __compact_unwind lookup on the arm64 object.
func BenchmarkObjectLookup(b *testing.B) {
	cu, err := openCompactUnwind(td + "compactunwind/arm64.o")
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if _, ok := cu.Object.Lookup(uint64(i % 0x1b0)); !ok {
			b.Fatal("not found")
		}
	}
}

// openCompactUnwind opens a thin Mach-O file and returns its compact
// unwind information (machosection.File.CompactUnwind).
func openCompactUnwind(name string) (machosection.CompactUnwind, error) {
	f, err := machosection.Open(name)
	if err != nil {
		return machosection.CompactUnwind{}, err
	}
	defer f.Close()
	return f.CompactUnwind()
}
