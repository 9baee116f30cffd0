package stackmap

import (
	"fmt"
	"strconv"

	"github.com/stackmaps/stackmaps/regs"
)

// Kind says how a location holds its value.
type Kind uint8

// The location kinds.
const (
	// Register: the value is in register Reg.
	Register Kind = 1
	// Direct: the value is the address Reg + Offset (a frame slot such as an
	// alloca).
	Direct Kind = 2
	// Indirect: the value is loaded from memory at Reg + Offset (a spill
	// slot).
	Indirect Kind = 3
	// Constant: the value is Offset, a signed 32-bit constant.
	Constant Kind = 4
	// ConstantIndex: the value is entry Offset of the constants table.
	ConstantIndex Kind = 5
)

var kindNames = [...]string{
	Register:      "Register",
	Direct:        "Direct",
	Indirect:      "Indirect",
	Constant:      "Constant",
	ConstantIndex: "ConstantIndex",
}

// String returns the kind's name as LLVM spells it ("Register", "Direct",
// "Indirect", "Constant", "ConstantIndex").
func (k Kind) String() string {
	if k >= Register && k <= ConstantIndex {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", uint8(k))
}

// Valid reports whether k is one of the five kinds.
func (k Kind) Valid() bool { return k >= Register && k <= ConstantIndex }

// Location says where one live value is. It is decoded by value from the
// section's bytes; its four fields fit in registers. The version 3
// layout's reserved fields are read with Record.LocationReserved.
type Location struct {
	Kind   Kind   // how the value is held
	Size   uint16 // size of the value in bytes
	Reg    uint16 // DWARF register number (Register, Direct, Indirect)
	Offset int32  // Direct/Indirect: offset from Reg; Constant: the value; ConstantIndex: the index
}

// SmallConstant returns a Constant location's value, sign-extended from 32
// bits (LLVM stores -1 as 0xFFFFFFFF).
func (l Location) SmallConstant() int64 { return int64(l.Offset) }

// ConstantIndex returns a ConstantIndex location's index into the constants
// table.
func (l Location) ConstantIndex() int { return int(uint32(l.Offset)) }

// InRegister reports whether the location names a register: Register,
// Direct and Indirect do; constants do not.
func (l Location) InRegister() bool {
	return l.Kind == Register || l.Kind == Direct || l.Kind == Indirect
}

// String describes the location as llvm-readobj --stackmap does, with
// DWARF register numbers: "Register R#3, size: 8", "Direct R#7 + -16,
// size: 8", "Indirect [R#6 + 16], size: 8", "Constant 5, size: 8",
// "ConstantIndex #0, size: 8" (a Constant's 32 bits read unsigned, as
// llvm-readobj prints them: -1 is 4294967295; SmallConstant sign-extends).
// Describe names the registers.
func (l Location) String() string { return l.describe(regs.Arch(0), false) }

// Describe is String with the registers named as regs names them on arch
// (regs.DisplayName: the part of the register that holds the value for a
// Register location, the full register for a base): "Register eax, size:
// 4", "Indirect [rsp + 8], size: 8".
func (l Location) Describe(arch regs.Arch) string { return l.describe(arch, true) }

func (l Location) describe(arch regs.Arch, named bool) string {
	reg := func(size int) string {
		if named {
			return regs.DisplayName(arch, l.Reg, size)
		}
		return "R#" + strconv.Itoa(int(l.Reg))
	}
	var what string
	switch l.Kind {
	case Register:
		what = "Register " + reg(int(l.Size))
	case Direct:
		what = fmt.Sprintf("Direct %s + %d", reg(0), l.Offset)
	case Indirect:
		what = fmt.Sprintf("Indirect [%s + %d]", reg(0), l.Offset)
	case Constant:
		what = "Constant " + strconv.FormatUint(uint64(uint32(l.Offset)), 10) // as llvm-readobj: unsigned
	case ConstantIndex:
		what = "ConstantIndex #" + strconv.Itoa(l.ConstantIndex())
	default:
		what = fmt.Sprintf("%v R#%d + %d", l.Kind, l.Reg, l.Offset)
	}
	return what + ", size: " + strconv.Itoa(int(l.Size))
}

// LiveOut names a register that is live across a patchpoint.
type LiveOut struct {
	Reg      uint16 // DWARF register number
	Reserved uint8  // zero in everything LLVM writes
	Size     uint8  // bytes of the register that are live
}
