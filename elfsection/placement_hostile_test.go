package elfsection_test

import (
	"bytes"
	"math/rand"
	"os"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/cfi"
	"github.com/stackmaps/stackmaps/elfsection"
)

// stackMapsOf reads the stack maps of b as a file; it must not panic, and
// what it finds must decode or fail with an error.
func stackMapsOf(b []byte) {
	f, err := elfsection.NewFile(bytes.NewReader(b))
	if err != nil {
		return
	}
	if fs, err := f.Frames(); err == nil && fs.EHFrame.Data != nil {
		if sec, err := cfi.New(fs.EHFrame); err == nil {
			for _, err := range sec.FDEs() {
				if err != nil {
					break
				}
			}
		}
	}
	f.TextRanges()
	sd, err := f.StackMaps()
	if err != nil {
		return
	}
	if sec, err := sd.Parse(); err == nil {
		for _, tab := range sec.Tables() {
			for _, r := range tab.Records() {
				r.Address()
			}
		}
	}
}

// Files without section headers, cut at every length and with bytes
// changed at random (program headers, the dynamic table, the hash tables,
// the symbols): no panic, and nothing allocated past what the file holds
// (bounds are checked before every read).
func TestStrippedHostile(t *testing.T) {
	for _, name := range []string{"script-pie.stripped", "symbol-exe.stripped", "script-lib.so.stripped"} {
		orig, err := os.ReadFile(placementFile(name))
		require.NoError(t, err)
		for n := 0; n < len(orig); n += 7 {
			stackMapsOf(orig[:n])
		}
		rng := rand.New(rand.NewSource(17))
		b := make([]byte, len(orig))
		for range 3000 {
			copy(b, orig)
			for range 1 + rng.Intn(4) {
				var at int
				if rng.Intn(2) == 0 {
					at = rng.Intn(min(len(b), 0x400)) // headers, program headers
				} else {
					at = rng.Intn(len(b))
				}
				switch rng.Intn(3) {
				case 0:
					b[at] = byte(rng.Intn(256))
				case 1:
					b[at] = 0xff
				default:
					b[at] ^= 1 << rng.Intn(8)
				}
			}
			stackMapsOf(b)
		}
	}
}

// FuzzStripped: any change to a file without section headers.
func FuzzStripped(f *testing.F) {
	for _, name := range []string{"script-pie.stripped", "symbol-exe.stripped", "script-lib.so.stripped"} {
		b, err := os.ReadFile(placementFile(name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, b []byte) { stackMapsOf(b) })
}
