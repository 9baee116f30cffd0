package linuxregs

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/regs"
)

// TestDecodeUcontextLayouts decodes contexts whose 8-byte slot i holds
// 0x1000+i: each register comes from the offset its architecture's
// struct ucontext gives it (the offsets the C library's offsetof gives:
// testdata/core/README.md).
func TestDecodeUcontextLayouts(t *testing.T) {
	for _, tc := range []struct {
		arch   regs.Arch
		pc, sp uint64
		want   map[uint16]uint64 // DWARF -> slot value
		fp     bool
	}{
		// gregs at 40 (slot 5): r8 first, rax gregs[13], rsp [15], rip [16].
		{regs.X86_64, 0x1015, 0x1014, map[uint16]uint64{8: 0x1005, 15: 0x100c, 5: 0x100d, 0: 0x1012, 3: 0x1010, 16: 0x1015}, false},
		// regs at 184 (slot 23), sp 432 (54), pc 440 (55).
		{regs.AArch64, 0x1037, 0x1036, map[uint16]uint64{0: 0x1017, 29: 0x1034, 30: 0x1035}, false},
		// gp_regs at 232 (slot 29): r1 30, nip 61, ctr 64, lr 65; fp_regs at 616 (77).
		{regs.PPC64, 0x103d, 0x101e, map[uint16]uint64{0: 0x101d, 66: 0x1040, 65: 0x1041, 32: 0x104d, 63: 0x106c}, true},
		{regs.PPC64LE, 0x103d, 0x101e, map[uint16]uint64{0: 0x101d, 65: 0x1041, 32: 0x104d}, true},
		// psw addr at 48 (6), gprs at 56 (7), fprs at 256 (32): f0 is DWARF 16, f2 17.
		{regs.S390X, 0x1006, 0x1016, map[uint16]uint64{0: 0x1007, 14: 0x1015, 16: 0x1020, 17: 0x1022, 20: 0x1021}, true},
		// sc_regs at 176 (22): pc, ra 23, sp 24; f0 at 432 (54).
		{regs.RISCV64, 0x1016, 0x1018, map[uint16]uint64{0: 0, 1: 0x1017, 8: 0x101e, 32: 0x1036, 63: 0x1055}, true},
	} {
		t.Run(tc.arch.String(), func(t *testing.T) {
			n := UcontextSize(tc.arch)
			require.NotZero(t, n)
			var s Set
			require.NoError(t, DecodeUcontext(tc.arch, slots(tc.arch.ByteOrder(), (n+7)/8), &s))
			assert.Equal(t, tc.arch, s.Arch)
			assert.Equal(t, tc.pc, s.PC, "pc")
			assert.Equal(t, tc.sp, s.SP, "sp")
			assert.Equal(t, tc.fp, s.HasFP, "FP registers")
			for r, v := range tc.want {
				got, ok := s.Register(r)
				assert.True(t, ok, "register %d", r)
				assert.Equal(t, v, got, "register %d", r)
			}
			err := DecodeUcontext(tc.arch, make([]byte, n-1), &s)
			assert.True(t, errors.Is(err, ErrSize), "%v", err)
		})
	}
	_, ok := UcontextFPAddr(regs.AArch64, make([]byte, 1024))
	assert.False(t, ok)
	var s Set
	assert.ErrorIs(t, DecodeUcontext(regs.ArchUnknown, make([]byte, 1024), &s), ErrArch)
}

// TestDecodeUcontextFP: AArch64's registers d0-d31 come from the
// fpsimd_context record at the start of __reserved, only when its magic
// and size are there; x86_64's context points to its FXSAVE area.
func TestDecodeUcontextFP(t *testing.T) {
	o := regs.AArch64.ByteOrder()
	b := slots(o, 1024/8)
	var s Set
	require.NoError(t, DecodeUcontext(regs.AArch64, b, &s))
	assert.False(t, s.HasFP, "no fpsimd_context magic")
	o.PutUint32(b[464:], 0x46508001)
	o.PutUint32(b[468:], 528)
	require.NoError(t, DecodeUcontext(regs.AArch64, b[:991], &s))
	assert.False(t, s.HasFP, "the record is cut short")
	require.NoError(t, DecodeUcontext(regs.AArch64, b, &s))
	assert.True(t, s.HasFP)
	v, ok := s.Register(64) // v0's low half: vregs[0] at 480 (slot 60)
	assert.True(t, ok)
	assert.Equal(t, uint64(0x103c), v)
	v, _ = s.Register(95) // v31 at 480+31*16 (slot 122)
	assert.Equal(t, uint64(0x107a), v)

	x := slots(regs.X86_64.ByteOrder(), 30)
	addr, ok := UcontextFPAddr(regs.X86_64, x)
	assert.True(t, ok)
	assert.Equal(t, uint64(0x101c), addr, "uc_mcontext.fpregs at 224")
	regs.X86_64.ByteOrder().PutUint64(x[224:], 0)
	_, ok = UcontextFPAddr(regs.X86_64, x)
	assert.False(t, ok, "no FP state")
}
