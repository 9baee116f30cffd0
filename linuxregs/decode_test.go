package linuxregs

import (
	"encoding/binary"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/regs"
)

// slots returns n 8-byte slots in order, slot i holding 0x1000+i.
func slots(order binary.ByteOrder, n int) []byte {
	b := make([]byte, 8*n)
	for i := range n {
		order.PutUint64(b[8*i:], 0x1000+uint64(i))
	}
	return b
}

func TestDecodeGPRLayouts(t *testing.T) {
	for _, tc := range []struct {
		arch   regs.Arch
		pc, sp uint64
		want   map[uint16]uint64 // DWARF -> slot value
	}{
		// rip is slot 16, rsp slot 19, rax slot 10, rbp slot 4, r15 slot 0.
		{regs.X86_64, 0x1010, 0x1013, map[uint16]uint64{0: 0x100a, 6: 0x1004, 7: 0x1013, 15: 0x1000, 16: 0x1010, 3: 0x1005, 1: 0x100c}},
		// x0 slot 0, x29 slot 29, sp slot 31, pc slot 32.
		{regs.AArch64, 0x1020, 0x101f, map[uint16]uint64{0: 0x1000, 29: 0x101d, 30: 0x101e, 31: 0x101f}},
		// r1 slot 1, nip slot 32, ctr slot 35, lr slot 36.
		{regs.PPC64, 0x1020, 0x1001, map[uint16]uint64{1: 0x1001, 31: 0x101f, 66: 0x1023, 65: 0x1024}},
		{regs.PPC64LE, 0x1020, 0x1001, map[uint16]uint64{1: 0x1001, 31: 0x101f, 66: 0x1023, 65: 0x1024}},
		// psw addr slot 1, r0 slot 2, r15 slot 17.
		{regs.S390X, 0x1001, 0x1011, map[uint16]uint64{0: 0x1002, 14: 0x1010, 15: 0x1011}},
		// pc slot 0, ra slot 1, sp slot 2, x0 zero.
		{regs.RISCV64, 0x1000, 0x1002, map[uint16]uint64{0: 0, 1: 0x1001, 2: 0x1002, 8: 0x1008, 31: 0x101f}},
	} {
		t.Run(tc.arch.String(), func(t *testing.T) {
			n := GPRSize(tc.arch)
			require.NotZero(t, n)
			var s Set
			require.NoError(t, DecodeGPR(tc.arch, slots(tc.arch.ByteOrder(), (n+7)/8), &s))
			assert.Equal(t, tc.arch, s.Arch)
			assert.Equal(t, tc.pc, s.PC, "pc")
			assert.Equal(t, tc.sp, s.SP, "sp")
			for r, v := range tc.want {
				got, ok := s.Register(r)
				assert.True(t, ok, "register %d", r)
				assert.Equal(t, v, got, "register %d", r)
			}
		})
	}
}

func TestDecodeFPLayouts(t *testing.T) {
	for _, tc := range []struct {
		arch regs.Arch
		want map[uint16]uint64
	}{
		{regs.X86_64, map[uint16]uint64{17: 0x1000 + 20, 32: 0x1000 + 20 + 30}}, // xmm0 at 160 = slot 20, xmm15 slot 50
		{regs.AArch64, map[uint16]uint64{64: 0x1000, 72: 0x1010, 95: 0x103e}},
		{regs.PPC64LE, map[uint16]uint64{32: 0x1000, 63: 0x101f}},
		{regs.S390X, map[uint16]uint64{16: 0x1001, 20: 0x1002, 17: 0x1003, 31: 0x1010}}, // f0 slot 1, f1 slot 2, f2 slot 3, f15 slot 16
		{regs.RISCV64, map[uint16]uint64{32: 0x1000, 40: 0x1008, 63: 0x101f}},
	} {
		t.Run(tc.arch.String(), func(t *testing.T) {
			var s Set
			s.Arch = tc.arch
			require.NoError(t, DecodeFP(tc.arch, slots(tc.arch.ByteOrder(), (FPSize(tc.arch)+7)/8), &s))
			assert.True(t, s.HasFP)
			for r, v := range tc.want {
				got, ok := s.Register(r)
				assert.True(t, ok, "register %d", r)
				assert.Equal(t, v, got, "register %d", r)
			}
		})
	}
}

func TestDecodeRefuses(t *testing.T) {
	var s Set
	err := DecodeGPR(regs.X86_64, make([]byte, 100), &s)
	var e *Error
	require.ErrorAs(t, err, &e)
	assert.True(t, errors.Is(err, ErrSize))
	assert.Equal(t, 216, e.Want)
	assert.Contains(t, err.Error(), "NT_PRSTATUS of x86_64")
	assert.ErrorIs(t, DecodeGPR(regs.PPC32, make([]byte, 1000), &s), ErrArch)
	assert.ErrorIs(t, DecodeFP(regs.AArch64, make([]byte, 10), &s), ErrSize)
	assert.ErrorIs(t, DecodeFP(regs.ArchUnknown, nil, &s), ErrArch)
}

func TestDecodeAllocatesNothing(t *testing.T) {
	b := slots(binary.LittleEndian, 27)
	var s Set
	n := testing.AllocsPerRun(100, func() { _ = DecodeGPR(regs.X86_64, b, &s) })
	assert.Zero(t, n)
}

func TestSet(t *testing.T) {
	var s Set
	assert.False(t, s.Set(MaxRegs, 1))
	assert.True(t, s.Set(127, 5))
	assert.True(t, s.Set(3, 7))
	assert.Equal(t, 2, s.Len())
	var seen []uint16
	s.Each(func(r uint16, v uint64) { seen = append(seen, r) })
	assert.Equal(t, []uint16{3, 127}, seen)
	_, ok := s.Register(4)
	assert.False(t, ok)
	s.Clear()
	assert.Zero(t, s.Len())
}
