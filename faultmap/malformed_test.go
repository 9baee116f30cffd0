package faultmap_test

import (
	"encoding/binary"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/faultmap"
)

// table builds a table: one function at addr with the given faults
// (kind, faulting pc offset, handler pc offset).
func table(bo binary.AppendByteOrder, addr uint64, faults ...[3]uint32) []byte {
	b := []byte{1, 0, 0, 0}
	b = bo.AppendUint32(b, 1)
	b = bo.AppendUint64(b, addr)
	b = bo.AppendUint32(b, uint32(len(faults)))
	b = bo.AppendUint32(b, 0)
	for _, f := range faults {
		b = bo.AppendUint32(b, f[0])
		b = bo.AppendUint32(b, f[1])
		b = bo.AppendUint32(b, f[2])
	}
	return b
}

func decodeError(t *testing.T, err error, sentinel error) *faultmap.DecodeError {
	t.Helper()
	require.Error(t, err)
	assert.ErrorIs(t, err, sentinel)
	var de *faultmap.DecodeError
	require.True(t, errors.As(err, &de), "%T", err)
	return de
}

func TestMalformed(t *testing.T) {
	le := binary.LittleEndian
	good := table(le, 0x1000, [3]uint32{1, 4, 9}, [3]uint32{3, 8, 9})
	_, err := faultmap.Parse(good, le)
	require.NoError(t, err)

	// Every truncation of a good table is refused, naming where.
	for n := 0; n < len(good); n++ {
		_, err := faultmap.Parse(good[:n], le)
		if n == 0 {
			decodeError(t, err, faultmap.ErrNoTables)
			continue
		}
		de := decodeError(t, err, faultmap.ErrTruncated)
		assert.LessOrEqual(t, de.Offset, n, "cut at %d", n)
	}

	bad := func(mutate func(b []byte), sentinel error, off int, msg string) {
		t.Helper()
		b := append([]byte(nil), good...)
		mutate(b)
		_, err := faultmap.Parse(b, le)
		de := decodeError(t, err, sentinel)
		assert.Equal(t, off, de.Offset)
		assert.Equal(t, msg, err.Error())
	}
	bad(func(b []byte) { b[0] = 2 }, faultmap.ErrUnsupportedVersion, 0,
		"faultmap: table 0, offset 0 (0x0): version 2, this package reads version 1")
	bad(func(b []byte) { b[2] = 1 }, faultmap.ErrReserved, 1,
		"faultmap: table 0, offset 1 (0x1): header bytes 1 to 3 are 0x0 0x1 0x0, LLVM writes zeros")
	bad(func(b []byte) { b[20] = 1 }, faultmap.ErrReserved, 20,
		"faultmap: table 0, function 0, offset 20 (0x14): reserved field is 0x1, LLVM writes 0")
	bad(func(b []byte) { b[36] = 4 }, faultmap.ErrKind, 36,
		"faultmap: table 0, function 0, fault 1, offset 36 (0x24): fault kind 4 is not 1 to 3")
	bad(func(b []byte) { b[24] = 0 }, faultmap.ErrKind, 24,
		"faultmap: table 0, function 0, fault 0, offset 24 (0x18): fault kind 0 is not 1 to 3")
	// Huge counts are refused before anything is allocated.
	bad(func(b []byte) { le.PutUint32(b[4:], 0xffffffff) }, faultmap.ErrTruncated, 4,
		"faultmap: table 0, offset 4 (0x4): 4294967295 functions need at least 68719476720 bytes, 40 are left")
	bad(func(b []byte) { le.PutUint32(b[16:], 0xffffffff) }, faultmap.ErrTruncated, 16,
		"faultmap: table 0, function 0, offset 16 (0x10): 4294967295 faults need 51539607540 bytes, 24 are left")
	// Trailing bytes that are not a table.
	_, err = faultmap.Parse(append(append([]byte(nil), good...), 1, 0, 0), le)
	de := decodeError(t, err, faultmap.ErrTruncated)
	assert.Equal(t, 1, de.Table)
	assert.Equal(t, len(good), de.Offset)
}

func TestHugeCountAllocatesLittle(t *testing.T) {
	b := table(binary.LittleEndian, 0)
	binary.LittleEndian.PutUint32(b[4:], 0x7fffffff)
	allocs := testing.AllocsPerRun(10, func() { faultmap.Parse(b, binary.LittleEndian) })
	assert.LessOrEqual(t, allocs, 8.0, "a refusal costs a few small allocations, none sized by the claimed count")
}

// Concatenated tables, zero padding to 8 bytes between them, big-endian.
func TestConcatenatedBigEndian(t *testing.T) {
	be := binary.BigEndian
	a := table(be, 0x100, [3]uint32{2, 1, 2}) // 36 bytes: 4 of padding follow
	b := table(be, 0x200, [3]uint32{3, 3, 4})
	data := append(append(append([]byte(nil), a...), 0, 0, 0, 0), b...)
	s, err := faultmap.Parse(data, be)
	require.NoError(t, err)
	require.Equal(t, 2, s.NumTables())
	assert.Equal(t, 40, s.Table(1).Offset())
	assert.Equal(t, uint64(0x200), s.Function(1).Address())
	assert.Equal(t, faultmap.FaultingLoadStore, s.Function(0).Fault(0).Kind)
	x := faultmap.NewIndex(s)
	e, ok := x.Lookup(0x203, 0)
	require.True(t, ok)
	assert.Equal(t, faultmap.Entry{FaultingPC: 0x203, HandlerPC: 0x204, Kind: faultmap.FaultingStore, Function: 1}, e)
}

func TestKindString(t *testing.T) {
	assert.Equal(t, "FaultingLoad", faultmap.FaultingLoad.String())
	assert.Equal(t, "FaultingLoadStore", faultmap.FaultingLoadStore.String())
	assert.Equal(t, "FaultingStore", faultmap.FaultingStore.String())
	assert.Equal(t, "Kind(9)", faultmap.Kind(9).String())
	assert.False(t, faultmap.Kind(0).Valid())
}
