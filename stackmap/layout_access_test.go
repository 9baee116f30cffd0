package stackmap_test

import (
	"encoding/binary"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/stackmap"
)

// TestLayoutAccessors reads every field the accessors point at straight
// from the section's bytes and compares it with what the decoder gives,
// on a version 1, 2 and 3 section written by LLVM (the v1 and v2 samples,
// llc 22's patchpoints.o, whose patchpoints have live-outs).
func TestLayoutAccessors(t *testing.T) {
	le := binary.LittleEndian
	for _, path := range []string{"../testdata/samples/v1-x86_64.bin", "../testdata/samples/v2-x86_64.bin", "../testdata/objects/llvm22/x86_64-elf/patchpoints.stackmaps.bin"} {
		data, err := os.ReadFile(path)
		require.NoError(t, err)
		sec, err := stackmap.Parse(data, le)
		require.NoError(t, err, path)
		liveOuts := 0
		for _, tab := range sec.Tables() {
			v := tab.Version()
			assert.Equal(t, map[stackmap.Version]int{1: 8, 2: 8, 3: 12}[v], tab.LocationSize(), path)
			assert.Equal(t, tab.LocationSize(), v.LocationSize())
			assert.Equal(t, tab.NumFunctions()*v.FunctionSize(), tab.FunctionsSize())
			assert.Equal(t, tab.NumConstants()*stackmap.ConstantSize, tab.ConstantsSize())
			recs := 0
			for _, r := range tab.Records() {
				recs += r.Size()
				assert.Equal(t, r.ID(), le.Uint64(data[r.FieldOffset(stackmap.RecordIDField):]), path)
				assert.Equal(t, r.StoredInstructionOffset(), le.Uint32(data[r.InstructionOffsetOffset():]), path)
				assert.Equal(t, r.Flags(), le.Uint16(data[r.FieldOffset(stackmap.RecordFlagsField):]), path)
				assert.Equal(t, uint16(r.NumLocations()), le.Uint16(data[r.FieldOffset(stackmap.RecordNumLocationsField):]), path)
				assert.Equal(t, r.Offset()+stackmap.RecordHeaderSize, r.LocationOffset(0))
				for i, l := range r.Locations() {
					off := r.LocationOffset(i)
					assert.Equal(t, byte(l.Kind), data[off], "%s record %d location %d", path, r.Index(), i)
					assert.Equal(t, l.Offset, int32(le.Uint32(data[off+tab.LocationSize()-4:])), path)
				}
				hdr := r.LiveOutHeaderOffset()
				assert.Zero(t, (hdr-tab.Offset())%8, "the live-out header is 8-aligned in its table")
				assert.GreaterOrEqual(t, hdr, r.LocationOffset(r.NumLocations()))
				assert.Equal(t, r.LiveOutPadding(), le.Uint16(data[hdr:]))
				assert.Equal(t, uint16(r.NumLiveOuts()), le.Uint16(data[hdr+2:]))
				for i, lo := range r.LiveOuts() {
					off := r.LiveOutOffset(i)
					assert.Equal(t, lo.Reg, le.Uint16(data[off:]), path)
					assert.Equal(t, lo.Reserved, data[off+stackmap.LiveOutReservedField], path)
					assert.Equal(t, lo.Size, data[off+3], path)
					liveOuts++
				}
			}
			assert.Equal(t, tab.Size(), stackmap.HeaderSize+tab.FunctionsSize()+tab.ConstantsSize()+recs, "%s: the parts add up to the table", path)
		}
		if path == "../testdata/objects/llvm22/x86_64-elf/patchpoints.stackmaps.bin" {
			assert.Positive(t, liveOuts, "patchpoints.o has live-outs")
		}
	}
}
