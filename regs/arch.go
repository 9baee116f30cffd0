package regs

import (
	"encoding/binary"
	"fmt"
)

// Arch identifies a target architecture whose stack maps this module can
// decode. The zero value is ArchUnknown.
type Arch uint8

// The architectures LLVM emits stack maps for.
const (
	ArchUnknown Arch = iota
	X86_64           // x86-64 (AMD64)
	AArch64          // 64-bit ARM (arm64)
	PPC64            // 64-bit PowerPC, big-endian (ELFv1 by default)
	PPC64LE          // 64-bit PowerPC, little-endian (ELFv2)
	PPC32            // 32-bit PowerPC, big-endian
	RISCV64          // 64-bit RISC-V
	S390X            // IBM Z
)

var archNames = [...]string{
	ArchUnknown: "unknown",
	X86_64:      "x86_64",
	AArch64:     "aarch64",
	PPC64:       "ppc64",
	PPC64LE:     "ppc64le",
	PPC32:       "ppc32",
	RISCV64:     "riscv64",
	S390X:       "s390x",
}

// String returns the architecture's conventional lowercase name, as accepted
// by ParseArch: "x86_64", "aarch64", "ppc64", "ppc64le", "ppc32", "riscv64",
// "s390x" (or "unknown").
func (a Arch) String() string {
	if int(a) < len(archNames) {
		return archNames[a]
	}
	return fmt.Sprintf("Arch(%d)", uint8(a))
}

// Arches lists every known architecture, in declaration order.
func Arches() []Arch {
	return []Arch{X86_64, AArch64, PPC64, PPC64LE, PPC32, RISCV64, S390X}
}

// ParseArch returns the architecture with the given name. Besides the names
// String returns it accepts common aliases: "amd64", "x86-64", "arm64",
// "powerpc64", "powerpc64le", "ppc", "powerpc", "riscv64gc".
func ParseArch(name string) (Arch, error) {
	switch name {
	case "x86_64", "amd64", "x86-64":
		return X86_64, nil
	case "aarch64", "arm64":
		return AArch64, nil
	case "ppc64", "powerpc64":
		return PPC64, nil
	case "ppc64le", "powerpc64le":
		return PPC64LE, nil
	case "ppc32", "ppc", "powerpc":
		return PPC32, nil
	case "riscv64", "riscv64gc":
		return RISCV64, nil
	case "s390x", "systemz":
		return S390X, nil
	}
	return ArchUnknown, fmt.Errorf("regs: unknown architecture \"%s\"", name)
}

// ByteOrder returns the architecture's byte order (nil for ArchUnknown).
func (a Arch) ByteOrder() binary.ByteOrder {
	switch a {
	case PPC64, PPC32, S390X:
		return binary.BigEndian
	case ArchUnknown:
		return nil
	}
	return binary.LittleEndian
}

// PointerSize returns the size of a pointer in bytes (0 for ArchUnknown).
func (a Arch) PointerSize() int {
	switch a {
	case PPC32:
		return 4
	case ArchUnknown:
		return 0
	}
	return 8
}
