package walktest

import (
	"encoding/binary"
	"testing"

	"github.com/stackmaps/stackmaps/stackmap"
)

// The window is what a walker reads every saved register and Indirect
// location from.
var (
	_ stackmap.MemoryReader = Window{}
	_ stackmap.UintReader   = Window{}
)

func BenchmarkWindowReadUint(b *testing.B) {
	w := Window{Start: 0x1000, Bytes: make([]byte, 4096)}
	b.ReportAllocs()
	var sum uint64
	for i := 0; i < b.N; i++ {
		v, err := w.ReadUint(0x1000+uint64(i&511)*8, 8, binary.BigEndian)
		if err != nil {
			b.Fatal(err)
		}
		sum += v
	}
	_ = sum
}

func TestWindowReadUintAllocs(t *testing.T) {
	w := Window{Start: 0x1000, Bytes: make([]byte, 64)}
	n := testing.AllocsPerRun(100, func() {
		if _, err := w.ReadUint(0x1008, 8, binary.LittleEndian); err != nil {
			t.Fatal(err)
		}
	})
	if n != 0 {
		t.Fatalf("ReadUint allocates %v times", n)
	}
}
