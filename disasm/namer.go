package disasm

import (
	"encoding/binary"
	"strconv"
	"strings"

	"github.com/stackmaps/stackmaps/regs"
)

// Namer names call and branch targets as llvm-objdump -d does. The file
// layer implements it: elfsection, machosection and pesection each have
// a type with this method, over the file's symbols, relocations, PLT and
// stubs.
type Namer interface {
	// TargetName names target, the branch or call target of the
	// instruction of length bytes at pc in code section sec (as the
	// file's code lookup numbered it, -1 when unknown): a symbol and the
	// offset from it. It reports false when nothing names the target.
	// pc and target are addresses as the stack map's function entries
	// count them (a section offset in ELF and COFF relocatable objects).
	// It must not allocate once the file's tables are built.
	TargetName(sec int, pc, length, target uint64) (name string, off uint64, ok bool)
}

// Name names a branch target: a symbol and the offset from it, which
// llvm-objdump prints as "<sym>" or "<sym+0x10>".
type Name struct {
	Symbol string // the symbol's name as the file spells it (Mach-O: with its leading "_")
	Off    uint64 // the target's distance from the symbol
}

// Code is a function's machine code, as the file layer finds it.
type Code struct {
	// Arch is the code's architecture, and Order its byte order
	// (PowerPC has both).
	Arch  regs.Arch
	Order binary.ByteOrder

	// Bytes are the code from the function's entry to the end of the
	// section holding it, and Entry their first byte's address as the
	// stack map counts addresses.
	Bytes []byte
	Entry uint64

	// Section is the code section, as Namer numbers it (-1: unknown),
	// and Namer names targets in it (nil: targets are not named).
	Section int
	Namer   Namer
}

// name fills in in's target name, when it has a target and c a namer; pc
// is in's address.
func (c *Code) name(in *Inst, pc uint64) {
	if in.HasImm && c.Namer != nil {
		c.nameImm(in, pc)
	}
	if !in.HasTarget || c.Namer == nil {
		return
	}
	if s, off, ok := c.Namer.TargetName(c.Section, pc, uint64(in.Len), in.Target); ok {
		in.Name, in.Named = Name{Symbol: s, Off: off}, true
	}
}

// nameImm writes a movabsq's immediate in in.Text as the symbol that names
// it: in a relocatable object the symbol of the relocation inside the
// instruction (the immediate is then 0 or an addend), in a linked file a
// function symbol that starts exactly at the immediate. An immediate no
// symbol names stays a number.
func (c *Code) nameImm(in *Inst, pc uint64) {
	s, off, ok := c.Namer.TargetName(c.Section, pc, uint64(in.Len), in.Imm)
	if !ok || off != 0 || s == "" {
		return
	}
	num := "$0x" + strconv.FormatUint(in.Imm, 16) + ","
	if i := strings.Index(in.Text, num); i >= 0 {
		in.Text = in.Text[:i] + "$" + s + "," + in.Text[i+len(num):]
	}
}
