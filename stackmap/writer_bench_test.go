package stackmap_test

import (
	"encoding/binary"
	"os"
	"path/filepath"
	"testing"

	"github.com/stackmaps/stackmaps/internal/corpus"
	"github.com/stackmaps/stackmaps/stackmap"
)

// BenchmarkAppendTable encodes llc-22's large_record table (a record of
// 260 locations, a function of 40 records) into a buffer that already has
// room: no allocation.
func BenchmarkAppendTable(b *testing.B) {
	data, err := os.ReadFile(filepath.Join(corpus.Root(), "objects", "llvm22", "x86_64-elf", "large_record.stackmaps.bin"))
	if err != nil {
		b.Fatal(err)
	}
	sec, err := stackmap.Parse(data, binary.LittleEndian)
	if err != nil {
		b.Fatal(err)
	}
	spec := sec.Table(0).Spec()
	buf := make([]byte, 0, len(data))
	b.ReportAllocs()
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		buf, err = stackmap.AppendTable(buf[:0], &spec, binary.LittleEndian)
		if err != nil {
			b.Fatal(err)
		}
	}
}
