package stackmap_test

import (
	"encoding/binary"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/stackmap"
)

// TestBuilderSpecRoundTrip: the spec a zero Builder builds and the spec
// decoded from the bytes AppendTable makes of it are equal, written the
// obvious way (require.Equal on the two TableSpecs), for 500 random
// tables in both byte orders: functions without records, records without locations
// or live-outs, small and large constants, every location kind. It failed
// while Builder left Version 0 and nil slices that Table.Spec gave back as
// 3 and empty ones.
func TestBuilderSpecRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(27, 5))
	for n := range 500 {
		var b stackmap.Builder
		for range 1 + rng.IntN(3) {
			b.AddFunction(rng.Uint64N(1<<40), uint64(rng.IntN(4))*16)
			for range rng.IntN(4) {
				r := stackmap.RecordSpec{ID: rng.Uint64(), InstructionOffset: rng.Uint32N(1 << 16)}
				for range rng.IntN(5) {
					switch k := rng.IntN(4); k {
					case 0:
						r.Locations = append(r.Locations, b.Constant(rng.Uint64N(1<<34)-1<<33))
					default:
						r.Locations = append(r.Locations, stackmap.Location{Kind: stackmap.Kind(k), Size: 8, Reg: uint16(rng.IntN(17)), Offset: rng.Int32N(256) - 128})
					}
				}
				for range rng.IntN(3) {
					r.LiveOuts = append(r.LiveOuts, stackmap.LiveOut{Reg: uint16(rng.IntN(32)), Size: 8})
				}
				if rng.IntN(4) == 0 {
					r.Locations, r.LiveOuts = []stackmap.Location{}, []stackmap.LiveOut{} // empty, not nil
				}
				b.AddRecord(r)
			}
		}
		for _, bo := range []binary.ByteOrder{binary.LittleEndian, binary.BigEndian} {
			data, err := stackmap.AppendTable(nil, &b.Spec, bo)
			require.NoError(t, err, "table %d", n)
			sec, err := stackmap.Parse(data, bo)
			require.NoError(t, err, "table %d", n)
			require.Equal(t, b.Spec, sec.Table(0).Spec(), "table %d, %v", n, bo)
		}
	}
}
