package regs

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestNoPanicOnAnyInput(t *testing.T) {
	arches := append(Arches(), ArchUnknown, Arch(200))
	for _, a := range arches {
		for n := 0; n <= 0xFFFF; n++ {
			for _, size := range []int{-1, 0, 1, 3, 8, 64, 1 << 20} {
				assert.NotEmpty(t, DisplayName(a, uint16(n), size))
			}
			_, _ = Name(a, uint16(n))
		}
		_, _ = Lookup(a, "")
		_ = RolesOf(a)
	}
}

func TestUnknown(t *testing.T) {
	_, err := Name(AArch64, 1205)
	var u *UnknownRegisterError
	require.True(t, errors.As(err, &u))
	assert.Equal(t, AArch64, u.Arch)
	assert.Equal(t, uint16(1205), u.Num)
	assert.Equal(t, "unknown register 1205 (aarch64)", err.Error())
	assert.Equal(t, "unknown register 7", DisplayName(ArchUnknown, 7, 8))
	_, ok := Lookup(ArchUnknown, "rax")
	assert.False(t, ok)
	_, ok = Lookup(X86_64, "x19")
	assert.False(t, ok)
	assert.Nil(t, Registers(ArchUnknown))
	assert.Error(t, WriteTable(&bytes.Buffer{}, ArchUnknown))
}

func TestTablesSortedAndRoundTrip(t *testing.T) {
	for _, a := range Arches() {
		rs := Registers(a)
		require.NotEmpty(t, rs, a)
		for i, r := range rs {
			if i > 0 {
				assert.Less(t, rs[i-1].Num, r.Num, "%s sorted", a)
			}
			assert.Equal(t, strings.ToLower(r.Name), r.Name)
			got, err := Name(a, r.Num)
			require.NoError(t, err)
			assert.Equal(t, r.Name, got)
			// Every name leads back to the register (or, for PowerPC's
			// 1200+N, to N, which has the same name).
			for _, size := range []int{0, 1, 2, 4, 8, 16, 32, 64} {
				dn := DisplayName(a, r.Num, size)
				n, ok := Lookup(a, dn)
				require.True(t, ok, "%s Lookup(%q)", a, dn)
				cn, _ := Name(a, n)
				assert.Equal(t, r.Name, cn, "%s %q", a, dn)
			}
		}
	}
}

func TestDisplayNames(t *testing.T) {
	cases := []struct {
		a    Arch
		n    uint16
		size int
		want string
	}{
		{X86_64, 0, 4, "eax"}, {X86_64, 0, 8, "rax"}, {X86_64, 4, 1, "sil"},
		{X86_64, 13, 4, "r13d"}, {X86_64, 19, 32, "ymm2"}, {X86_64, 71, 64, "zmm20"},
		{X86_64, 69, 16, "xmm18"}, {X86_64, 121, 8, "k3"}, {X86_64, 145, 4, "r31d"},
		{X86_64, 16, 8, "rip"}, {X86_64, 7, 3, "rsp"},
		{AArch64, 19, 4, "w19"}, {AArch64, 72, 8, "d8"}, {AArch64, 75, 4, "s11"},
		{AArch64, 76, 2, "h12"}, {AArch64, 73, 16, "v9"}, {AArch64, 99, 16, "z3"},
		{AArch64, 50, 2, "p2"}, {AArch64, 31, 8, "sp"}, {AArch64, 46, 8, "vg"},
		{PPC64, 1214, 4, "r14"}, {PPC64, 37, 8, "f5"}, {PPC64, 37, 16, "vs5"},
		{PPC64, 79, 16, "v2"}, {PPC64, 79, 8, "vs34"}, {PPC64, 65, 8, "lr"},
		{PPC64, 612, 4, "spefscr"}, {PPC32, 112, 4, "spefscr"}, {PPC32, 14, 4, "r14"},
		{RISCV64, 8, 8, "s0"}, {RISCV64, 40, 8, "fs0"}, {RISCV64, 99, 8, "v3"},
		{S390X, 22, 8, "f5"}, {S390X, 17, 4, "f2"}, {S390X, 22, 16, "v5"},
		{S390X, 70, 16, "v20"}, {S390X, 70, 8, "v20"},
	}
	for _, c := range cases {
		assert.Equal(t, c.want, DisplayName(c.a, c.n, c.size), "%s %d size %d", c.a, c.n, c.size)
	}
	_, err := Name(PPC64, 1300)
	assert.Error(t, err)
	_, err = Name(PPC32, 612)
	assert.Error(t, err, "spefscr is 112 on ppc32")
}

