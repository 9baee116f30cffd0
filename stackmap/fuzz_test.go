package stackmap_test

import (
	"encoding/binary"
	"errors"
	"testing"

	"github.com/stackmaps/stackmaps/internal/smbuild"
	"github.com/stackmaps/stackmaps/stackmap"
)

// FuzzParse checks that no input panics, that every error is a
// *DecodeError, and that whatever decodes can be walked in full.
func FuzzParse(f *testing.F) {
	f.Add(smbuild.Encode(binary.LittleEndian, smallTable()), false)
	v1 := smallTable()
	v1.Version = 1
	f.Add(smbuild.Encode(binary.BigEndian, v1, smallTable()), true)
	f.Add(largeSection(3, 3), false)
	f.Fuzz(func(t *testing.T, data []byte, big bool) {
		var bo binary.ByteOrder = binary.LittleEndian
		if big {
			bo = binary.BigEndian
		}
		sec, err := stackmap.Parse(data, bo)
		if err != nil {
			var de *stackmap.DecodeError
			if !errors.As(err, &de) {
				t.Fatalf("error %v is not a *DecodeError", err)
			}
			if de.Offset < 0 || de.Offset > len(data) {
				t.Fatalf("error offset %d outside the %d input bytes", de.Offset, len(data))
			}
			return
		}
		walk(sec)
	})
}
