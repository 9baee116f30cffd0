package stackmap_test

import (
	"bytes"
	"encoding/binary"
	"os"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/internal/corpus"
	"github.com/stackmaps/stackmaps/internal/stackmaptest"
	"github.com/stackmaps/stackmaps/stackmap"
)

// FuzzWriter checks, for every section Parse accepts, that decoding what
// the writer encodes gives back what it was given (decode(encode(x)) ==
// x), and that encoding a decoded section gives back its bytes whenever
// its reserved fields and padding are zero, as LLVM writes them.
func FuzzWriter(f *testing.F) {
	f.Add(stackmaptest.Encode(binary.LittleEndian, smallTable()), false)
	v1 := smallTable()
	v1.Version = 1
	f.Add(stackmaptest.Encode(binary.BigEndian, v1, smallTable()), true)
	f.Add(largeSection(3, 3), false)
	if objs, err := corpus.Objects(); err == nil && len(objs) > 0 {
		for _, o := range objs[:min(len(objs), 8)] {
			if data, err := os.ReadFile(o.Base() + ".stackmaps.bin"); err == nil {
				f.Add(data, o.ByteOrder == binary.BigEndian)
			}
		}
	}
	f.Fuzz(func(t *testing.T, data []byte, big bool) {
		var bo binary.ByteOrder = binary.LittleEndian
		if big {
			bo = binary.BigEndian
		}
		sec, err := stackmap.Parse(data, bo)
		if err != nil {
			return
		}
		specs := sec.Specs()
		out, err := stackmap.AppendSection(nil, specs, bo)
		require.NoError(t, err)
		again, err := stackmap.Parse(out, bo)
		require.NoError(t, err)
		require.Equal(t, specs, again.Specs())
		if reservedZero(sec) && !bytes.Equal(out, data) {
			t.Fatalf("re-encoded %d bytes differ from the %d decoded", len(out), len(data))
		}
	})
}

// reservedZero reports whether every reserved field and padding byte of
// the section that a TableSpec does not hold is zero.
func reservedZero(sec *stackmap.Section) bool {
	for _, tb := range sec.Tables() {
		if r0, r1 := tb.Reserved(); r0 != 0 || r1 != 0 {
			return false
		}
		for _, r := range tb.Records() {
			if r.LiveOutPadding() != 0 || !r.PaddingZero() {
				return false
			}
			for i := range r.NumLocations() {
				if a, b, _ := r.LocationReserved(i); a != 0 || b != 0 {
					return false
				}
			}
		}
	}
	return true
}