func TestLookupAliases(t *testing.T) {
	cases := []struct {
		a    Arch
		name string
		want uint16
	}{
		{X86_64, "RAX", 0}, {X86_64, "st(1)", 34}, {X86_64, "eflags", 49},
		{AArch64, "lr", 30}, {AArch64, "q9", 73}, {AArch64, "x30", 30},
		{PPC64, "r5", 5}, {PPC64LE, "vs5", 37}, {PPC32, "v31", 108},
		{RISCV64, "x10", 10}, {RISCV64, "a0", 10}, {RISCV64, "fp", 8}, {RISCV64, "f8", 40},
		{S390X, "f1", 20}, {S390X, "v17", 72},
	}
	for _, c := range cases {
		n, ok := Lookup(c.a, c.name)
		assert.True(t, ok, "%s %s", c.a, c.name)
		assert.Equal(t, c.want, n, "%s %s", c.a, c.name)
	}
}

func TestLookupsDoNotAllocate(t *testing.T) {
	allocs := testing.AllocsPerRun(100, func() {
		_ = DisplayName(X86_64, 19, 32)
		_, _ = Name(PPC64, 1205)
		_, _ = Lookup(AArch64, "w19")
		_ = DisplayName(S390X, 83, 16)
		_, _ = Find(X86_64, 999)
		_, _ = Find(ArchUnknown, 0)
	})
	assert.Zero(t, allocs)
}

func TestFind(t *testing.T) {
	for _, a := range Arches() {
		for n := 0; n <= 2000; n++ {
			r, ok := Find(a, uint16(n))
			name, err := Name(a, uint16(n))
			assert.Equal(t, err == nil, ok, "%s %d", a, n)
			if ok {
				assert.Equal(t, name, r.Name)
				assert.Equal(t, uint16(n), r.Num)
				assert.Equal(t, DisplayName(a, uint16(n), 4), r.Display(4))
			}
		}
	}
	_, ok := Find(ArchUnknown, 0)
	assert.False(t, ok)
}

func TestRoles(t *testing.T) {
	want := map[Arch][3]string{
		X86_64: {"rbp", "rsp", ""}, AArch64: {"x29", "sp", "x30"},
		PPC64: {"r31", "r1", "lr"}, PPC64LE: {"r31", "r1", "lr"}, PPC32: {"r31", "r1", "lr"},
		RISCV64: {"x8", "x2", "x1"}, S390X: {"r11", "r15", "r14"},
	}
	for _, a := range Arches() {
		r := RolesOf(a)
		fp, err := Name(a, r.FramePointer)
		require.NoError(t, err)
		sp, err := Name(a, r.StackPointer)
		require.NoError(t, err)
		ra := ""
		if r.HasReturnAddress {
			ra, err = Name(a, r.ReturnAddress)
			require.NoError(t, err)
		}
		assert.Equal(t, want[a], [3]string{fp, sp, ra}, a)
		require.NotEmpty(t, r.CalleeSaved)
		for i, n := range r.CalleeSaved {
			_, err := Name(a, n)
			assert.NoError(t, err, "%s callee-saved %d", a, n)
			if i > 0 {
				assert.Less(t, r.CalleeSaved[i-1], n)
			}
		}
	}
	x := RolesOf(X86_64)
	assert.Equal(t, []uint16{3, 6, 12, 13, 14, 15}, x.CalleeSaved)
	x.CalleeSaved[0] = 99
	assert.Equal(t, uint16(3), RolesOf(X86_64).CalleeSaved[0], "fresh copy")
	assert.Zero(t, RolesOf(ArchUnknown).CalleeSaved)
}

func TestWriteTable(t *testing.T) {
	var b bytes.Buffer
	require.NoError(t, WriteTable(&b, PPC64))
	out := b.String()
	assert.True(t, strings.HasPrefix(out, "0 r0\n1 r1\n"))
	assert.Contains(t, out, "\n65 lr\n66 ctr\n68 cr0\n")
	assert.Contains(t, out, "\n77 v0\n")
	assert.True(t, strings.HasSuffix(out, "1231 r31\n"))
}

func TestClassString(t *testing.T) {
	assert.Equal(t, "gpr", ClassGPR.String())
	assert.Equal(t, "predicate", ClassPredicate.String())
	assert.Equal(t, "class?", Class(99).String())
}

// TestWriteTableRISCV: riscv64 lines give the ABI name LLVM prints, then
// the architectural name.
func TestWriteTableRISCV(t *testing.T) {
	var b bytes.Buffer
	require.NoError(t, WriteTable(&b, RISCV64))
	out := b.String()
	assert.True(t, strings.HasPrefix(out, "0 zero (x0)\n1 ra (x1)\n2 sp (x2)\n"), out)
	assert.Contains(t, out, "\n10 a0 (x10)\n")
	assert.Contains(t, out, "\n40 fs0 (f8)\n")
	assert.True(t, strings.HasSuffix(out, "127 v31\n"), out)
}
