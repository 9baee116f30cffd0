package elfsection

import (
	"debug/elf"

	"github.com/stackmaps/stackmaps/regs"
)

// Arch derives the architecture from an ELF header's machine, class and
// data encoding. It returns regs.ArchUnknown for machines LLVM has no stack
// maps for. (It was regs.ArchFromELF, which moved here so that regs imports
// no debug/* package.)
func Arch(m elf.Machine, class elf.Class, data elf.Data) regs.Arch {
	switch m {
	case elf.EM_X86_64:
		return regs.X86_64
	case elf.EM_AARCH64:
		return regs.AArch64
	case elf.EM_PPC64:
		if data == elf.ELFDATA2LSB {
			return regs.PPC64LE
		}
		return regs.PPC64
	case elf.EM_PPC:
		return regs.PPC32
	case elf.EM_RISCV:
		if class == elf.ELFCLASS64 {
			return regs.RISCV64
		}
	case elf.EM_S390:
		if class == elf.ELFCLASS64 {
			return regs.S390X
		}
	}
	return regs.ArchUnknown
}
