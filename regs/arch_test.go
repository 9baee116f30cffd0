package regs

import (
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
