package elfsection

import (
	"debug/elf"
	"strconv"
)

// kind is what a relocation type does to the field it applies to, for the
// types that can apply to a stack map section or a PowerPC .opd entry.
type kind uint8

const (
	kindUnknown  kind = iota // not a type this package applies
	kindNone                 // R_*_NONE: nothing
	kindAbs64                // S + A, 8 bytes
	kindAbs32                // S + A, 4 bytes
	kindRelative             // B + A (B = 0 at link time), 8 bytes
	kindGlobDat              // S (+ A), 8 bytes
	kindAdd32                // field += S + A, 4 bytes (RISC-V)
	kindSub32                // field -= S + A, 4 bytes (RISC-V)
	kindIgnored              // a type that never touches an address field (RISC-V R_RISCV_RELAX, ppc64 R_PPC64_TOC)
)

// size returns the width of the field a kind writes.
func (k kind) size() int {
	switch k {
	case kindAbs64, kindRelative, kindGlobDat:
		return 8
	case kindAbs32, kindAdd32, kindSub32:
		return 4
	}
	return 0
}

// classify maps a machine's relocation type to its kind.
func classify(m elf.Machine, t uint32) kind {
	if t == 0 {
		return kindNone // R_*_NONE is 0 on every machine
	}
	switch m {
	case elf.EM_X86_64:
		switch elf.R_X86_64(t) {
		case elf.R_X86_64_64:
			return kindAbs64
		case elf.R_X86_64_32, elf.R_X86_64_32S:
			return kindAbs32
		case elf.R_X86_64_RELATIVE:
			return kindRelative
		case elf.R_X86_64_GLOB_DAT:
			return kindGlobDat
		}
	case elf.EM_AARCH64:
		switch elf.R_AARCH64(t) {
		case elf.R_AARCH64_ABS64:
			return kindAbs64
		case elf.R_AARCH64_ABS32:
			return kindAbs32
		case elf.R_AARCH64_RELATIVE:
			return kindRelative
		case elf.R_AARCH64_GLOB_DAT:
			return kindGlobDat
		}
	case elf.EM_PPC64:
		switch elf.R_PPC64(t) {
		case elf.R_PPC64_ADDR64, elf.R_PPC64_UADDR64:
			return kindAbs64
		case elf.R_PPC64_ADDR32, elf.R_PPC64_UADDR32:
			return kindAbs32
		case elf.R_PPC64_RELATIVE:
			return kindRelative
		case elf.R_PPC64_GLOB_DAT:
			return kindGlobDat
		case elf.R_PPC64_TOC:
			return kindIgnored
		}
	case elf.EM_PPC:
		switch elf.R_PPC(t) {
		case elf.R_PPC_ADDR32, elf.R_PPC_UADDR32:
			return kindAbs32
		case elf.R_PPC_GLOB_DAT:
			return kindGlobDat
		}
	case elf.EM_S390:
		switch elf.R_390(t) {
		case elf.R_390_64:
			return kindAbs64
		case elf.R_390_32:
			return kindAbs32
		case elf.R_390_RELATIVE:
			return kindRelative
		case elf.R_390_GLOB_DAT:
			return kindGlobDat
		}
	case elf.EM_RISCV:
		switch elf.R_RISCV(t) {
		case elf.R_RISCV_64:
			return kindAbs64
		case elf.R_RISCV_32, elf.R_RISCV_SET32:
			return kindAbs32
		case elf.R_RISCV_RELATIVE:
			return kindRelative
		case elf.R_RISCV_ADD32:
			return kindAdd32
		case elf.R_RISCV_SUB32:
			return kindSub32
		case elf.R_RISCV_RELAX:
			return kindIgnored
		}
	}
	return kindUnknown
}

// typeName names a relocation type for error messages.
func typeName(m elf.Machine, t uint32) string {
	switch m {
	case elf.EM_X86_64:
		return elf.R_X86_64(t).String()
	case elf.EM_AARCH64:
		return elf.R_AARCH64(t).String()
	case elf.EM_PPC64:
		return elf.R_PPC64(t).String()
	case elf.EM_PPC:
		return elf.R_PPC(t).String()
	case elf.EM_S390:
		return elf.R_390(t).String()
	case elf.EM_RISCV:
		return elf.R_RISCV(t).String()
	}
	return "type " + strconv.FormatUint(uint64(t), 10)
}
