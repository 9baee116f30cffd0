// Package disasm decodes the machine code around LLVM stack map records:
// the instruction at a record's address and, when the record sits at a
// return address, the call just before it, with call and branch targets
// named as llvm-objdump-22 -d names them.
//
// It is the only package of the module that imports golang.org/x/arch,
// so that programs which do not disassemble do not pull it in. It knows
// no object file format: a caller hands it a function's code bytes, the
// address they start at and the architecture (Code), and names targets
// through a Namer that the file layer (elfsection, machosection,
// pesection) implements.
//
// Instruction text is x/arch's GNU syntax (as GNU objdump prints it), with
// RISC-V registers under their ABI names (ra, a0, fs0) as llvm-objdump
// prints them.
package disasm

import (
	"encoding/binary"
	"strings"

	"golang.org/x/arch/arm64/arm64asm"
	"golang.org/x/arch/ppc64/ppc64asm"
	"golang.org/x/arch/riscv64/riscv64asm"
	"golang.org/x/arch/s390x/s390xasm"
	"golang.org/x/arch/x86/x86asm"

	"github.com/stackmaps/stackmaps/regs"
)

// Inst is one decoded instruction.
type Inst struct {
	// Text is the instruction in GNU (objdump) syntax.
	Text string
	// Len is the instruction's length in bytes.
	Len int
	// Call says the instruction is a call: the one after it is at a
	// return address.
	Call bool

	// Target is the target of a pc-relative branch or call (x86_64,
	// AArch64), when HasTarget is set.
	Target    uint64
	HasTarget bool
	// PCRel says the text depends on the instruction's address (x86_64:
	// a pc-relative operand).
	PCRel bool

	// Name names Target, when Named is set (see Namer): Site fills it in
	// for the instructions it returns.
	Name  Name
	Named bool

	// Imm is the 64-bit immediate of an x86_64 movabsq (mov r64, imm64:
	// how LLVM loads a patchpoint's target), when HasImm is set. Site
	// writes it in Text as the symbol a relocation inside the instruction
	// names (llvm-objdump -dr's R_X86_64_64 rt_target), when one does.
	Imm    uint64
	HasImm bool
}

// Decode decodes the instruction at the start of code, whose address is
// pc, for the architecture arch (order is the byte order of the code,
// read by the PowerPC decoder). It reports false when the bytes are not a
// valid instruction. Decode does not name the target (Name is empty).
//
// Some golang.org/x/arch decoders (s390xasm) panic on bytes they do not
// expect; such a panic is turned into "not an instruction": no input
// makes Decode panic.
func Decode(arch regs.Arch, order binary.ByteOrder, code []byte, pc uint64) (Inst, bool) {
	return decode(arch, order, code, pc, true)
}

// decode is Decode, formatting the text only when text is set: walking a
// function to an instruction needs lengths alone.
func decode(arch regs.Arch, order binary.ByteOrder, code []byte, pc uint64, text bool) (in Inst, ok bool) {
	defer func() {
		if recover() != nil {
			in, ok = Inst{}, false
		}
	}()
	return decodeArch(arch, order, code, pc, text)
}

// decodeArch is decode without the panic guard.
func decodeArch(arch regs.Arch, order binary.ByteOrder, code []byte, pc uint64, text bool) (Inst, bool) {
	switch arch {
	case regs.X86_64:
		if !text {
			if n, call, ok := x86Len(code); ok {
				return Inst{Len: n, Call: call}, true
			}
		}
		in, err := x86asm.Decode(code, 64)
		if err != nil {
			return Inst{}, false
		}
		i := Inst{Len: in.Len, Call: in.Op == x86asm.CALL}
		if text {
			i.Text = x86asm.GNUSyntax(in, pc, nil)
			if imm, ok := in.Args[1].(x86asm.Imm); ok && in.Op == x86asm.MOV && in.Len == 10 {
				// REX.W B8+r imm64, which GNU syntax prints as mov.
				i.Imm, i.HasImm = uint64(imm), true
				i.Text = "movabsq" + strings.TrimPrefix(i.Text, "mov")
			}
			if r, ok := in.Args[0].(x86asm.Rel); ok {
				i.Target, i.HasTarget = pc+uint64(in.Len)+uint64(int64(r)), true
			}
			for _, a := range in.Args {
				if _, ok := a.(x86asm.Rel); ok {
					i.PCRel = true
				}
			}
		}
		return i, true
	case regs.AArch64:
		in, err := arm64asm.Decode(code)
		if err != nil {
			return Inst{}, false
		}
		i := Inst{Len: 4, Call: in.Op == arm64asm.BL || in.Op == arm64asm.BLR}
		if text {
			i.Text = arm64asm.GNUSyntax(in)
			if r, ok := in.Args[0].(arm64asm.PCRel); ok {
				i.Target, i.HasTarget = pc+uint64(int64(r)), true
			}
		}
		return i, true
	case regs.PPC64, regs.PPC64LE, regs.PPC32:
		in, err := ppc64asm.Decode(code, order)
		if err != nil || in.Len == 0 {
			return Inst{}, false
		}
		i := Inst{Len: in.Len}
		switch in.Op.String() {
		case "bl", "bla", "bcl", "bcla", "bclrl", "bcctrl", "bctarl":
			i.Call = true
		}
		if text {
			i.Text = ppc64asm.GNUSyntax(in, pc)
		}
		return i, true
	case regs.RISCV64:
		in, err := riscv64asm.Decode(code)
		if err != nil || in.Len == 0 {
			return Inst{}, false
		}
		call := in.Op == riscv64asm.C_JALR ||
			(in.Op == riscv64asm.JAL || in.Op == riscv64asm.JALR) && len(in.Args) > 0 && in.Args[0] == riscv64asm.X1
		i := Inst{Len: in.Len, Call: call}
		if text {
			i.Text = riscvABINames(riscv64asm.GNUSyntax(in))
		}
		return i, true
	case regs.S390X:
		in, err := s390xasm.Decode(code)
		if err != nil || in.Len == 0 {
			return Inst{}, false
		}
		i := Inst{Len: in.Len}
		switch in.Op.String() {
		case "brasl", "bras", "basr", "bas":
			i.Call = true
		}
		if text {
			i.Text = s390xasm.GNUSyntax(in, pc)
		}
		return i, true
	}
	return Inst{}, false
}

// minInstLen is the step to skip bytes that do not decode.
func minInstLen(arch regs.Arch) int {
	switch arch {
	case regs.X86_64:
		return 1
	case regs.RISCV64, regs.S390X:
		return 2
	}
	return 4
}
