package pesection

import (
	"debug/pe"

	"github.com/stackmaps/stackmaps/regs"
)

// Arch derives the architecture from a COFF machine type. It returns
// regs.ArchUnknown for machines LLVM has no stack maps for. (It was
// regs.ArchFromPE, which moved here so that regs imports no debug/*
// package.)
func Arch(machine uint16) regs.Arch {
	switch machine {
	case pe.IMAGE_FILE_MACHINE_AMD64:
		return regs.X86_64
	case pe.IMAGE_FILE_MACHINE_ARM64:
		return regs.AArch64
	case pe.IMAGE_FILE_MACHINE_RISCV64:
		return regs.RISCV64
	}
	return regs.ArchUnknown
}
