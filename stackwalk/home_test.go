package stackwalk_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/stackmaps/stackmaps/regs"
	"github.com/stackmaps/stackmaps/stackwalk"
)

// TestHomeString: String gives DWARF numbers, Describe names them.
func TestHomeString(t *testing.T) {
	for _, c := range []struct {
		h          stackwalk.Home
		arch       regs.Arch
		str, named string
	}{
		{stackwalk.Home{Kind: stackwalk.HomeRegister, Reg: 3}, regs.X86_64, "reg 3", "reg rbx"},
		{stackwalk.Home{Kind: stackwalk.HomeRegister, Reg: 2}, regs.RISCV64, "reg 2", "reg x2"},
		{stackwalk.Home{Kind: stackwalk.HomeRegister, Reg: 999}, regs.X86_64, "reg 999", "reg 999"},
		{stackwalk.Home{Kind: stackwalk.HomeMemory, Addr: 0x7ffe0010}, regs.X86_64, "mem 0x7ffe0010", "mem 0x7ffe0010"},
		{stackwalk.Home{Kind: stackwalk.HomeComputed}, regs.AArch64, "computed", "computed"},
		{stackwalk.Home{}, regs.AArch64, "unknown", "unknown"},
	} {
		assert.Equal(t, c.str, c.h.String())
		assert.Equal(t, c.named, c.h.Describe(c.arch))
	}
}
