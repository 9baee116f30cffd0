package regs

import (
	"debug/elf"
	"debug/macho"
	"debug/pe"
	"encoding/binary"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseArchRoundTrip(t *testing.T) {
	for _, a := range Arches() {
		got, err := ParseArch(a.String())
		require.NoError(t, err)
		assert.Equal(t, a, got)
	}
	for alias, want := range map[string]Arch{"amd64": X86_64, "x86-64": X86_64, "arm64": AArch64,
		"powerpc64": PPC64, "powerpc64le": PPC64LE, "ppc": PPC32, "powerpc": PPC32,
		"riscv64gc": RISCV64, "systemz": S390X} {
		got, err := ParseArch(alias)
		require.NoError(t, err, alias)
		assert.Equal(t, want, got, alias)
	}
	_, err := ParseArch("mips")
	assert.Error(t, err)
	assert.Equal(t, "unknown", ArchUnknown.String())
	assert.Equal(t, "Arch(99)", Arch(99).String())
}

func TestArchProperties(t *testing.T) {
	assert.Equal(t, binary.ByteOrder(binary.BigEndian), PPC64.ByteOrder())
	assert.Equal(t, binary.ByteOrder(binary.BigEndian), S390X.ByteOrder())
	assert.Equal(t, binary.ByteOrder(binary.BigEndian), PPC32.ByteOrder())
	assert.Equal(t, binary.ByteOrder(binary.LittleEndian), PPC64LE.ByteOrder())
	assert.Equal(t, binary.ByteOrder(binary.LittleEndian), X86_64.ByteOrder())
	assert.Nil(t, ArchUnknown.ByteOrder())
	assert.Equal(t, 4, PPC32.PointerSize())
	assert.Equal(t, 8, RISCV64.PointerSize())
	assert.Equal(t, 0, ArchUnknown.PointerSize())
}

func TestArchFromELF(t *testing.T) {
	c64, c32 := elf.ELFCLASS64, elf.ELFCLASS32
	le, be := elf.ELFDATA2LSB, elf.ELFDATA2MSB
	cases := []struct {
		m     elf.Machine
		class elf.Class
		data  elf.Data
		want  Arch
	}{
		{elf.EM_X86_64, c64, le, X86_64},
		{elf.EM_AARCH64, c64, le, AArch64},
		{elf.EM_PPC64, c64, be, PPC64},
		{elf.EM_PPC64, c64, le, PPC64LE},
		{elf.EM_PPC, c32, be, PPC32},
		{elf.EM_RISCV, c64, le, RISCV64},
		{elf.EM_RISCV, c32, le, ArchUnknown},
		{elf.EM_S390, c64, be, S390X},
		{elf.EM_S390, c32, be, ArchUnknown},
		{elf.EM_MIPS, c32, be, ArchUnknown},
	}
	for _, c := range cases {
		assert.Equal(t, c.want, ArchFromELF(c.m, c.class, c.data), "%v %v %v", c.m, c.class, c.data)
	}
}

func TestArchFromMachOAndPE(t *testing.T) {
	assert.Equal(t, X86_64, ArchFromMachO(macho.CpuAmd64))
	assert.Equal(t, AArch64, ArchFromMachO(macho.CpuArm64))
	assert.Equal(t, PPC64, ArchFromMachO(macho.CpuPpc64))
	assert.Equal(t, PPC32, ArchFromMachO(macho.CpuPpc))
	assert.Equal(t, ArchUnknown, ArchFromMachO(macho.Cpu386))
	assert.Equal(t, X86_64, ArchFromPE(pe.IMAGE_FILE_MACHINE_AMD64))
	assert.Equal(t, AArch64, ArchFromPE(pe.IMAGE_FILE_MACHINE_ARM64))
	assert.Equal(t, RISCV64, ArchFromPE(pe.IMAGE_FILE_MACHINE_RISCV64))
	assert.Equal(t, ArchUnknown, ArchFromPE(pe.IMAGE_FILE_MACHINE_I386))
}
