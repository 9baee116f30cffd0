package compactunwind_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/compactunwind"
	"github.com/stackmaps/stackmaps/regs"
)

// TestInterpret: encodings llc-22 emits (testdata/compactunwind) and the
// example of the brief, rendered as DWARF register numbers.
func TestInterpret(t *testing.T) {
	for _, c := range []struct {
		arch regs.Arch
		enc  compactunwind.Encoding
		want string
	}{
		{regs.AArch64, 0x04000001, "CFA=29+16 19@-24 20@-32 29@-16 30@-8"},
		{regs.AArch64, 0x04000107, "CFA=29+16 19@-24 20@-32 21@-40 22@-48 23@-56 24@-64 29@-16 30@-8 72@-72 73@-80"},
		{regs.AArch64, 0x02000000, "CFA=31+0"},
		{regs.AArch64, 0x02101010, "CFA=31+4112 27@-8 28@-16"},
		{regs.X86_64, 0x010558d1, "CFA=6+16 3@-56 6@-16 12@-48 13@-40 14@-32 15@-24 16@-8"},
		{regs.X86_64, 0x01000000, "CFA=6+16 6@-16 16@-8"},
		{regs.X86_64, 0x02020000, "CFA=7+16 16@-8"},
		{regs.X86_64, 0x02040c01, "CFA=7+32 3@-32 12@-24 14@-16 16@-8"},
		{regs.X86_64, 0x02061400, "CFA=7+48 3@-48 12@-40 13@-32 14@-24 15@-16 16@-8"},
		// Six registers, the last permutation (5! * 6 - 1 = 719): the
		// reverse order rbp r15 r14 r13 r12 rbx from CFA-56 up.
		{regs.X86_64, 0x02081acf, "CFA=7+64 3@-16 6@-56 12@-24 13@-32 14@-40 15@-48 16@-8"},
	} {
		r, err := compactunwind.Interpret(c.arch, c.enc)
		require.NoError(t, err, "%#x", uint32(c.enc))
		assert.Equal(t, compactunwind.KindCFA, r.Kind)
		assert.Equal(t, c.want, ruleString(r), "%v %#x", c.arch, uint32(c.enc))
	}

	r, err := compactunwind.Interpret(regs.AArch64, 0x03000048)
	require.NoError(t, err)
	assert.Equal(t, compactunwind.KindDWARF, r.Kind)
	assert.Equal(t, uint32(0x48), r.DWARFOffset)
	r, err = compactunwind.Interpret(regs.X86_64, 0)
	require.NoError(t, err)
	assert.Equal(t, compactunwind.KindNone, r.Kind)

	r, err = compactunwind.Interpret(regs.X86_64, 0x030df800)
	require.NoError(t, err)
	assert.Equal(t, compactunwind.KindStackIndirect, r.Kind)
	assert.Equal(t, uint32(0xd), r.StackSizeCodeOffset)
	assert.Equal(t, uint32(56), r.StackAdjust)
	_, err = r.ResolveStackIndirect(make([]byte, 0x10))
	assert.EqualError(t, err, "compact unwind encoding 0x030df800: x86_64 stack size at code offset 0xd is past the function's 16 bytes")
	code := make([]byte, 0x11)
	code[0xd], code[0xe] = 0x88, 0x1f
	r, err = r.ResolveStackIndirect(code)
	require.NoError(t, err)
	assert.Equal(t, int64(0x1f88+56), r.CFAOffset)

	allocs := testing.AllocsPerRun(100, func() { compactunwind.Interpret(regs.X86_64, 0x02081acf) })
	assert.Zero(t, allocs)
}

// TestInterpretBad: encodings no architecture defines are errors that
// name the bits.
func TestInterpretBad(t *testing.T) {
	for _, c := range []struct {
		arch regs.Arch
		enc  compactunwind.Encoding
		want string
	}{
		{regs.AArch64, 0x01000000, "arm64 mode 1 is not frameless"},
		{regs.AArch64, 0x04001000, "arm64 frame mode with bits 0x1000 outside the register pairs"},
		{regs.AArch64, 0x02000020, "arm64 frameless mode with unknown bits 0x20"},
		{regs.X86_64, 0x05000000, "x86_64 mode 5 is not"},
		{regs.X86_64, 0x01000007, "slot 0 holds register number 7"},
		{regs.X86_64, 0x02001c00, "saves 7 registers"},
		{regs.X86_64, 0x02001ad0, "permutation 720 is out of range for 6 registers"},
		{regs.X86_64, 0x02000001, "permutation 1 with no saved registers"},
		{regs.PPC64, 0x04000000, "ppc64 has no compact unwind"},
	} {
		_, err := compactunwind.Interpret(c.arch, c.enc)
		require.Error(t, err, "%#x", uint32(c.enc))
		assert.Contains(t, err.Error(), c.want)
	}
}

// FuzzInterpret: no encoding panics, and a rule lists each register once.
func FuzzInterpret(f *testing.F) {
	f.Add(uint32(0x04000f1f), true)
	f.Add(uint32(0x02081acf), false)
	f.Fuzz(func(t *testing.T, enc uint32, arm bool) {
		arch := regs.X86_64
		if arm {
			arch = regs.AArch64
		}
		r, err := compactunwind.Interpret(arch, compactunwind.Encoding(enc))
		if err != nil {
			return
		}
		seen := map[uint16]bool{}
		for _, s := range r.Saved() {
			if seen[s.Reg] {
				t.Fatalf("%#x: register %d twice", enc, s.Reg)
			}
			seen[s.Reg] = true
		}
	})
}
