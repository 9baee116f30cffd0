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

	// The kinds below only apply to call frame sections (classifyFrame).
	kindPC32  // S + A - P, 4 bytes
	kindPC64  // S + A - P, 8 bytes
	kindAdd8  // field += S + A, 1 byte (RISC-V)
	kindAdd16 // field += S + A, 2 bytes (RISC-V)
	kindAdd64 // field += S + A, 8 bytes (RISC-V)
	kindSub8  // field -= S + A, 1 byte (RISC-V)
	kindSub16 // field -= S + A, 2 bytes (RISC-V)
	kindSub64 // field -= S + A, 8 bytes (RISC-V)
	kindSet6  // low 6 bits = S + A (RISC-V, DW_CFA_advance_loc)
	kindSub6  // low 6 bits -= S + A (RISC-V, DW_CFA_advance_loc)
	kindSet8  // field = S + A, 1 byte (RISC-V)
	kindSet16 // field = S + A, 2 bytes (RISC-V)
)

// size returns the width of the field a kind writes.
func (k kind) size() int {
	switch k {
	case kindAbs64, kindRelative, kindGlobDat:
		return 8
	case kindAbs32, kindAdd32, kindSub32, kindPC32:
		return 4
	case kindPC64, kindAdd64, kindSub64:
		return 8
	case kindAdd16, kindSub16, kindSet16:
		return 2
	case kindAdd8, kindSub8, kindSet6, kindSub6, kindSet8:
		return 1
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

// classifyFrame maps a machine's relocation type to its kind in a call
// frame section (.eh_frame, .debug_frame) of a relocatable object: the
// PC-relative types of pc_begin fields and RISC-V's label differences in
// lengths and DW_CFA_advance_loc operands, besides what classify knows.
// The dynamic types (RELATIVE, GLOB_DAT) do not occur in objects.
func classifyFrame(m elf.Machine, t uint32) kind {
	switch m {
	case elf.EM_X86_64:
		switch elf.R_X86_64(t) {
		case elf.R_X86_64_PC32:
			return kindPC32
		case elf.R_X86_64_PC64:
			return kindPC64
		}
	case elf.EM_AARCH64:
		switch elf.R_AARCH64(t) {
		case elf.R_AARCH64_PREL32:
			return kindPC32
		case elf.R_AARCH64_PREL64:
			return kindPC64
		}
	case elf.EM_PPC64:
		switch elf.R_PPC64(t) {
		case elf.R_PPC64_REL32:
			return kindPC32
		case elf.R_PPC64_REL64:
			return kindPC64
		}
	case elf.EM_S390:
		switch elf.R_390(t) {
		case elf.R_390_PC32:
			return kindPC32
		case elf.R_390_PC64:
			return kindPC64
		}
	case elf.EM_RISCV:
		switch elf.R_RISCV(t) {
		case elf.R_RISCV_32_PCREL:
			return kindPC32
		case elf.R_RISCV_ADD8:
			return kindAdd8
		case elf.R_RISCV_ADD16:
			return kindAdd16
		case elf.R_RISCV_ADD64:
			return kindAdd64
		case elf.R_RISCV_SUB8:
			return kindSub8
		case elf.R_RISCV_SUB16:
			return kindSub16
		case elf.R_RISCV_SUB64:
			return kindSub64
		case elf.R_RISCV_SET6:
			return kindSet6
		case elf.R_RISCV_SUB6:
			return kindSub6
		case elf.R_RISCV_SET8:
			return kindSet8
		case elf.R_RISCV_SET16:
			return kindSet16
		}
	}
	switch k := classify(m, t); k {
	case kindRelative, kindGlobDat:
		return kindUnknown
	default:
		return k
	}
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
