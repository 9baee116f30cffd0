package main

import (
	"encoding/binary"
	"fmt"

	"golang.org/x/arch/arm64/arm64asm"
	"golang.org/x/arch/ppc64/ppc64asm"
	"golang.org/x/arch/riscv64/riscv64asm"
	"golang.org/x/arch/s390x/s390xasm"
	"golang.org/x/arch/x86/x86asm"

	"github.com/stackmaps/stackmaps/regs"
)

// insn is one decoded instruction.
type insn struct {
	text string // GNU (objdump) syntax
	len  int
	call bool // a call: the instruction after it is a return address
}

// decodeInsn decodes the instruction at the start of code, whose address is
// pc. It reports false when the bytes are not a valid instruction.
//
// Some golang.org/x/arch decoders (s390xasm) panic on bytes they do not
// expect; such a panic is turned into "not an instruction" so that no input
// makes the tool panic.
func decodeInsn(arch regs.Arch, order binary.ByteOrder, code []byte, pc uint64) (in insn, ok bool) {
	defer func() {
		if recover() != nil {
			in, ok = insn{}, false
		}
	}()
	return decodeArch(arch, order, code, pc)
}

// decodeArch is decodeInsn without the panic guard.
func decodeArch(arch regs.Arch, order binary.ByteOrder, code []byte, pc uint64) (insn, bool) {
	switch arch {
	case regs.X86_64:
		in, err := x86asm.Decode(code, 64)
		if err != nil {
			return insn{}, false
		}
		return insn{x86asm.GNUSyntax(in, pc, nil), in.Len, in.Op == x86asm.CALL}, true
	case regs.AArch64:
		in, err := arm64asm.Decode(code)
		if err != nil {
			return insn{}, false
		}
		return insn{arm64asm.GNUSyntax(in), 4, in.Op == arm64asm.BL || in.Op == arm64asm.BLR}, true
	case regs.PPC64, regs.PPC64LE, regs.PPC32:
		in, err := ppc64asm.Decode(code, order)
		if err != nil || in.Len == 0 {
			return insn{}, false
		}
		switch in.Op.String() {
		case "bl", "bla", "bcl", "bcla", "bclrl", "bcctrl", "bctarl":
			return insn{ppc64asm.GNUSyntax(in, pc), in.Len, true}, true
		}
		return insn{ppc64asm.GNUSyntax(in, pc), in.Len, false}, true
	case regs.RISCV64:
		in, err := riscv64asm.Decode(code)
		if err != nil || in.Len == 0 {
			return insn{}, false
		}
		call := in.Op == riscv64asm.C_JALR ||
			(in.Op == riscv64asm.JAL || in.Op == riscv64asm.JALR) && len(in.Args) > 0 && in.Args[0] == riscv64asm.X1
		return insn{riscv64asm.GNUSyntax(in), in.Len, call}, true
	case regs.S390X:
		in, err := s390xasm.Decode(code)
		if err != nil || in.Len == 0 {
			return insn{}, false
		}
		switch in.Op.String() {
		case "brasl", "bras", "basr", "bas":
			return insn{s390xasm.GNUSyntax(in, pc), in.Len, true}, true
		}
		return insn{s390xasm.GNUSyntax(in, pc), in.Len, false}, true
	}
	return insn{}, false
}

// minInsnLen is the step to skip bytes that do not decode.
func minInsnLen(arch regs.Arch) int {
	switch arch {
	case regs.X86_64:
		return 1
	case regs.RISCV64, regs.S390X:
		return 2
	}
	return 4
}

// disasmAt decodes a function's code (entry at address entry) from its
// start to the instruction at offset off, as variable-length instruction
// sets need: it returns the instruction that ends exactly at off (prev,
// when one does) and the instruction at off (at).
func disasmAt(arch regs.Arch, order binary.ByteOrder, code []byte, entry uint64, off uint32) (prev, at insn, hasPrev, hasAt bool) {
	p := 0
	for p < int(off) && p < len(code) {
		in, ok := decodeInsn(arch, order, code[p:], entry+uint64(p))
		if !ok {
			in = insn{len: minInsnLen(arch)}
		}
		if p+in.len == int(off) && ok {
			prev, hasPrev = in, true
		}
		p += in.len
	}
	if p == int(off) && p < len(code) {
		at, hasAt = decodeInsn(arch, order, code[p:], entry+uint64(p))
	}
	return prev, at, hasPrev, hasAt
}

// writeDisasm prints, under a record, the call just before it (when the
// record is at a return address) and the instruction at its address.
func writeDisasm(w *outBuf, tv *tableView, rv recordView, code *codeFile) {
	if !rv.HasAddress() {
		w.WriteString("      (no code: the record's function is unknown)\n")
		return
	}
	fi := &tv.Funcs[rv.Func]
	bytes, err := code.functionCode(tv.SD, tv.Table, fi, len(tv.Funcs))
	if err != nil {
		fmt.Fprintf(w, "      (no code: %v)\n", err)
		return
	}
	prev, at, hasPrev, hasAt := disasmAt(tv.SD.Arch, tv.SD.ByteOrder, bytes, fi.Entry, rv.InstOffset)
	if hasPrev && prev.call {
		fmt.Fprintf(w, "      call   %#x: %s\n", rv.Address-uint64(prev.len), prev.text)
	}
	if hasAt {
		fmt.Fprintf(w, "      insn   %#x: %s\n", rv.Address, at.text)
	} else {
		fmt.Fprintf(w, "      insn   %#x: (no instruction starts here)\n", rv.Address)
	}
}
