package disasm

import (
	"math/rand"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/regs"
)

// TestCodeWalkCarriesOn: a walk that carries on from record to record (and
// starts again for an earlier offset or another function) finds what a
// fresh walk from the function's start finds.
func TestCodeWalkCarriesOn(t *testing.T) {
	rng := rand.New(rand.NewSource(4))
	for _, a := range regs.Arches() {
		for i := 0; i < 50; i++ {
			code := make([]byte, 16+rng.Intn(200))
			rng.Read(code)
			var w Walker
			off := uint32(0)
			for n := 0; n < 20; n++ {
				if rng.Intn(5) == 0 {
					off = uint32(rng.Intn(len(code) + 8)) // sometimes backwards
				} else {
					off += uint32(rng.Intn(12))
				}
				p1, a1, hp1, ha1 := w.at(a, a.ByteOrder(), code, 0x4000, off)
				p2, a2, hp2, ha2 := instsAt(a, a.ByteOrder(), code, 0x4000, off)
				require.Equal(t, []any{p2, a2, hp2, ha2}, []any{p1, a1, hp1, ha1}, "%v offset %d", a, off)
			}
		}
	}
}
