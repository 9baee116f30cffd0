package machosection

import (
	"debug/macho"

	"github.com/stackmaps/stackmaps/regs"
)

// Arch derives the architecture from a Mach-O CPU type. It returns
// regs.ArchUnknown for CPUs LLVM has no stack maps for. (It was
// regs.ArchFromMachO, which moved here so that regs imports no debug/*
// package.)
func Arch(cpu macho.Cpu) regs.Arch {
	switch cpu {
	case macho.CpuAmd64:
		return regs.X86_64
	case macho.CpuArm64:
		return regs.AArch64
	case macho.CpuPpc64:
		return regs.PPC64
	case macho.CpuPpc:
		return regs.PPC32
	}
	return regs.ArchUnknown
}
