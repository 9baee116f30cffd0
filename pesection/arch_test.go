package pesection

import (
	"debug/pe"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/stackmaps/stackmaps/regs"
)

func TestArch(t *testing.T) {
	assert.Equal(t, regs.X86_64, Arch(pe.IMAGE_FILE_MACHINE_AMD64))
	assert.Equal(t, regs.AArch64, Arch(pe.IMAGE_FILE_MACHINE_ARM64))
	assert.Equal(t, regs.RISCV64, Arch(pe.IMAGE_FILE_MACHINE_RISCV64))
	assert.Equal(t, regs.ArchUnknown, Arch(pe.IMAGE_FILE_MACHINE_I386))
}
