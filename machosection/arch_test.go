package machosection

import (
	"debug/macho"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/stackmaps/stackmaps/regs"
)

func TestArch(t *testing.T) {
	assert.Equal(t, regs.X86_64, Arch(macho.CpuAmd64))
	assert.Equal(t, regs.AArch64, Arch(macho.CpuArm64))
	assert.Equal(t, regs.PPC64, Arch(macho.CpuPpc64))
	assert.Equal(t, regs.PPC32, Arch(macho.CpuPpc))
	assert.Equal(t, regs.ArchUnknown, Arch(macho.Cpu386))
}
