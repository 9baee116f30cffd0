package regs

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestPreferredName(t *testing.T) {
	for _, c := range []struct {
		a    Arch
		num  uint16
		want string
	}{
		{RISCV64, 2, "sp"}, {RISCV64, 1, "ra"}, {RISCV64, 8, "s0"}, {RISCV64, 10, "a0"},
		{RISCV64, 0, "zero"}, {RISCV64, 40, "fs0"}, {RISCV64, 96, "v0"},
		{X86_64, 6, "rbp"}, {AArch64, 29, "x29"}, {PPC64LE, 1, "r1"},
	} {
		got, ok := PreferredName(c.a, c.num)
		assert.True(t, ok)
		assert.Equal(t, c.want, got, "%v %d", c.a, c.num)
	}
	_, ok := PreferredName(RISCV64, 5000)
	assert.False(t, ok)
}
