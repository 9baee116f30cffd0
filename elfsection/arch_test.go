package elfsection

import (
	"debug/elf"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/stackmaps/stackmaps/regs"
)

func TestArch(t *testing.T) {
	c64, c32 := elf.ELFCLASS64, elf.ELFCLASS32
	le, be := elf.ELFDATA2LSB, elf.ELFDATA2MSB
	cases := []struct {
		m     elf.Machine
		class elf.Class
		data  elf.Data
		want  regs.Arch
	}{
		{elf.EM_X86_64, c64, le, regs.X86_64},
		{elf.EM_AARCH64, c64, le, regs.AArch64},
		{elf.EM_PPC64, c64, be, regs.PPC64},
		{elf.EM_PPC64, c64, le, regs.PPC64LE},
		{elf.EM_PPC, c32, be, regs.PPC32},
		{elf.EM_RISCV, c64, le, regs.RISCV64},
		{elf.EM_RISCV, c32, le, regs.ArchUnknown},
		{elf.EM_S390, c64, be, regs.S390X},
		{elf.EM_S390, c32, be, regs.ArchUnknown},
		{elf.EM_MIPS, c32, be, regs.ArchUnknown},
	}
	for _, c := range cases {
		assert.Equal(t, c.want, Arch(c.m, c.class, c.data), "%v %v %v", c.m, c.class, c.data)
	}
}
