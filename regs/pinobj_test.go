package regs

import (
	"debug/elf"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// firstRegisters reads a version 3 .llvm_stackmaps section and returns, per
// record ID, the DWARF number and size of its first location when that is a
// Register location. It is a minimal reader for the test objects only, so
// this package's tests do not depend on the decoder.
func firstRegisters(path string) (map[uint64][2]int, error) {
	f, err := elf.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	s := f.Section(".llvm_stackmaps")
	if s == nil {
		return nil, fmt.Errorf("%s: no .llvm_stackmaps", path)
	}
	b, err := s.Data()
	if err != nil {
		return nil, err
	}
	bo := f.ByteOrder
	if len(b) < 16 || b[0] != 3 {
		return nil, fmt.Errorf("%s: not a version 3 stack map", path)
	}
	nf, nc, nr := int(bo.Uint32(b[4:])), int(bo.Uint32(b[8:])), int(bo.Uint32(b[12:]))
	off := 16 + 24*nf + 8*nc
	out := make(map[uint64][2]int, nr)
	for i := 0; i < nr; i++ {
		if off+16 > len(b) {
			return nil, fmt.Errorf("%s: record %d truncated", path, i)
		}
		id := bo.Uint64(b[off:])
		nloc := int(bo.Uint16(b[off+14:]))
		loc := off + 16
		if nloc > 0 && loc+12 <= len(b) && b[loc] == 1 {
			out[id] = [2]int{int(bo.Uint16(b[loc+4:])), int(bo.Uint16(b[loc+2:]))}
		}
		off = loc + 12*nloc
		off = (off + 7) &^ 7
		if off+4 > len(b) {
			return nil, fmt.Errorf("%s: record %d truncated", path, i)
		}
		nlive := int(bo.Uint16(b[off+2:]))
		off += 4 + 4*nlive
		off = (off + 7) &^ 7
	}
	return out, nil
}

// TestPinObjects checks that the checked-in objects say what expect.tsv
// says they say.
func TestPinObjects(t *testing.T) {
	cache := map[string]map[uint64][2]int{}
	n := 0
	for _, r := range allExpect(t) {
		if r.Status != "ok" {
			continue
		}
		path := filepath.Join(pinDir, r.Arch, r.LLVM, r.Object+".o")
		locs, ok := cache[path]
		if !ok {
			var err error
			locs, err = firstRegisters(path)
			require.NoError(t, err)
			cache[path] = locs
		}
		id := uint64(atoi(t, r.RecordID))
		got, ok := locs[id]
		if assert.True(t, ok, "%s record %d: no register location", path, id) {
			assert.Equal(t, [2]int{atoi(t, r.DwarfReg), atoi(t, r.Size)}, got, "%s record %d", path, id)
		}
		n++
	}
	assert.NotZero(t, n)
}
