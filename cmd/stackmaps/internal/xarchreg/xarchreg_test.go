package xarchreg

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"golang.org/x/arch/arm64/arm64asm"
	"golang.org/x/arch/ppc64/ppc64asm"
	"golang.org/x/arch/x86/x86asm"

	"github.com/stackmaps/stackmaps/regs"
)

func TestNoPanicOnAnyNumber(t *testing.T) {
	for n := 0; n <= 0xFFFF; n++ {
		for _, size := range []int{-1, 0, 1, 2, 3, 4, 8, 16, 32, 64, 1 << 20} {
			_, _ = X86Reg(uint16(n), size)
			_, _ = ARM64Reg(uint16(n), size)
			_, _ = PPC64Reg(uint16(n), size)
		}
	}
}

func TestX86Reg(t *testing.T) {
	// x86asm orders registers by encoding; DWARF does not.
	want := map[uint16]x86asm.Reg{0: x86asm.RAX, 1: x86asm.RDX, 2: x86asm.RCX, 3: x86asm.RBX,
		4: x86asm.RSI, 5: x86asm.RDI, 6: x86asm.RBP, 7: x86asm.RSP, 8: x86asm.R8, 15: x86asm.R15}
	for n, r := range want {
		got, ok := X86Reg(n, 8)
		assert.True(t, ok)
		assert.Equal(t, r, got, "dwarf %d", n)
		// The 64-bit name of x86asm agrees with ours.
		assert.Equal(t, strings.ToLower(r.String()), regs.DisplayName(regs.X86_64, n, 8))
	}
	sized := map[[2]int]x86asm.Reg{{0, 4}: x86asm.EAX, {1, 2}: x86asm.DX, {2, 1}: x86asm.CL,
		{4, 1}: x86asm.SIB, {5, 1}: x86asm.DIB, {6, 1}: x86asm.BPB, {7, 1}: x86asm.SPB,
		{7, 4}: x86asm.ESP, {8, 4}: x86asm.R8L, {13, 2}: x86asm.R13W, {15, 1}: x86asm.R15B}
	for k, r := range sized {
		got, ok := X86Reg(uint16(k[0]), k[1])
		assert.True(t, ok)
		assert.Equal(t, r, got, "%v", k)
	}
	cases := map[[2]int]x86asm.Reg{{16, 8}: x86asm.RIP, {16, 4}: x86asm.EIP, {20, 16}: x86asm.X3,
		{33, 10}: x86asm.F0, {48, 8}: x86asm.M7, {55, 2}: x86asm.GS}
	for k, r := range cases {
		got, ok := X86Reg(uint16(k[0]), k[1])
		assert.True(t, ok)
		assert.Equal(t, r, got)
	}
	for _, k := range [][2]int{{19, 32}, {67, 16}, {118, 8}, {130, 8}, {1000, 8}} {
		_, ok := X86Reg(uint16(k[0]), k[1])
		assert.False(t, ok, "%v", k)
	}
}

func TestARM64Reg(t *testing.T) {
	cases := map[[2]int]arm64asm.Reg{{19, 4}: arm64asm.W19, {19, 8}: arm64asm.X19, {31, 8}: arm64asm.SP,
		{31, 4}: arm64asm.WSP, {72, 8}: arm64asm.D8, {75, 4}: arm64asm.S11, {76, 2}: arm64asm.H12,
		{64, 1}: arm64asm.B0, {73, 16}: arm64asm.V9}
	for k, r := range cases {
		got, ok := ARM64Reg(uint16(k[0]), k[1])
		assert.True(t, ok)
		assert.Equal(t, r, got, "%v", k)
		if k[0] != 31 { // arm64asm.SP is XZR and prints as "xzr"
			assert.Equal(t, strings.ToLower(r.String()), regs.DisplayName(regs.AArch64, uint16(k[0]), k[1]))
		}
	}
	for _, n := range []uint16{46, 47, 50, 99, 1205} {
		_, ok := ARM64Reg(n, 8)
		assert.False(t, ok, n)
	}
}

func TestPPC64Reg(t *testing.T) {
	cases := map[[2]int]ppc64asm.Reg{{5, 8}: ppc64asm.R5, {1205, 4}: ppc64asm.R5, {37, 8}: ppc64asm.F5,
		{37, 16}: ppc64asm.VS5, {79, 16}: ppc64asm.V2, {79, 8}: ppc64asm.VS34}
	for k, r := range cases {
		got, ok := PPC64Reg(uint16(k[0]), k[1])
		assert.True(t, ok)
		assert.Equal(t, r, got, "%v", k)
		assert.Equal(t, r.String(), regs.DisplayName(regs.PPC64, uint16(k[0]), k[1]))
	}
	for _, n := range []uint16{65, 68, 109, 1232} {
		_, ok := PPC64Reg(n, 8)
		assert.False(t, ok, n)
	}
}

func ExampleX86Reg() {
	r, ok := X86Reg(5, 4) // DWARF 5 is rdi; x86asm orders by encoding
	fmt.Println(r, ok)
	// Output: EDI true
}
